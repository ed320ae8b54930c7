// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/i18n';
import { invalidReport, validReport } from '../testing/sample-bodies';
import { ReportView } from './report-view';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const show = (report = invalidReport) =>
  render(
    <I18nProvider>
      <ReportView report={report} />
    </I18nProvider>,
  );

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('ReportView', () => {
  it('gives the verdict with the profile, the target and the counts', () => {
    show();
    const verdict = screen.getByTestId('verdict');
    expect(verdict.dataset.valid).toBe('false');
    expect(verdict.textContent).toContain('Not valid');
    expect(verdict.textContent).toContain('Profile EN16931 · Checked against France 2026');
    expect(verdict.textContent).toContain('3 errors · 0 warnings');
  });

  it('shows each stage as passed, failed or not run, with its counts or why it did not run', () => {
    show(validReport);
    expect(screen.getByTestId('stage-xsd').dataset.state).toBe('passed');
    expect(screen.getByTestId('stage-xsd').textContent).toContain('0 errors · 0 warnings');
    expect(screen.getByTestId('stage-fr_ctc').dataset.state).toBe('skipped');
    expect(screen.getByTestId('stage-fr_ctc').textContent).toContain('France 2026 not selected');
    expect(screen.getByTestId('stage-pdfa').textContent).toContain('not a PDF');
    expect(screen.getByTestId('verdict').textContent).toContain('Valid invoice');
    expect(screen.getByText('No finding: every rule that was run is met.')).toBeTruthy();
  });

  it('lists the findings by stage with severity, rule id, business term, message and location', () => {
    show();
    const rules = within(screen.getByTestId('issues-schematron'));
    expect(rules.getByRole('heading').textContent).toBe('EN 16931 business rules');
    const issue = screen.getAllByTestId('issue').find((item) => item.dataset.rule === 'BR-06');
    expect(issue?.textContent).toContain('Error');
    expect(issue?.textContent).toContain('BT-27');
    expect(issue?.textContent).toContain('An Invoice must have a Seller name (BT-27).');
    expect(issue?.querySelector('.issue-location code')?.textContent).toBe('/rsm:CrossIndustryInvoice');
    expect(screen.getAllByTestId('issue-rule').map((rule) => rule.textContent)).toEqual([
      'XSD',
      'BR-06',
      'BR-FR-13_BT-34',
    ]);
    expect(screen.getByTestId('legal-disclaimer').textContent).toBe(
      'Documentary and technical evidence only.',
    );
  });

  it('presents France 2026 findings as preflight blockers, in French too', () => {
    localStorage.setItem('facturx.lang', 'fr');
    show();
    const blockers = within(screen.getByTestId('issues-fr_ctc'));
    expect(blockers.getByRole('heading').textContent).toBe('Points bloquants France 2026 (pré-contrôle)');
    expect(blockers.getByText(/doit être levé/)).toBeTruthy();
    expect(blockers.getByText(/add it in ram:URIUniversalCommunication/)).toBeTruthy();
    expect(screen.getByTestId('verdict').textContent).toContain('3 erreurs · 0 avertissement');
    expect(screen.getByTestId('stage-pdfa').textContent).toContain('Non exécuté');
  });
});
