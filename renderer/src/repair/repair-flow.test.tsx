// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer, FileOperation } from '../backend/backend';
import { captureDownloads } from '../testing/capture-downloads';
import { fakeBackend } from '../testing/fake-backend';
import { renderApp } from '../testing/render-app';
import { invalidReport, partialRepair, repairedXml, validReport } from '../testing/sample-bodies';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const backendOf = (bodies: Partial<Record<FileOperation, unknown>>) =>
  fakeBackend((operation): Answer => ({ ok: true, status: 200, body: bodies[operation] }));

const dropXml = (text: string) =>
  act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), {
      dataTransfer: { files: [new File([text], 'facture.xml', { type: 'text/xml' })] },
    });
  });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Repair of an XML that failed validation', () => {
  it('repairs on request and shows the changes, the counts, what was left undone and the repaired file', async () => {
    const saved = captureDownloads();
    const { backend, calls } = backendOf({ validate: invalidReport, repair: partialRepair });
    renderApp(backend);
    fireEvent.click(screen.getByRole('button', { name: 'France 2026' }));

    await dropXml('<ram:ChargeAmount>85,00</ram:ChargeAmount>');
    await waitFor(() => expect(screen.getByTestId('repair-offer')).toBeTruthy());
    expect(calls.map((call) => call.operation)).toEqual(['validate']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Repair' })));

    await waitFor(() => expect(screen.getByTestId('repair')).toBeTruthy());
    expect(calls[1]).toMatchObject({
      operation: 'repair',
      text: '<ram:ChargeAmount>85,00</ram:ChargeAmount>',
      lang: 'en',
      validationTarget: 'france_2026',
    });
    expect(screen.queryByTestId('repair-offer')).toBeNull();
    const repair = within(screen.getByTestId('repair'));
    expect(repair.getByTestId('repair-outcome').textContent).toContain('Partly repaired: errors remain');
    expect(repair.getByTestId('repair-counts').textContent).toBe('Errors: 3 before → 1 after');
    const change = repair.getByTestId('change');
    expect(change.dataset.rule).toBe('R002');
    expect(change.textContent).toContain('Before: 85,00 → After: 85.00');
    expect(change.textContent).toContain('/rsm:CrossIndustryInvoice/ram:ChargeAmount');
    expect(repair.getByTestId('left-undone').textContent).toContain('missing parties are not invented');
    // The XML before and after side by side, the changed line marked with its rule.
    const row = repair.getByTestId('diff-row');
    expect(row.querySelector('.diff-before')?.textContent).toBe('<ram:ChargeAmount>85,00</ram:ChargeAmount>');
    expect(row.querySelector('.diff-after')?.textContent).toBe(repairedXml);
    const note = repair.getByTestId('diff-note');
    expect(note.querySelector('[data-rule="R002"]')?.textContent).toContain(
      'Number 85,00 written with a decimal point',
    );

    fireEvent.click(repair.getByRole('button', { name: 'Download repaired XML' }));
    expect(saved.map((download) => download.name)).toEqual(['facture-repaired.xml']);
    expect(await saved[0]?.blob?.text()).toBe(repairedXml);
  });

  it('offers no download when the repair changed nothing, and says why', async () => {
    const unchanged = {
      ...partialRepair,
      repaired_xml: btoa('<Invoice/>'),
      diff_summary: [],
      validation_after: partialRepair.validation_before,
    };
    const { backend } = backendOf({ validate: invalidReport, repair: unchanged });
    renderApp(backend);
    await dropXml('<Invoice/>');
    await waitFor(() => expect(screen.getByTestId('repair-offer')).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Repair' })));
    const repair = within(await screen.findByTestId('repair'));
    expect(repair.getByTestId('repair-outcome').textContent).toContain(
      'Nothing could be repaired automatically',
    );
    expect(repair.queryByRole('button', { name: 'Download repaired XML' })).toBeNull();
    expect(repair.getByTestId('repair-nothing').textContent).toBe(
      'Nothing was changed, so there is no repaired file to download.',
    );
    expect(repair.queryByTestId('xml-diff')).toBeNull();
    expect(repair.getByTestId('left-undone').textContent).toContain('The seller name is missing.');
  });

  it('offers no repair when the invoice is valid', async () => {
    const { backend } = backendOf({ validate: validReport });
    renderApp(backend);
    await dropXml('<Invoice/>');
    await waitFor(() => expect(screen.getByTestId('verdict').dataset.valid).toBe('true'));
    expect(screen.queryByTestId('repair-offer')).toBeNull();
  });
});
