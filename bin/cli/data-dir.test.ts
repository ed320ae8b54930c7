import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './data-dir';

describe('defaultDataDir', () => {
  it('follows each platform’s per-user data folder', () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.local/share/facturx-desk');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/data/ana' }, '/home/ana')).toBe(
      '/data/ana/facturx-desk',
    );
    expect(defaultDataDir('darwin', {}, '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/facturx-desk',
    );
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'C:\\Users\\ana')).toBe(
      'C:\\Users\\ana\\AppData\\Roaming\\facturx-desk',
    );
  });
});
