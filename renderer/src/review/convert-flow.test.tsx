// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ValidationTarget } from '../../../core/api/targets';
import type { Answer, Backend, FormFields, InvoiceFile } from '../backend/backend';
import type { ConvertSource, RunConvert } from './use-conversion';
import { I18nProvider } from '../i18n/i18n';
import { useProfiles } from '../profiles/use-profiles';
import { captureDownloads } from '../testing/capture-downloads';
import { acmeSeller, essaiBuyer, profileStore } from '../testing/profile-store';
import { ConvertFlow } from './convert-flow';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const disclaimer = 'Documentary and technical evidence only.';

/** A convert body as the server shapes it; `extra` adds the dry-run fields or overrides. */
function convertBody(
  status: string,
  extra: Record<string, unknown> = {},
  result: Record<string, unknown> = {},
) {
  const passed = status === 'verified';
  return {
    success: passed,
    target: {
      requested: 'france_2026',
      executed: 'france_2026',
      status,
      missing_inputs: [],
      not_run_reason: null,
    },
    result: {
      durationMs: 5,
      convertedAt: '2026-11-23T00:00:00.000Z',
      targetProfile: 'EN16931',
      conversionSuccessful: passed,
      xmlSize: 0,
      xml: '',
      remainingInvoices: -1,
      legalDisclaimer: disclaimer,
      ...result,
    },
    validationReadiness: {
      frCtc: {
        status: passed ? 'passed' : 'incomplete',
        dependsOn: ['target_profile_valid'],
        advisories: passed ? [] : ['BR-FR-05_BT-22_PMT'],
        targetProfileValid: true,
      },
      paAcceptance: 'not_submitted',
    },
    ...extra,
  };
}

const noteMessage = 'Legal note missing: the fixed compensation of EUR 40.';

const dryRunWithFindings = convertBody('incomplete', {
  requirements: [
    {
      ruleId: 'BR-FR-05_BT-22_PMT',
      bt: 'BT-22',
      kind: 'advisory',
      message: noteMessage,
      input: 'seller_context.document_notes[PMT]',
    },
    {
      ruleId: 'BR-FR-13',
      bt: 'BT-34',
      kind: 'blocking',
      message: 'Seller electronic address missing.',
      input: 'seller_context.electronic_address',
    },
    {
      ruleId: 'BR-FR-CO-15',
      bt: 'BT-84',
      kind: 'blocking',
      message: 'IBAN missing.',
      input: 'invoice_patch.payment.iban',
    },
  ],
  fieldProvenance: {
    'BT-1': { source: 'document', page: 1, text: 'Facture n° F-7', confidence: 0.93 },
    'BT-27': { source: 'document' },
    'BT-31': { source: 'profile' },
  },
  targetPreflight: {
    status: 'incomplete',
    exhaustive: false,
    requiredInputs: [
      'seller_context.document_notes[PMT]',
      'seller_context.electronic_address',
      'invoice_patch.payment.iban',
    ],
    unsupportedBlockers: [],
  },
  conversionInputRecipe: {
    requiredInputs: [],
    examplePayload: {
      seller_context: {
        document_notes: [{ subject_code: 'PMT', content: 'Indemnité forfaitaire : 40 EUR.' }],
      },
    },
  },
});

function fakeRun(answers: Answer[]) {
  const calls: { file: InvoiceFile | null; fields: FormFields }[] = [];
  const run = vi.fn(async (file: InvoiceFile | null, fields: FormFields): Promise<Answer> => {
    calls.push({ file, fields });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer;
  });
  return { run, calls };
}

const ok = (body: unknown): Answer => ({ ok: true, status: 200, body });

const pdfSource: ConvertSource = {
  kind: 'pdf',
  filename: 'facture.pdf',
  file: { filename: 'facture.pdf', bytes: new Uint8Array([37, 80, 68, 70]), mediaType: 'application/pdf' },
};
const dataSource: ConvertSource = {
  kind: 'invoice_data',
  filename: 'facture.json',
  invoiceData: JSON.stringify({ name: 'example', invoice_data: { number: 'F-7' } }),
};

interface FlowProps {
  readonly source: ConvertSource;
  readonly run: RunConvert;
  readonly target: ValidationTarget;
  readonly backend: Backend;
}

