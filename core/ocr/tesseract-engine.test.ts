import { describe, expect, it } from 'vitest';
import { ensureLangData } from './lang-data';
import { scanJpeg } from './scan-fixture';
import { startEngine } from './tesseract-engine';

describe('tesseract engine (offline)', () => {
  it('reads the words of a page picture with pixel boxes and confidence', { timeout: 60_000 }, async () => {
    const data = await ensureLangData('fra+eng+deu');
    expect(data.ok).toBe(true);
    if (!data.ok) return;
    const engine = await startEngine('fra+eng+deu', data.langPath);
    try {
      const { words, baselines } = await engine.recognize(scanJpeg(), 200);
      const texts = words.map((w) => w.text);
      expect(texts).toContain('FACTURE');
      expect(texts.join(' ')).toContain('1 234,56');
      const facture = words.find((w) => w.text === 'FACTURE')!;
      expect(facture.confidence).toBeGreaterThan(80);
      // drawn at x = 150 px, baseline 250 px, 40 px font
      expect(facture.x0).toBeGreaterThan(140);
      expect(facture.x0).toBeLessThan(160);
      expect(facture.y1).toBeGreaterThan(240);
      expect(facture.y1).toBeLessThan(262);
      // one baseline a printed line, level as drawn
      expect(baselines).toHaveLength(3);
      for (const b of baselines) expect(Math.abs(b.y1 - b.y0)).toBeLessThan(2);
    } finally {
      await engine.terminate();
    }
  });

  it('refuses a language it has no data for', async () => {
    expect(await ensureLangData('ita')).toMatchObject({ ok: false });
  });
});
