/**
 * The files shipped in assets/ (fonts, ICC profile; see assets/README.md). Found by walking up from this
 * module, so the lookup works from the sources and from a bundle in dist/ alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null | undefined;

function assetsRoot(): string | null {
  if (root !== undefined) return root;
  root = null;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'assets');
    if (existsSync(path.join(candidate, 'README.md'))) {
      root = candidate;
      break;
    }
    dir = path.dirname(dir);
  }
  return root;
}

const cache = new Map<string, Uint8Array>();

/** The bytes of `assets/<relative>`, or null when the assets folder or the file is missing. */
export function readAsset(relative: string): Uint8Array | null {
  const hit = cache.get(relative);
  if (hit) return hit;
  const dir = assetsRoot();
  if (!dir) return null;
  try {
    const bytes = new Uint8Array(readFileSync(path.join(dir, relative)));
    cache.set(relative, bytes);
    return bytes;
  } catch {
    return null;
  }
}
