import { err } from './io';

/**
 * Resolves on the first SIGINT or SIGTERM, saying what is being finished (`finishing`); a second
 * signal means the operator will not wait, and stops the process at once.
 */
export function untilStopped(finishing: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      err(`${signal}: ${finishing} (signal again to stop at once)`);
      const force = () => process.exit(1);
      process.once('SIGINT', force);
      process.once('SIGTERM', force);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
