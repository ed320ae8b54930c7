/**
 * The server's store: the memory store's state persisted as one JSON file in the data directory.
 * Changes are serialized and written atomically (temporary file, then rename); a change made by another
 * process (`facturx keys create` while the server runs) is picked up on the next access.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { emptyState, MemoryStorage, type StoreState } from '../core/service/memory-storage';

export const STORE_FILE = 'store.json';

async function stampOf(file: string): Promise<string> {
  try {
    const s = await stat(file);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return 'absent';
  }
}

async function load(file: string): Promise<StoreState> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
    throw error;
  }
  // A damaged store must stop the server, not be silently replaced by an empty one.
  return { ...emptyState(), ...(JSON.parse(text) as Partial<StoreState>) };
}

export class FileStorage extends MemoryStorage {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: string,
    state: StoreState,
    private stamp: string,
  ) {
    super(state);
  }

  /** Opens (or starts) the store of a data directory. */
  static async open(dataDir: string): Promise<FileStorage> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(dataDir, STORE_FILE);
    const stamp = await stampOf(file);
    return new FileStorage(file, await load(file), stamp);
  }

  private async refresh(): Promise<void> {
    const stamp = await stampOf(this.file);
    if (stamp === this.stamp) return;
    this.state = await load(this.file);
    this.stamp = stamp;
  }

  private async persist(): Promise<void> {
    const temporary = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, `${JSON.stringify(this.state, null, 1)}\n`, { mode: 0o600 });
    await rename(temporary, this.file);
    this.stamp = await stampOf(this.file);
  }

  protected override async read<T>(fn: (state: StoreState) => T): Promise<T> {
    await this.queue;
    await this.refresh();
    return fn(this.state);
  }

  protected override write<T>(fn: (state: StoreState) => T): Promise<T> {
    const run = this.queue.then(async () => {
      await this.refresh();
      const result = fn(this.state);
      await this.persist();
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every change asked so far is on disk. */
  async flush(): Promise<void> {
    await this.queue;
  }
}
