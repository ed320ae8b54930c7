/**
 * The application's icons, drawn from the one design in assets/icon.svg: the desktop window and installer
 * icon (assets/icon.png) and the favicon the web interface carries (assets/favicon.ico). Generated at
 * development time by bin/dev/generate-icons.ts; a test fails while the written files are stale.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** 512 px: the size electron-builder needs to derive every platform's icon from one PNG. */
export const APP_ICON_SIZE = 512;
/** The sizes browsers and desktops pick from a favicon. */
export const FAVICON_SIZES = [16, 32, 48] as const;

/** The design rasterised at `size` pixels square (the SVG drawn at that size, not scaled from 64). */
export async function renderIcon(svg: string, size: number): Promise<Buffer> {
  const sized = svg.replace(
    /<svg\b([^>]*?)\swidth="\d+"\s+height="\d+"/,
    `<svg$1 width="${size}" height="${size}"`,
  );
  const image = await loadImage(Buffer.from(sized));
  const canvas = createCanvas(size, size);
  canvas.getContext('2d').drawImage(image, 0, 0, size, size);
  return canvas.encode('png');
}

/** An ICO file holding PNG images (allowed since Windows Vista, read by every current browser). */
export function icoOf(images: readonly { readonly size: number; readonly png: Uint8Array }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 stands for 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.byteLength, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.byteLength;
  });
  return Buffer.concat([header, ...images.map(({ png }) => Buffer.from(png))]);
}

/** The images of an ICO file, as icoOf writes them. */
export function readIco(ico: Uint8Array): { size: number; png: Buffer }[] {
  const bytes = Buffer.from(ico);
  if (bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) throw new Error('not an ICO file');
  return Array.from({ length: bytes.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const length = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    return { size: bytes.readUInt8(entry) || 256, png: bytes.subarray(offset, offset + length) };
  });
}

export interface AppIcons {
  readonly png: Buffer;
  readonly ico: Buffer;
}

export async function renderAppIcons(svg: string): Promise<AppIcons> {
  const favicons = await Promise.all(
    FAVICON_SIZES.map(async (size) => ({ size, png: await renderIcon(svg, size) })),
  );
  return { png: await renderIcon(svg, APP_ICON_SIZE), ico: icoOf(favicons) };
}
