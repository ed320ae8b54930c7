import react from '@vitejs/plugin-react';
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

export default defineConfig({
  // Vite resolves `root` against the working directory; the build runs from anywhere.
  root: import.meta.dirname,
  base: './',
  plugins: [react(), cspMeta],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
  },
});
