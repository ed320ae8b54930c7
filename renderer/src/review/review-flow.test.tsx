// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GOLDEN_EXAMPLES } from '../../../core/invoice-data/examples';
import type { Answer, Backend, FormFields, InvoiceFile } from '../backend/backend';
import { sourcesOf } from '../document/invoice-draft';
import { I18nProvider } from '../i18n/i18n';
import { useProfiles } from '../profiles/use-profiles';
import { acmeSeller, profileStore } from '../testing/profile-store';
import { dryRunBody } from '../testing/sample-bodies';
import { ReviewFlow } from './review-flow';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const golden = GOLDEN_EXAMPLES.find((example) => example.name === 'domestic_b2b_fr')?.invoice_data;
if (!golden) throw new Error('golden example missing');

/** The candidate read from the page: a wrong total (read from a VAT number) and no business process. */
const { business_process: _bp, ...withoutProcess } = golden;
const candidate = { ...withoutProcess, totals: { tax_inclusive: '11123456782.00' } };

const totalRule = {
  ruleId: 'BR-CO-15',
  bt: 'BT-112',
  kind: 'blocking',
  message: 'Invoice total amount with VAT (BT-112) = total without VAT (BT-109) + total VAT (BT-110).',
  input: null,
};
const processRule = {
  ruleId: 'BR-FR-08_BT-23',
  bt: 'BT-23',
  kind: 'blocking',
  message: 'The business process type (BT-23) is required.',
  input: null,
};

const reading: Answer = {
  ok: true,
  status: 200,
  body: dryRunBody({
    status: 'failed',
    requirements: [totalRule, processRule],
    candidateInvoiceData: candidate,
    fieldProvenance: {
      'BT-1': {
        source: 'document',
        value: 'F-2026-0001',
        page: 1,
        text: 'Facture F-2026-0001',
        confidence: 0.97,
        box: { x: 1, y: 2, width: 3, height: 4 },
      },
      'BT-112': {
        source: 'document',
        value: '11123456782.00',
        page: 1,
        text: 'TVA FR11123456782',
        confidence: 0.62,
      },
      'BG-25[1]/BT-129': { source: 'document', value: '3', page: 1, confidence: 0.95 },
    },
  }),
};

const pdf: InvoiceFile = {
  filename: 'facture.pdf',
  bytes: new Uint8Array([37, 80, 68, 70]),
  mediaType: 'application/pdf',
};

interface Sent {
  readonly file: InvoiceFile | null;
  readonly fields: FormFields;
}

function setup({
  answer,
  first = reading,
}: {
  answer: (sent: Sent) => Answer | Promise<Answer>;
  /** The backend's reading the form starts from. */
  first?: Answer;
}) {
  const sent: Sent[] = [];
  const point = vi.fn();
  const run = async (file: InvoiceFile | null, fields: FormFields) => {
    sent.push({ file, fields });
    return answer({ file, fields });
  };
  const store = profileStore([acmeSeller]);
  const backend: Backend = {
    kind: { type: 'offline' },
    run: async () => ({ ok: true, status: 200, body: {} }),
    profiles: store.profiles,
  };
  function Harness() {
    const profiles = useProfiles(backend, 'en');
    return (
      <ReviewFlow
        file={pdf}
        reading={first}
        run={run}
        profiles={profiles}
        sources={sourcesOf(first.ok ? first.body : undefined)}
        point={point}
        delay={0}
      />
    );
  }
  render(
    <I18nProvider>
      <Harness />
    </I18nProvider>,
  );
  return { sent, point, store };
}

const sentInvoice = (sent: Sent) => JSON.parse(sent.fields.invoice_data ?? '{}') as Record<string, unknown>;
const fieldAt = (path: string) =>
  screen.getAllByTestId('review-field').find((f) => f.dataset.path === path) as HTMLElement;
