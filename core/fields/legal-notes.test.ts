import { describe, expect, it } from 'vitest';
import { handPage } from '../testing/text-page';
import { layoutOf } from '../text/layout';
import { legalNotes } from './legal-notes';

const notesOf = (rows: Parameters<typeof handPage>[0]) =>
  legalNotes(layoutOf(handPage(rows))).map((n) => [n.code, n.text]);

describe('legal notes', () => {
  it('reads each payment mention as the sentence holding it, joined where the page wraps it', () => {
    expect(
      notesOf([
        [600, [[40, 'TVA acquittée sur les encaissements']]],
        [
          610,
          [
            [40, 'Tout retard de paiement engendre une pénalité exigible à compter'],
            [420, 'TOTAL TTC'],
          ],
        ],
        [620, [[40, 'de la date d’échéance.']]],
        [640, [[40, 'Pénalités : trois fois le taux légal. Indemnité forfaitaire de recouvrement : 40 €.']]],
        [660, [[40, 'Pas d’escompte pour paiement anticipé.']]],
      ]),
    ).toEqual([
      ['PMD', 'Tout retard de paiement engendre une pénalité exigible à compter de la date d’échéance.'],
      ['PMT', 'Indemnité forfaitaire de recouvrement : 40 €.'],
      ['AAB', 'Pas d’escompte pour paiement anticipé.'],
    ]);
  });

  it('reads none the page does not print', () => {
    expect(notesOf([[600, [[40, 'Zahlbar innerhalb 14 Tagen mit 2 % Skonto.']]]])).toEqual([]);
  });
});
