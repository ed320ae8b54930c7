/**
 * Dev-time tool, run by hand when assets/icon.svg changes:
 *   npx tsx bin/dev/generate-icons.ts
 * Writes assets/icon.png (desktop window and installers) and assets/favicon.ico (the web interface).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderAppIcons } from './app-icons';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');
const icons = await renderAppIcons(readFileSync(path.join(assets, 'icon.svg'), 'utf8'));
writeFileSync(path.join(assets, 'icon.png'), icons.png);
writeFileSync(path.join(assets, 'favicon.ico'), icons.ico);
console.log(`assets/icon.png: ${icons.png.length} bytes; assets/favicon.ico: ${icons.ico.length} bytes`);
