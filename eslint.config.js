// Lint rules, and the import boundaries that keep the architecture honest:
// core/ knows nothing of Electron, React or the DOM; the renderer knows nothing of Node or Electron;
// the Electron shell never reaches into the renderer.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltinNames = ['fs', 'path', 'os', 'child_process', 'http', 'https', 'crypto', 'worker_threads'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Buffer: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'core/ must not depend on Electron.' },
            { group: ['react', 'react-dom', 'react/*'], message: 'core/ must not depend on React.' },
            {
              group: ['**/renderer/**', '**/electron/**', '**/server/**', '**/bin/**'],
              message: 'core/ is the bottom layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinNames.map((name) => ({
            name,
            message: 'The renderer runs in a browser: no Node built-ins.',
          })),
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'The renderer talks to Electron only through the preload bridge.',
            },
            { group: ['node:*'], message: 'The renderer runs in a browser: no Node built-ins.' },
            {
              group: ['**/server/**', '**/bin/**', '**/electron/**'],
              message: 'The renderer reaches the backend through its transport interface.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/renderer/**'], message: 'The shell does not import renderer code.' }] },
      ],
    },
  },
);
