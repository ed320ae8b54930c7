import { describe, expect, it } from 'vitest';
import { progressBar, progressText } from './progress';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, columns: 100, write: (t: string) => written.push(t), written };
}

describe('batch progress bar', () => {
  it('shows counts, the pace and an estimate of the time left', () => {
    expect(progressText(0, 10, 0, 'a.pdf')).toBe('[------------------------] 0/10 a.pdf');
    expect(progressText(5, 20, 10_000, 'e.pdf')).toBe(
      '[######------------------] 5/20 0.5/s, 30s left e.pdf',
    );
    expect(progressText(30, 220, 60_000, 'x.pdf')).toContain('30/220 0.5/s, 6m20s left');
  });

  it('is drawn on a terminal, lines going above it, and removed at the end', () => {
    let now = 0;
    const tty = stream(true);
    const bar = progressBar(4, tty, () => now);
    now = 2000;
    bar.update(1, 'a.pdf');
    bar.line('a.pdf: valid');
    bar.end();
    const text = tty.written.join('');
    expect(text).toContain('[######------------------] 1/4 0.5/s, 6s left a.pdf');
    expect(text).toContain('a.pdf: valid\n');
    // The line goes above a redrawn bar, and the bar is wiped at the end.
    expect(text.lastIndexOf('1/4')).toBeGreaterThan(text.indexOf('a.pdf: valid'));
    expect(text.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('draws nothing when stderr is not a terminal: only the lines', () => {
    const pipe = stream(false);
    const bar = progressBar(4, pipe);
    bar.update(1, 'a.pdf');
    bar.line('a.pdf: valid');
    bar.end();
    expect(pipe.written.join('')).toBe('a.pdf: valid\n');
  });
});
