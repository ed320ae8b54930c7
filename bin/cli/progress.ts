/** A one-line progress bar on stderr, drawn only when stderr is a terminal. */
export function progressBar(total: number): { tick(done: number, label: string): void; end(): void } {
  const shown = process.stderr.isTTY === true && total > 1;
  const width = 24;
  return {
    tick(done, label) {
      if (!shown) return;
      const filled = Math.round((done / total) * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      process.stderr.write(
        `\r\x1b[2K[${bar}] ${done}/${total} ${label}`.slice(0, (process.stderr.columns ?? 80) + 8),
      );
    },
    end() {
      if (shown) process.stderr.write('\r\x1b[2K');
    },
  };
}
