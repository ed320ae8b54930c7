// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FacturxBridge } from '../../../core/bridge/facturx-bridge';
import { captureDownloads } from '../testing/capture-downloads';
import { derivedFilename, downloadBase64 } from './download';

afterEach(() => {
  Reflect.deleteProperty(window, 'facturx');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('downloadBase64', () => {
  it('saves through the desktop bridge when there is one', () => {
    const saveFile = vi.fn<FacturxBridge['saveFile']>(async () => ({ saved: true }));
    Object.defineProperty(window, 'facturx', { value: { saveFile }, configurable: true });
    const saved = captureDownloads();

    downloadBase64(btoa('%PDF-1.7'), 'facture-facturx.pdf', 'application/pdf');

    const [name, bytes] = saveFile.mock.calls[0] ?? [];
    expect(name).toBe('facture-facturx.pdf');
    expect(new TextDecoder().decode(bytes)).toBe('%PDF-1.7');
    expect(saved).toEqual([]);
  });

  it('uses the browser download otherwise', async () => {
    const saved = captureDownloads();
    downloadBase64(btoa('<x/>'), 'a.xml', 'application/xml');
    expect(saved.map((download) => download.name)).toEqual(['a.xml']);
    expect(await saved[0]?.blob?.text()).toBe('<x/>');
  });
});

describe('derivedFilename', () => {
  it('replaces the extension and marks the derived file', () => {
    expect(derivedFilename('facture.json', '-facturx', 'pdf')).toBe('facture-facturx.pdf');
    expect(derivedFilename('.pdf', '-cii', 'xml')).toBe('invoice-cii.xml');
  });
});
