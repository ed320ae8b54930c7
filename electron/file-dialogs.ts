import { dialog, type BrowserWindow, type FileFilter, type OpenDialogOptions } from 'electron';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  BridgeFile,
  FileDialogKind,
  SaveFileResult,
  SaveToFolderResult,
} from '../core/bridge/facturx-bridge';
import { uniqueNames } from '../core/export/stored-zip';
import { maxFileBytes } from './ipc-input';

const filters: Record<FileDialogKind, FileFilter[]> = {
  invoice: [{ name: 'PDF, XML', extensions: ['pdf', 'xml'] }],
  pdf: [{ name: 'PDF', extensions: ['pdf'] }],
  xml: [{ name: 'XML', extensions: ['xml'] }],
};

const mediaTypes: Record<string, string> = { '.pdf': 'application/pdf', '.xml': 'application/xml' };

/** Reads a chosen file, or leaves it out when it is too large to hand to the page. */
async function readChosen(file: string): Promise<BridgeFile[]> {
  if ((await stat(file)).size > maxFileBytes) return [];
  const mediaType = mediaTypes[path.extname(file).toLowerCase()];
  const bytes = new Uint8Array(await readFile(file));
  return [{ filename: path.basename(file), bytes, ...(mediaType ? { mediaType } : {}) }];
}

/** Native open dialog; the page receives the files' contents, never their paths. */
export async function openFiles(parent: BrowserWindow | null, kind: FileDialogKind): Promise<BridgeFile[]> {
  const options: OpenDialogOptions = { properties: ['openFile', 'multiSelections'], filters: filters[kind] };
  const chosen = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  if (chosen.canceled) return [];
  return (await Promise.all(chosen.filePaths.map(readChosen))).flat();
}

/** Native save dialog, then writes the bytes where the user chose. */
export async function saveFile(parent: BrowserWindow | null, file: BridgeFile): Promise<SaveFileResult> {
  const options = { defaultPath: file.filename };
  const chosen = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (chosen.canceled || !chosen.filePath) return { saved: false };
  await writeFile(chosen.filePath, file.bytes);
  return { saved: true, path: chosen.filePath };
}

/**
 * Native folder dialog, then writes each file into the chosen folder. A name already taken there (or
 * twice in the export) gets ` (2)`, ` (3)`…; nothing already in the folder is overwritten.
 */
export async function saveToFolder(
  parent: BrowserWindow | null,
  files: readonly BridgeFile[],
): Promise<SaveToFolderResult> {
  const options: OpenDialogOptions = { properties: ['openDirectory', 'createDirectory'] };
  const chosen = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  const folder = chosen.filePaths[0];
  if (chosen.canceled || !folder) return { saved: false };
  const present = await readdir(folder);
  const filenames = uniqueNames([...present, ...files.map((file) => file.filename)]).slice(present.length);
  for (const [i, file] of files.entries()) {
    await writeFile(path.join(folder, filenames[i]!), file.bytes, { flag: 'wx' });
  }
  return { saved: true, folder, filenames };
}
