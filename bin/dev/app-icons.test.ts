import { createCanvas, loadImage } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ICON_SIZE, FAVICON_SIZES, icoOf, readIco, renderAppIcons } from './app-icons';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');
const committed = (name: string) => readFileSync(path.join(assets, name));

async function pixels(png: Uint8Array): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    data: context.getImageData(0, 0, image.width, image.height).data,
  };
}

/** The largest difference of any channel of any pixel: a renderer update may move edges by a shade. */
async function largestDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [left, right] = await Promise.all([pixels(a), pixels(b)]);
  expect([left.width, left.height]).toEqual([right.width, right.height]);
  let largest = 0;
  for (let i = 0; i < left.data.length; i++)
    largest = Math.max(largest, Math.abs(left.data[i]! - right.data[i]!));
  return largest;
}

describe('application icons', () => {
  it('are the drawing of assets/icon.svg (else run bin/dev/generate-icons.ts)', async () => {
    const fresh = await renderAppIcons(committed('icon.svg').toString('utf8'));
    expect(await largestDifference(committed('icon.png'), fresh.png)).toBeLessThanOrEqual(16);
    const written = readIco(committed('favicon.ico'));
    const drawn = readIco(fresh.ico);
    expect(written.map((image) => image.size)).toEqual(drawn.map((image) => image.size));
    for (const [index, image] of written.entries()) {
      expect(await largestDifference(image.png, drawn[index]!.png)).toBeLessThanOrEqual(16);
    }
  });

  it('give the desktop a 512 px icon and the browser a favicon of 16, 32 and 48 px', async () => {
    const icon = await pixels(committed('icon.png'));
    expect([icon.width, icon.height]).toEqual([APP_ICON_SIZE, APP_ICON_SIZE]);
    const favicon = readIco(committed('favicon.ico'));
    expect(favicon.map((image) => image.size)).toEqual([...FAVICON_SIZES]);
    for (const image of favicon) {
      const drawn = await pixels(image.png);
      expect([drawn.width, drawn.height]).toEqual([image.size, image.size]);
    }
  });

  it('writes an ICO directory a reader finds every image in, 256 px written as 0', () => {
    const images = [
      { size: 16, png: new Uint8Array([1, 2, 3]) },
      { size: 256, png: new Uint8Array([4, 5]) },
    ];
    const ico = icoOf(images);
    expect(ico[6 + 16]).toBe(0);
    expect(readIco(ico).map(({ size, png }) => ({ size, png: [...png] }))).toEqual([
      { size: 16, png: [1, 2, 3] },
      { size: 256, png: [4, 5] },
    ]);
    expect(() => readIco(new Uint8Array(6))).toThrow('not an ICO file');
  });
});