function Flow({ source, run, target, backend }: FlowProps) {
  const profiles = useProfiles(backend, 'en');
  return <ConvertFlow source={source} run={run} target={target} profiles={profiles} />;
}

/** The flow with saved profiles kept in memory; `retarget` renders it again for another target. */
function renderFlow(source: ConvertSource, run: RunConvert, store = profileStore()) {
  const backend: Backend = {
    kind: { type: 'server', origin: 'http://127.0.0.1:4000' },
    run: () => Promise.reject(new Error('the flow sends through its run')),
    profiles: store.profiles,
  };
  const element = (target: ValidationTarget) => (
    <I18nProvider>
      <Flow source={source} run={run} target={target} backend={backend} />
    </I18nProvider>
  );
  const { rerender } = render(element('france_2026'));
  return { store, retarget: (target: ValidationTarget) => act(async () => rerender(element(target))) };
}

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const type = (label: string, value: string) =>
  act(() => fireEvent.change(screen.getByLabelText(label), { target: { value } }));

/** Runs the dry run, then the final convert, as a user clicks through them. */
async function dryRunThenConvert() {
  await click('Convert');
  await waitFor(() => expect(screen.getByTestId('dry-run')).toBeTruthy());
  await click('Convert');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Convert flow', () => {
  it('runs a dry run first and shows the verdict, the findings with term names and where each field came from', async () => {
    const { run, calls } = fakeRun([ok(dryRunWithFindings)]);
    renderFlow(pdfSource, run);

    await click('Convert');

    await waitFor(() => expect(screen.getByTestId('dry-run')).toBeTruthy());
    expect(calls[0]).toEqual({ file: pdfSource.file, fields: { dry_run: 'true' } });
    const verdict = screen.getByTestId('dry-run-verdict');
    expect(verdict.dataset.status).toBe('incomplete');
    expect(verdict.textContent).toContain('France 2026: incomplete');
    expect(verdict.textContent).toContain('Recommendations left: 1');
    expect(verdict.querySelector('[data-testid="advisories"]')?.getAttribute('title')).toBe(
      'BR-FR-05_BT-22_PMT',
    );

    const requirements = screen.getAllByTestId('requirement');
    expect(requirements.map((r) => [r.dataset.rule, r.dataset.kind])).toEqual([
      ['BR-FR-13', 'blocking'],
      ['BR-FR-CO-15', 'blocking'],
      ['BR-FR-05_BT-22_PMT', 'advisory'],
    ]);
    expect(requirements[0]?.textContent).toContain('Seller electronic address');
    expect(requirements[2]?.textContent).toContain('Advisory');
    expect(requirements[2]?.textContent).toContain(noteMessage);

    const rows = screen.getAllByTestId('provenance-row');
    expect(rows.map((row) => [row.dataset.term, row.dataset.source])).toEqual([
      ['BT-1', 'document'],
      ['BT-27', 'document'],
      ['BT-31', 'profile'],
    ]);
    expect(rows[0]?.textContent).toContain('Invoice number');
    expect(rows[0]?.textContent).toContain('page 1');
    expect(rows[0]?.textContent).toContain('Facture n° F-7');
    expect(rows[0]?.textContent).toContain('confidence 93%');
    expect(rows[2]?.textContent).toContain('Saved profile');
  });

  it('prefills the complements, checks them, and builds the context and patch fields of Check again', async () => {
    const { run, calls } = fakeRun([
      ok(dryRunWithFindings),
      ok(convertBody('verified', { requirements: [] })),
    ]);
    renderFlow(pdfSource, run);
    await click('Convert');
    await waitFor(() => expect(screen.getByTestId('complements')).toBeTruthy());

    expect((screen.getByLabelText('Note PMT') as HTMLTextAreaElement).value).toBe(
      'Indemnité forfaitaire : 40 EUR.',
    );
    await type('Electronic address', '732829320');
    await type('Scheme', '0');
    expect(screen.getByText('2 to 20 letters or digits.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Check again' }) as HTMLButtonElement).disabled).toBe(true);
    await type('Scheme', '0225');
    await type('Seller IBAN', 'FR76 3000 6000 0112 3456 7890 189');
    expect(screen.getByTestId('unchecked')).toBeTruthy();

    await click('Check again');

    await waitFor(() => expect(screen.getByTestId('dry-run-verdict').dataset.status).toBe('verified'));
    const fields = calls[1]?.fields ?? {};
    expect(fields.dry_run).toBe('true');
    expect(JSON.parse(fields.seller_context ?? '')).toEqual({
      electronic_address: { value: '732829320', scheme_id: '0225' },
      document_notes: [{ subject_code: 'PMT', content: 'Indemnité forfaitaire : 40 EUR.' }],
    });
    expect(JSON.parse(fields.invoice_patch ?? '')).toEqual({
      payment: { iban: 'FR76 3000 6000 0112 3456 7890 189' },
    });
    expect(fields.buyer_context).toBeUndefined();
    expect(screen.queryByTestId('unchecked')).toBeNull();
    // Cleared inputs stay in the form: the final call must send them too.
    expect(screen.getByLabelText('Note PMT')).toBeTruthy();
  });

  it('sends invoice_data without a file and offers no invoice_patch input beside it', async () => {
    const { run, calls } = fakeRun([ok(dryRunWithFindings)]);
    renderFlow(dataSource, run);
    await click('Convert');
    await waitFor(() => expect(screen.getByTestId('complements')).toBeTruthy());

    expect(calls[0]).toEqual({ file: null, fields: { invoice_data: '{"number":"F-7"}', dry_run: 'true' } });
    expect(screen.queryByLabelText('Seller IBAN')).toBeNull();
    expect(screen.getByTestId('unsupported-inputs').textContent).toContain('invoice_patch.payment.iban');
  });

  it('marks the fields a complement contradicts, and lists the conflicts a final convert refuses', async () => {
    const conflicting = convertBody('incomplete', {
      requirements: [],
      fieldProvenance: { 'BT-34': { source: 'conflict' }, 'BT-22': { source: 'request_context' } },
      targetPreflight: {
        status: 'incomplete',
        exhaustive: true,
        requiredInputs: [],
        unsupportedBlockers: [],
      },
    });
    const refused: Answer = {
      ok: false,
      status: 409,
      error: {
        error: 'inline_context_conflict',
        message: 'The request context contradicts data found in the document.',
        conflicts: [
          {
            field: 'seller_context.electronic_address',
            document_value: '0225:732829320',
            context_value: '0225:999',
          },
        ],
      },
    };
    const { run, calls } = fakeRun([ok(conflicting), refused]);
    renderFlow(pdfSource, run);
    await click('Convert');
    await waitFor(() => expect(screen.getByTestId('provenance-conflicts')).toBeTruthy());
    expect(screen.getByTestId('provenance-conflicts').textContent).toContain('1 field(s)');
    const conflictRow = screen.getAllByTestId('provenance-row').find((row) => row.dataset.term === 'BT-34');
    expect(conflictRow?.textContent).toContain('Conflict');
    expect(conflictRow?.textContent).toContain('Seller electronic address');

    await click('Convert');

    await waitFor(() => expect(screen.getByTestId('conflicts')).toBeTruthy());
    expect(calls[1]?.fields).toEqual({ output: 'facturx_pdfa3' });
    const final = within(screen.getByTestId('answer-convert'));
    expect(final.getByTestId('error-code').textContent).toBe('inline_context_conflict');
    const conflict = screen.getByTestId('conflict');
    expect(conflict.textContent).toContain('seller_context.electronic_address');
    expect(conflict.textContent).toContain('0225:732829320');
    expect(conflict.textContent).toContain('0225:999');
  });

  it('offers Convert only once the dry run of the complements as they are says the target can pass, and says why not', async () => {
    const ready = convertBody('verified', { requirements: [] });
    const { run, calls } = fakeRun([ok(dryRunWithFindings), ok(dryRunWithFindings), ok(ready)]);
    renderFlow(pdfSource, run);
    await click('Convert');
    await waitFor(() => expect(screen.getByTestId('dry-run')).toBeTruthy());
    const final = () => screen.getByRole('button', { name: 'Convert' }) as HTMLButtonElement;
    const why = () => screen.getByTestId('convert-why').textContent;
    // The note the dry run proposed is prefilled: not checked yet.
    expect(final().disabled).toBe(true);
    expect(why()).toBe('Not yet: check the invoice again with the values above first.');
    await click('Check again');
    await waitFor(() => expect(why()).toBe('Not yet: 2 blocking finding(s) above must be cleared first.'));
    expect(final().disabled).toBe(true);

    await type('Electronic address', '732829320');
    await type('Scheme', '0');
    expect(why()).toBe('Not yet: correct the values marked above.');
    await type('Scheme', '0225');
    expect(why()).toBe('Not yet: check the invoice again with the values above first.');
    await click('Check again');
    await waitFor(() => expect(why()).toBe('Ready: the corrected invoice passes the checks.'));
    expect(final().disabled).toBe(false);
    expect(calls).toHaveLength(3);
  });

  it('converts with the chosen output and offers the deliverable with the disclaimer', async () => {
    const saved = captureDownloads();
    const xml = '<rsm:CrossIndustryInvoice/>';
    const incomplete = convertBody(
      'incomplete',
      {},
      { xml: btoa(xml), remainingInvoices: 41, processedInvoicesCharged: 1 },
    );
    const { run, calls } = fakeRun([ok(convertBody('verified', { requirements: [] })), ok(incomplete)]);
    renderFlow(dataSource, run);
    await click('Convert');
    await waitFor(() => expect(screen.getByTestId('dry-run')).toBeTruthy());

    await click('CII XML');
    await click('Convert');

    await waitFor(() => expect(screen.getByTestId('convert-result')).toBeTruthy());
    expect(calls[1]).toEqual({ file: null, fields: { invoice_data: '{"number":"F-7"}', output: 'xml_cii' } });
    const result = within(screen.getByTestId('convert-result'));
    expect(screen.getByTestId('convert-result').dataset.outcome).toBe('incomplete');
    expect(result.getByTestId('convert-outcome').textContent).toContain('France 2026 advisories remain');
    expect(result.getByTestId('legal-disclaimer').textContent).toBe(disclaimer);

    fireEvent.click(result.getByRole('button', { name: 'Download CII XML' }));
    expect(saved.map((download) => download.name)).toEqual(['facture-cii.xml']);
    expect(await saved[0]?.blob?.text()).toBe(xml);
  });

  it('shows the API error of a PDF it cannot read', async () => {
    const message = 'OCR timed out.';
    const { run } = fakeRun([{ ok: false, status: 504, error: { error: 'ocr_timeout', message } }]);
    renderFlow(pdfSource, run);
    await click('Convert');
    const dryRun = within(await screen.findByTestId('answer-dry-run'));
    await waitFor(() => expect(dryRun.getByTestId('error-message').textContent).toBe(message));
    expect(dryRun.getByTestId('error-code').textContent).toBe('ocr_timeout');
    // An error leaves the first step offered again (a key saved meanwhile, a server back up).
    expect(screen.getAllByRole('button', { name: 'Convert' })).toHaveLength(1);
  });

  it('runs the dry run again when the validation target changes after it', async () => {
    const en16931 = convertBody('verified', {
      requirements: [],
      target: {
        requested: 'en16931',
        executed: 'en16931',
        status: 'verified',
        missing_inputs: [],
        not_run_reason: null,
      },
    });
    const { run, calls } = fakeRun([ok(dryRunWithFindings), ok(en16931)]);
    const { retarget } = renderFlow(pdfSource, run);
    await retarget('en16931');
    expect(calls).toHaveLength(0);
    await retarget('france_2026');

    await click('Convert');
    await waitFor(() => expect(screen.getByTestId('dry-run-verdict').dataset.status).toBe('incomplete'));
    await retarget('en16931');

    await waitFor(() => expect(screen.getByTestId('dry-run-verdict').dataset.status).toBe('verified'));
    expect(calls.map((call) => call.fields.dry_run)).toEqual(['true', 'true']);
    expect(screen.getByTestId('dry-run-verdict').textContent).toContain('Checked against EN 16931');
  });

  it('shows a 202 as accepted and processing, with the job id and no deliverable', async () => {
    const accepted: Answer = {
      ok: true,
      status: 202,
      body: {
        success: false,
        target: {
          requested: 'france_2026',
          executed: null,
          status: 'not_run',
          missing_inputs: [],
          not_run_reason: 'async_processing_not_completed',
        },
        result: { status: 'processing', jobId: 'job-7f3a' },
      },
    };
    const { run } = fakeRun([ok(convertBody('verified', { requirements: [] })), accepted]);
    renderFlow(dataSource, run);
    await dryRunThenConvert();

    const final = await screen.findByTestId('answer-convert');
    await waitFor(() => expect(within(final).getByTestId('convert-accepted')).toBeTruthy());
    expect(final.className).toContain('answer-partial');
    expect(within(final).getByTestId('job-id').dataset.jobId).toBe('job-7f3a');
    expect(final.textContent).toContain('Accepted, processing');
    expect(final.textContent).toContain('no file is delivered yet');
    expect(screen.queryByTestId('convert-result')).toBeNull();
    expect(within(final).queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('reuses the saved profiles chosen, explicitly, and shows which profile filled a field', async () => {
    const fromProfile = convertBody('verified', {
      requirements: [],
      fieldProvenance: {
        'BT-27': { source: 'document' },
        'BT-34': { source: 'profile', profileId: 'acme', profileVersion: 2 },
      },
    });
    const { run, calls } = fakeRun([ok(dryRunWithFindings), ok(fromProfile), ok(fromProfile)]);
    const { store } = renderFlow(dataSource, run, profileStore([acmeSeller, essaiBuyer]));
    await click('Convert');
    await waitFor(() => expect(screen.getByTestId('dry-run')).toBeTruthy());
    expect(store.calls).toEqual([]);

    await click('Use saved profiles');
    const seller = await screen.findByLabelText('Seller profile');
    expect(store.calls).toEqual([{ method: 'GET' }]);
    expect([...(seller as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'None',
      'Acme Menuiserie SARL (acme, version 2)',
    ]);
    await act(async () => fireEvent.change(seller, { target: { value: 'acme' } }));

    await waitFor(() => expect(screen.getByTestId('dry-run-verdict').dataset.status).toBe('verified'));
    expect(calls[1]?.fields).toMatchObject({ profile_reuse: 'explicit', issuer_id: 'acme', dry_run: 'true' });
    expect(calls[1]?.fields.client_id).toBeUndefined();
    const row = screen.getAllByTestId('provenance-row').find((r) => r.dataset.term === 'BT-34');
    expect(row?.dataset.source).toBe('profile');
    expect(within(row as HTMLElement).getByTestId('provenance-profile').textContent).toBe(
      'profile acme, version 2',
    );

    await act(async () =>
      fireEvent.change(screen.getByLabelText('Buyer profile'), { target: { value: 'essai' } }),
    );
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.fields).toMatchObject({
      profile_reuse: 'explicit',
      issuer_id: 'acme',
      client_id: 'essai',
    });
  });

  it('says when there is no saved profile to reuse, or when the list cannot be read', async () => {
    renderFlow(pdfSource, fakeRun([]).run);
    await click('Use saved profiles');
    expect(screen.getByTestId('profile-choice').textContent).toContain(
      'No saved profile yet: create one under “Profiles”.',
    );
    expect(screen.queryByLabelText('Seller profile')).toBeNull();
    cleanup();

    const refusal: Answer = {
      ok: false,
      status: 401,
      error: { error: 'authentication_required', message: 'An API key is required.' },
    };
    renderFlow(
      pdfSource,
      fakeRun([]).run,
      profileStore([], () => refusal),
    );
    await click('Use saved profiles');
    expect(screen.getByRole('alert').textContent).toBe(
      'The saved profiles could not be read: An API key is required.',
    );
  });

  it('lists what a saved profile and a complement disagree on when the final convert is refused', async () => {
    const refused: Answer = {
      ok: false,
      status: 409,
      error: {
        error: 'profile_inline_context_conflict',
        message: 'The saved profile contradicts the request context.',
        conflicts: [
          {
            field: 'seller.electronic_address',
            profile_value: '0225:732829320',
            context_value: 'EM:a@b.example',
          },
        ],
      },
    };
    const { run } = fakeRun([ok(convertBody('verified', { requirements: [] })), refused]);
    renderFlow(pdfSource, run);
    await dryRunThenConvert();

    const conflicts = await screen.findByTestId('conflicts');
    expect(conflicts.textContent).toContain('The chosen profile contradicts your complements');
    expect(within(conflicts).getByRole('columnheader', { name: 'In the profile' })).toBeTruthy();
    expect(within(conflicts).getByTestId('conflict').textContent).toContain('0225:732829320');
  });
});
