import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * The page's own Content Security Policy, written into the built index.html (not in development, where
 * Vite injects inline scripts). `connect-src` stays open to http(s) because a browser user may point the
 * interface at a hosted API; the desktop shell adds a stricter policy header of its own.
 */
const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' http: https:",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

const cspMeta: Plugin = {
  name: 'facturx-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy },
      injectTo: 'head-prepend',
    },
  ],
};

/**
 * The application icon (assets/, drawn by bin/dev/generate-icons.ts) beside index.html and named by it,
 * so a browser finds the favicon it asks `facturx serve` for rather than a 404.
 */
const icons = ['favicon.ico', 'icon.svg'] as const;
const appIcons: Plugin = {
  name: 'facturx-app-icons',
  apply: 'build',
  generateBundle() {
    for (const fileName of icons) {
      this.emitFile({
        type: 'asset',
        fileName,
        source: readFileSync(path.join(import.meta.dirname, '..', 'assets', fileName)),
      });
    }
  },
  transformIndexHtml: () => [
    {
      tag: 'link',
      attrs: { rel: 'icon', href: './favicon.ico', sizes: '16x16 32x32 48x48' },
      injectTo: 'head',
    },
    { tag: 'link', attrs: { rel: 'icon', href: './icon.svg', type: 'image/svg+xml' }, injectTo: 'head' },
  ],
};

export default defineConfig({
  // Vite resolves `root` against the working directory; the build runs from anywhere.
  root: import.meta.dirname,
  base: './',
  plugins: [react(), cspMeta, appIcons],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
  },
});
