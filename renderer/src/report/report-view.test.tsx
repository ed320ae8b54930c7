// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ValidationReportBody } from '../../../core/api/validation-report';
import { I18nProvider } from '../i18n/i18n';
import { containerOnlyReport, invalidReport, validReport } from '../testing/sample-bodies';
import { ReportView } from './report-view';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const show = (report: ValidationReportBody = invalidReport, values?: Record<string, string>) =>
  render(
    <I18nProvider>
      <ReportView report={report} {...(values ? { values } : {})} />
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

  it('puts the invoice data and the PDF container side by side; an XML has no container', () => {
    show(validReport);
    const data = screen.getByTestId('verdict-data');
    expect(data.dataset.state).toBe('passed');
    expect(data.textContent).toContain('Invoice data');
    expect(screen.getByTestId('stage-xsd').dataset.state).toBe('passed');
    expect(screen.getByTestId('stage-xsd').textContent).toContain('0 errors · 0 warnings');
    expect(screen.getByTestId('stage-fr_ctc').dataset.state).toBe('skipped');
    expect(screen.getByTestId('stage-fr_ctc').textContent).toContain('France 2026 not selected');
    const container = screen.getByTestId('verdict-container');
    expect(container.dataset.state).toBe('not_checked');
    expect(container.textContent).toContain('An XML file has no PDF container');
    expect(screen.getByTestId('verdict-summary').textContent).toBe('The invoice data passes EN 16931.');
    expect(screen.getByText('No finding: every rule that was run is met.')).toBeTruthy();
  });

  it('says exactly that the data is fine when only the PDF container fails', () => {
    show(containerOnlyReport);
    expect(screen.getByTestId('verdict-data').dataset.state).toBe('passed');
    expect(screen.getByTestId('verdict-container').dataset.state).toBe('failed');
    expect(screen.getByTestId('stage-pdfa').dataset.state).toBe('failed');
    expect(screen.getByTestId('verdict-summary').textContent).toBe(
      'The invoice data passes EN 16931. The invoice data itself is fine; only the PDF container around it does not meet PDF/A-3 or Factur-X.',
    );
    expect(screen.queryByTestId('findings-data')).toBeNull();
    const finding = within(screen.getByTestId('findings-container')).getByTestId('issue');
    expect(finding.textContent).toContain('the invoice data is not affected');
  });

  it('tells each finding in plain words: the term, the rule, the value found, what to do; codes in a detail line', () => {
    show(invalidReport, { 'BT-27': 'ACME SARL' });
    const rules = within(screen.getByTestId('issues-schematron'));
    expect(rules.getByRole('heading').textContent).toBe('EN 16931 business rules');
    const issue = screen.getAllByTestId('issue').find((item) => item.dataset.rule === 'BR-06');
    expect(issue?.querySelector('.issue-term')?.textContent).toBe('Seller name');
    expect(issue?.textContent).toContain('An Invoice must have a Seller name (BT-27).');
    expect(within(issue as HTMLElement).getByTestId('issue-value').textContent).toBe(
      'Value found: ACME SARL',
    );
    expect(issue?.querySelector('.issue-action')?.textContent).toContain(
      'ask the issuer for a corrected invoice',
    );
    expect(issue?.querySelector('.issue-detail')?.textContent).toContain('BR-06');
    expect(issue?.querySelector('.issue-location code')?.textContent).toBe('/rsm:CrossIndustryInvoice');
    expect(screen.getAllByTestId('issue-rule').map((rule) => rule.textContent)).toEqual([
      'XSD',
      'BR-06',
      'BR-FR-13_BT-34',
    ]);
    expect(screen.getByTestId('verdict-summary').textContent).toBe(
      'The invoice data does not pass France 2026: see what to correct below.',
    );
    expect(screen.getByTestId('legal-disclaimer').textContent).toBe(
      'Documentary and technical evidence only.',
    );
  });

  it('reads France 2026 alone failing as not ready for France 2026 yet', () => {
    show({
      ...invalidReport,
      issues: invalidReport.issues.filter((issue) => issue.stage === 'fr_ctc'),
      stages: {
        ...invalidReport.stages,
        xsd: validReport.stages.xsd,
        schematron: validReport.stages.schematron,
      },
    });
    expect(screen.getByTestId('verdict-summary').textContent).toBe(
      'The invoice data passes EN 16931 but is not ready for France 2026 yet.',
    );
  });

  it('shows a Factur-X profile stage when the report has one', () => {
    const stages = { ...validReport.stages, profile: validReport.stages.xsd };
    show({ ...validReport, stages } as ValidationReportBody);
    expect(within(screen.getByTestId('verdict-data')).getByTestId('stage-profile').textContent).toContain(
      'Factur-X profile rules',
    );
  });

  it('presents France 2026 findings as preflight blockers, in French too', () => {
    localStorage.setItem('facturx.lang', 'fr');
    show();
    const blockers = within(screen.getByTestId('issues-fr_ctc'));
    expect(blockers.getByRole('heading').textContent).toBe('Points bloquants France 2026 (pré-contrôle)');
    expect(blockers.getByText(/doit être levé/)).toBeTruthy();
    expect(blockers.getByText(/add it in ram:URIUniversalCommunication/)).toBeTruthy();
    expect(blockers.getByText(/Nécessaire avant l’envoi/)).toBeTruthy();
    expect(screen.getByTestId('verdict').textContent).toContain('3 erreurs · 0 avertissement');
    expect(screen.getByTestId('verdict-data').textContent).toContain('Données de la facture');
    expect(screen.getByTestId('verdict-container').textContent).toContain('Non contrôlé');
  });
});
