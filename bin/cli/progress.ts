/**
 * The batch progress bar on stderr, drawn only when stderr is a terminal: files done of all, the rate, and
 * an estimate of the time left from the pace so far. Lines printed meanwhile go above it.
 */
export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

export interface Progress {
  /** `done` files of the batch are finished, the last one `label`. */
  update(done: number, label: string): void;
  /** Prints a line above the bar. */
  line(text: string): void;
  /** Removes the bar. */
  end(): void;
}

const WIDTH = 24;

function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60
    ? `${m}m${String(s % 60).padStart(2, '0')}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** The bar's text for `done` of `total` after `elapsedMs`. */
export function progressText(done: number, total: number, elapsedMs: number, label: string): string {
  const filled = Math.round((done / total) * WIDTH);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}`;
  const pace =
    done > 0 && elapsedMs > 0
      ? ` ${((done * 1000) / elapsedMs).toFixed(1)}/s, ${duration(((total - done) * elapsedMs) / done / 1000)} left`
      : '';
  return `[${bar}] ${done}/${total}${pace} ${label}`;
}

export function progressBar(
  total: number,
  stream: ProgressStream = process.stderr,
  clock: () => number = () => performance.now(),
): Progress {
  const shown = stream.isTTY === true && total > 1;
  const started = clock();
  let drawn = '';
  const clear = () => {
    if (drawn) stream.write('\r\x1b[2K');
    drawn = '';
  };
  const draw = (text: string) => {
    // A terminal that does not tell its width (0) is taken as 80 columns wide.
    drawn = text.slice(0, (stream.columns || 80) - 1);
    stream.write(`\r\x1b[2K${drawn}`);
  };
  return {
    update(done, label) {
      if (shown) draw(progressText(done, total, clock() - started, label));
    },
    line(text) {
      const last = drawn;
      clear();
      stream.write(text.endsWith('\n') ? text : `${text}\n`);
      if (last) draw(last);
    },
    end: () => {
      if (shown) clear();
    },
  };
}
