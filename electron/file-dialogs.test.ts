import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  chosen: { canceled: false, filePaths: [] as string[] },
  options: [] as unknown[],
}));

vi.mock('electron', () => ({
  dialog: {
    showOpenDialog: async (...args: unknown[]) => {
      electron.options.push(args.at(-1));
      return electron.chosen;
    },
  },
}));

const { saveToFolder } = await import('./file-dialogs');

let folder = '';
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'facturx-export-'));
  electron.options.length = 0;
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const bytes = (text: string) => new TextEncoder().encode(text);

describe('saveToFolder', () => {
  it('writes every file into the chosen folder, never over one already there', async () => {
    await writeFile(path.join(folder, 'a.pdf'), 'mine');
    electron.chosen = { canceled: false, filePaths: [folder] };

    const result = await saveToFolder(null, [
      { filename: 'a.pdf', bytes: bytes('export a') },
      { filename: 'b.xml', bytes: bytes('export b') },
      { filename: 'b.xml', bytes: bytes('export b again') },
    ]);

    expect(result).toEqual({ saved: true, folder, filenames: ['a (2).pdf', 'b.xml', 'b (2).xml'] });
    expect((await readdir(folder)).sort()).toEqual(['a (2).pdf', 'a.pdf', 'b (2).xml', 'b.xml']);
    expect(await readFile(path.join(folder, 'a.pdf'), 'utf8')).toBe('mine');
    expect(await readFile(path.join(folder, 'b (2).xml'), 'utf8')).toBe('export b again');
    expect(electron.options).toEqual([{ properties: ['openDirectory', 'createDirectory'] }]);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    electron.chosen = { canceled: true, filePaths: [] };
    expect(await saveToFolder(null, [{ filename: 'a.pdf', bytes: bytes('x') }])).toEqual({ saved: false });
  });
});
