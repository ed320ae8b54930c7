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

  it('gives the Factur-X profile its own verdict line, in the report’s words, apart from the target', () => {
    show(validReport);
    const line = screen.getByTestId('verdict-profile');
    expect(line.dataset.state).toBe('passed');
    expect(line.textContent).toContain('Factur-X profile');
    expect(screen.getByTestId('profile-statement').textContent).toBe('Conforms to Factur-X EN 16931.');
    expect(within(screen.getByTestId('verdict-data')).queryByTestId('stage-profile')).toBeNull();
  });

  it('lists the profile rules’ findings apart, even when the target passes', () => {
    const finding = {
      ruleId: 'FX-SCH-A-000123',
      severity: 'fatal',
      message:
        'Factur-X MINIMUM does not use “Buyer reference (BT-10)”: remove it, or declare a profile that carries it (BT-24).',
      location: '/rsm:CrossIndustryInvoice',
      bt: 'BT-10',
      stage: 'profile',
    } as const;
    show(
      {
        ...validReport,
        stages: {
          ...validReport.stages,
          profile: { ...validReport.stages.xsd, passed: false, error_count: 1 },
        },
        profileConformance: {
          ...validReport.profileConformance,
          profile: 'MINIMUM',
          conforms: false,
          summary: { errorCount: 1, warningCount: 0 },
          issues: [finding],
          statement:
            'Does not conform to Factur-X MINIMUM (1 error(s) of its profile rules); not an EN 16931 invoice either.',
        },
      },
      { 'BT-10': 'SERVEXEC' },
    );
    expect(screen.getByTestId('verdict-data').dataset.state).toBe('passed');
    expect(screen.getByTestId('verdict-profile').dataset.state).toBe('failed');
    expect(screen.getByTestId('profile-statement').textContent).toContain(
      'Does not conform to Factur-X MINIMUM',
    );
    const findings = within(screen.getByTestId('findings-profile'));
    expect(findings.getByText('What the rules of its Factur-X profile find')).toBeTruthy();
    expect(findings.getByTestId('issue-message').textContent).toBe(finding.message);
    expect(findings.getByTestId('issue-value').textContent).toBe('Value found: SERVEXEC');
    expect(screen.queryByText('No finding: every rule that was run is met.')).toBeNull();
  });

  it('says when the profile rules were not run, without counts', () => {
    show({
      ...validReport,
      stages: { ...validReport.stages, profile: { ...validReport.stages.fr_ctc } },
      profileConformance: {
        ...validReport.profileConformance,
        profile: null,
        conforms: null,
        statement:
          'The document declares no Factur-X profile we know (BT-24): its profile rules were not checked.',
      },
    });
    const line = screen.getByTestId('verdict-profile');
    expect(line.dataset.state).toBe('not_checked');
    expect(line.textContent).toContain('declares no Factur-X profile we know');
    expect(line.textContent).not.toContain('errors');
  });

  it('presents France 2026 findings as preflight blockers, in French too', () => {
    localStorage.setItem('facturx.lang', 'fr');
    show();
    const blockers = within(screen.getByTestId('issues-fr_ctc'));
    expect(blockers.getByRole('heading').textContent).toBe('Points bloquants France 2026 (pré-contrôle)');
    expect(blockers.getByText(/doit être levé/)).toBeTruthy();
    expect(blockers.getByText(/usually the seller's SIREN, with scheme 0225/)).toBeTruthy();
    expect(blockers.getByText(/Nécessaire avant l’envoi/)).toBeTruthy();
    expect(screen.getByTestId('verdict').textContent).toContain('3 erreurs · 0 avertissement');
    expect(screen.getByTestId('verdict-data').textContent).toContain('Données de la facture');
    expect(screen.getByTestId('verdict-container').textContent).toContain('Non contrôlé');
  });
});