const inputAt = (path: string) => fieldAt(path).querySelector('input, select, textarea') as HTMLInputElement;

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('ReviewFlow', () => {
  it('prefills the whole invoice with each value, where it was read and how sure; uncertain values marked', () => {
    const { point } = setup({ answer: () => reading });
    expect(inputAt('number').value).toBe('F-2026-0001');
    expect(fieldAt('number').textContent).toContain('read on page 1 · 97 % sure');
    expect(fieldAt('number').classList.contains('uncertain')).toBe(false);
    const total = fieldAt('totals.tax_inclusive');
    expect(inputAt('totals.tax_inclusive').value).toBe('11123456782.00');
    expect(total.classList.contains('uncertain')).toBe(true);
    expect(total.textContent).toContain('check this value · “TVA FR11123456782”');
    expect(inputAt('seller.name').value).toBe('Atelier Exemple SAS');
    expect(screen.getAllByTestId('review-lines-row')).toHaveLength(2);
    expect(inputAt('lines[0].quantity').value).toBe('3');
    expect(fieldAt('lines[0].quantity').dataset.term).toBe('BG-25[1]/BT-129');
    expect(screen.getAllByTestId('review-notes-row')).toHaveLength(3);
    expect(inputAt('business_process').value).toBe('');

    fireEvent.focus(inputAt('number'));
    expect(point).toHaveBeenLastCalledWith('BT-1');
    fireEvent.mouseEnter(fieldAt('lines[0].quantity'));
    expect(point).toHaveBeenLastCalledWith('BG-25[1]/BT-129');
  });

  it('shows and takes dates as the page’s language writes them, and sends them as YYYY-MM-DD', async () => {
    localStorage.setItem('facturx.lang', 'fr');
    const { sent } = setup({ answer: () => reading });
    const issue = inputAt('issue_date');
    expect(issue.type).toBe('text');
    expect(issue.value).toBe('01/09/2026');
    expect(issue.placeholder).toBe('JJ/MM/AAAA');
    fireEvent.change(issue, { target: { value: '15/09/2026' } });
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sentInvoice(sent.at(-1)!).issue_date).toBe('2026-09-15');
    fireEvent.keyDown(issue, { key: 'ArrowDown' });
    await waitFor(() => expect(sentInvoice(sent.at(-1)!).issue_date).toBe('2026-09-14'));
    expect(issue.value).toBe('14/09/2026');
  });

  it('keeps convert off while the target cannot pass and says why; each finding leads to its field', async () => {
    setup({ answer: () => reading });
    const convert = screen.getByRole('button', { name: 'Convert' }) as HTMLButtonElement;
    expect(convert.disabled).toBe(true);
    expect(screen.getByTestId('convert-why').textContent).toBe(
      'Not yet: 2 blocking finding(s) above must be cleared first.',
    );
    const findings = screen.getAllByTestId('review-finding');
    expect(findings.map((finding) => finding.dataset.rule)).toEqual(['BR-CO-15', 'BR-FR-08_BT-23']);
    expect(findings[0]?.textContent).toContain('Invoice total amount with VAT');
    fireEvent.click(
      within(findings[1] as HTMLElement).getByRole('button', { name: 'Go to Business process type' }),
    );
    expect(document.activeElement).toBe(inputAt('business_process'));
  });

  it('leads a finding about a whole group, the seller identifier or the delivery country to its field', async () => {
    const finding = (ruleId: string, bt: string) => ({
      ruleId,
      bt,
      kind: 'blocking',
      message: ruleId,
      input: null,
    });
    const { lines: _lines, ...withoutLines } = candidate;
    const first: Answer = {
      ok: true,
      status: 200,
      body: dryRunBody({
        status: 'failed',
        requirements: [
          finding('BR-16', 'BG-25'),
          finding('BR-08', 'BG-5'),
          finding('BR-CO-26', 'BT-29'),
          finding('BR-IC-12', 'BT-80'),
        ],
        candidateInvoiceData: withoutLines,
      }),
    };
    setup({ answer: () => first, first });
    const goTo = (rule: string) => {
      const shown = screen
        .getAllByTestId('review-finding')
        .find((f) => f.dataset.rule === rule) as HTMLElement;
      fireEvent.click(within(shown).getByRole('button', { name: /^Go to / }));
    };
    expect(screen.queryAllByTestId('review-lines-row')).toHaveLength(0);
    goTo('BR-16');
    await waitFor(() => expect(document.activeElement).toBe(inputAt('lines[0].id')));
    goTo('BR-08');
    expect(document.activeElement).toBe(inputAt('seller.address.line1'));
    goTo('BR-CO-26');
    expect(document.activeElement).toBe(inputAt('seller.identifiers[0].value'));
    goTo('BR-IC-12');
    expect(document.activeElement).toBe(inputAt('delivery.address.country_code'));
  });

  it('checks each correction with the full invoice_data and the PDF as carrier, clears findings, then converts', async () => {
    const { sent } = setup({
      answer: ({ fields }) => {
        const invoice = JSON.parse(fields.invoice_data ?? '{}') as {
          totals?: { tax_inclusive?: string };
          business_process?: string;
        };
        const requirements = [
          ...(invoice.totals?.tax_inclusive === '499.64' ? [] : [totalRule]),
          ...(invoice.business_process ? [] : [processRule]),
        ];
        if (!fields.dry_run)
          return {
            ok: true,
            status: 200,
            body: {
              ...dryRunBody({}),
              success: true,
              result: { ...dryRunBody({}).result, conversionSuccessful: true, pdf: btoa('%PDF') },
            },
          };
        return {
          ok: true,
          status: 200,
          body: dryRunBody({ status: requirements.length ? 'failed' : 'verified', requirements }),
        };
      },
    });
    await act(async () => fireEvent.change(inputAt('totals.tax_inclusive'), { target: { value: '499,64' } }));
    await waitFor(() =>
      expect(screen.getAllByTestId('review-finding').map((f) => f.dataset.rule)).toEqual(['BR-FR-08_BT-23']),
    );
    expect(inputAt('totals.tax_inclusive').value).toBe('499.64');
    expect(fieldAt('totals.tax_inclusive').textContent).toContain('corrected by you');
    expect(fieldAt('totals.tax_inclusive').classList.contains('uncertain')).toBe(false);
    const check = sent.at(-1) as Sent;
    expect(check.file).toBe(pdf);
    expect(check.fields.dry_run).toBe('true');
    expect(sentInvoice(check)).toMatchObject({
      number: 'F-2026-0001',
      totals: { tax_inclusive: '499.64' },
      seller: { name: 'Atelier Exemple SAS' },
    });

    await act(async () => fireEvent.change(inputAt('business_process'), { target: { value: 's1' } }));
    await waitFor(() => expect(screen.getByTestId('review-status').dataset.state).toBe('ready'));
    expect(screen.getByText('No finding: the corrected invoice passes.')).toBeTruthy();
    expect(screen.getByTestId('convert-why').textContent).toBe(
      'Ready: the corrected invoice passes the checks.',
    );

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Convert' })));
    const final = sent.at(-1) as Sent;
    expect(final.fields.dry_run).toBeUndefined();
    expect(final.fields.output).toBe('facturx_pdfa3');
    expect(final.file).toBe(pdf);
    expect(sentInvoice(final)).toMatchObject({ business_process: 's1', totals: { tax_inclusive: '499.64' } });
    await waitFor(() => expect(screen.getByTestId('convert-result')).toBeTruthy());
  });

  it('keeps the previous findings shown, marked as being checked again, until the new answer arrives', async () => {
    let answer: (value: Answer) => void = () => undefined;
    setup({ answer: () => new Promise<Answer>((resolve) => (answer = resolve)) });
    const shownRules = () => screen.queryAllByTestId('review-finding').map((f) => f.dataset.rule);
    // Every state the findings area goes through is recorded, so a moment with nothing shown would be seen.
    const seen: string[] = [];
    const record = () =>
      seen.push(
        `${screen.getByTestId('review-shown').dataset.rechecking}:${shownRules().join(',') || 'none'}`,
      );
    const observer = new MutationObserver(record);
    observer.observe(screen.getByTestId('review-status'), {
      subtree: true,
      childList: true,
      attributes: true,
    });

    await act(async () => fireEvent.change(inputAt('totals.tax_inclusive'), { target: { value: '499.64' } }));
    await waitFor(() => expect(screen.getByTestId('review-shown').dataset.rechecking).toBe('true'));
    expect(shownRules()).toEqual(['BR-CO-15', 'BR-FR-08_BT-23']);
    expect(screen.getByTestId('review-shown').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('review-rechecking').textContent).toContain('previous check');
    expect(screen.queryByText('No finding: the corrected invoice passes.')).toBeNull();
    expect((screen.getByRole('button', { name: 'Convert' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () =>
      answer({ ok: true, status: 200, body: dryRunBody({ status: 'failed', requirements: [processRule] }) }),
    );
    await waitFor(() => expect(screen.getByTestId('review-shown').dataset.rechecking).toBe('false'));
    expect(shownRules()).toEqual(['BR-FR-08_BT-23']);
    expect(screen.queryByTestId('review-rechecking')).toBeNull();
    observer.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((state) => state.endsWith(':none'))).toEqual([]);
  });

  it('adds the usual legal note a France 2026 finding asks for', async () => {
    const noteRule = {
      ruleId: 'BR-FR-05_BT-22_PMT',
      bt: 'BT-22',
      kind: 'advisory',
      message: 'PMT note missing.',
      input: 'seller_context.document_notes[PMT]',
    };
    const { sent } = setup({
      answer: () => ({
        ok: true,
        status: 200,
        body: dryRunBody({
          requirements: [noteRule],
          examplePayload: {
            seller_context: {
              document_notes: [{ subject_code: 'PMT', content: 'Indemnité forfaitaire : 40 EUR.' }],
            },
          },
        }),
      }),
    });
    await act(async () => fireEvent.change(inputAt('number'), { target: { value: 'F-2026-0002' } }));
    const add = await screen.findByRole('button', { name: 'Add the usual PMT note' });
    await act(async () => fireEvent.click(add));
    expect(screen.getAllByTestId('review-notes-row')).toHaveLength(4);
    await waitFor(() =>
      expect(sentInvoice(sent.at(-1) as Sent).notes).toContainEqual({
        subject_code: 'PMT',
        content: 'Indemnité forfaitaire : 40 EUR.',
      }),
    );
    expect(screen.getByTestId('convert-why').textContent).toBe(
      'Ready: the invoice passes; 1 recommendation(s) remain and will be marked.',
    );
  });

  it('names the fields a refusal says are missing, and marks them', async () => {
    setup({
      answer: () => ({
        ok: false,
        status: 422,
        error: {
          error: 'insufficient_data',
          message: 'Required invoice data is missing.',
          missing_fields: ['seller.name'],
        },
      }),
    });
    await act(async () => fireEvent.change(inputAt('seller.name'), { target: { value: '' } }));
    await waitFor(() => expect(screen.getByTestId('review-status').dataset.state).toBe('refused'));
    expect(fieldAt('seller.name').classList.contains('has-problem')).toBe(true);
    expect(inputAt('seller.name').getAttribute('aria-invalid')).toBe('true');
    const status = within(screen.getByTestId('review-status'));
    expect(status.getByText('Some required invoice data is missing.')).toBeTruthy();
    fireEvent.click(status.getByRole('button', { name: 'Seller name' }));
    expect(document.activeElement).toBe(inputAt('seller.name'));
    expect(screen.getByTestId('convert-why').textContent).toContain('Not yet');
    expect(screen.getByTestId('review').textContent).not.toContain('insufficient_data');
  });

  it('fills the seller from a saved profile in one click, and saves a corrected buyer as a profile', async () => {
    const { store, sent } = setup({ answer: () => reading });
    const sellerBar = within(screen.getByTestId('profiles-seller'));
    const choice = sellerBar.getByLabelText('Fill the seller from a saved profile');
    await act(async () => fireEvent.focus(choice));
    await waitFor(() => expect(sellerBar.getByRole('option', { name: /Acme Menuiserie SARL/ })).toBeTruthy());
    await act(async () => fireEvent.change(choice, { target: { value: 'acme' } }));
    expect(inputAt('seller.name').value).toBe('Acme Menuiserie SARL');
    await waitFor(() =>
      expect(sentInvoice(sent.at(-1) as Sent)).toMatchObject({ seller: { name: 'Acme Menuiserie SARL' } }),
    );

    const buyerBar = within(screen.getByTestId('profiles-buyer'));
    fireEvent.change(buyerBar.getByLabelText('Profile name to save under'), {
      target: { value: 'client-demo' },
    });
    await act(async () =>
      fireEvent.click(buyerBar.getByRole('button', { name: 'Save the buyer as a profile' })),
    );
    expect(store.records.get('buyer/client-demo')?.data).toMatchObject({
      buyer: { name: 'Client Démonstration SARL' },
    });
    expect(buyerBar.getByTestId('profile-saved-buyer').textContent).toBe('Saved as profile client-demo.');
  });

  it('speaks French', () => {
    localStorage.setItem('facturx.lang', 'fr');
    setup({ answer: () => reading });
    expect(screen.getByText('Vérifiez la facture lue dans le PDF')).toBeTruthy();
    expect(fieldAt('number').textContent).toContain('lu page 1 · sûr à 97 %');
    expect(fieldAt('totals.tax_inclusive').textContent).toContain('valeur à vérifier');
    expect(screen.getByTestId('convert-why').textContent).toBe(
      'Pas encore : 2 constat(s) bloquant(s) ci-dessus à lever d’abord.',
    );
  });
});
