/** Command-line inputs: FILE or DIR arguments expanded to files, and files read into request parts. */
import { closeSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorCode } from '../../core/api/errors';
import { fileTooLarge, MAX_UPLOAD_BYTES } from '../../core/service/request';
import type { FilePart } from '../../core/service/types';

export type Loaded<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly message: string;
      /** The error code of the refusal (`invalid_data_format` when not given). */
      readonly code?: ErrorCode;
    };

const reason = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : String(error);
};

/**
 * A file as a request part; one larger than the services accept is refused without being read. Read
 * without libuv's thread pool: a batch reads its files on the main thread, between the documents that
 * thread answers (run-one.ts), and the pool's way costs a hand-over between threads for each of open,
 * stat, read and close (a wait of its own on a busy machine) for a file of a few dozen kilobytes.
 */
export function readPart(file: string): Loaded<FilePart> {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    if (fstatSync(fd).size > MAX_UPLOAD_BYTES) {
      return { ok: false, code: 'file_too_large', message: `${file}: ${fileTooLarge('en').body.message}` };
    }
    const read = readFileSync(fd);
    return {
      ok: true,
      value: {
        filename: path.basename(file),
        bytes: new Uint8Array(read.buffer, read.byteOffset, read.length),
      },
    };
  } catch (error) {
    return { ok: false, message: `cannot read ${file}: ${reason(error)}` };
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

export function readText(file: string): Loaded<string> {
  const part = readPart(file);
  return part.ok ? { ok: true, value: Buffer.from(part.value.bytes).toString('utf8') } : part;
}

/** Whether a path is a folder, asked synchronously for the reason readPart says. */
export const isDirectory = (p: string): boolean => {
  try {
    return statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
};

/**
 * Each argument as given, a folder replaced by its files with one of `extensions`, sorted by name.
 * `batch` is true when a folder or several arguments were given.
 */
export async function expandInputs(
  args: readonly string[],
  extensions: readonly string[],
): Promise<{ files: string[]; batch: boolean }> {
  const files: string[] = [];
  let folders = 0;
  for (const arg of args) {
    if (!isDirectory(arg)) {
      files.push(arg);
      continue;
    }
    folders += 1;
    const entries = await readdir(arg, { withFileTypes: true });
    files.push(
      ...entries
        .filter((e) => e.isFile() && extensions.includes(path.extname(e.name).toLowerCase()))
        .map((e) => e.name)
        .sort()
        .map((name) => path.join(arg, name)),
    );
  }
  return { files, batch: folders > 0 || args.length > 1 };
}

/**
 * Whether a flag's path is a folder, asked once per path in a run: a batch pairs each of its inputs with
 * the same flag (a file-system call a file saved).
 */
const flagFolders = new Map<string, boolean>();

/** `--cii DIR` / `--invoice-data DIR`: the file of `input`'s base name with `extension` in that folder. */
export function pairedPath(flag: string, input: string, extension: string): string {
  let folder = flagFolders.get(flag);
  if (folder === undefined) flagFolders.set(flag, (folder = isDirectory(flag)));
  if (!folder) return flag;
  return path.join(flag, `${path.basename(input, path.extname(input))}${extension}`);
}
