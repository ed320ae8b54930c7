/**
 * The validation engine: parse, detect the Factur-X profile, run the stages (structure, EN16931
 * Schematron rules, France 2026 rules), and write the report of spec/cli.md. Input it cannot judge at all
 * is an error value, never a report and never an exception.
 */
import { LEGAL_DISCLAIMER } from '../api/disclaimer';
import { fillText, type Lang, type LocalizedText } from '../api/lang';
import { VALIDATION_TARGETS, type ValidationTarget } from '../api/targets';
import type { StageResult, ValidationIssue, ValidationReportBody } from '../api/validation-report';
import { CII_PREFIXES } from '../cii/namespaces';
import { detectProfile } from '../cii/profile';
import type { CiiWritten } from '../cii/write';
import { notCiiText } from '../cii/read';
import type { Finding, RuleSet, Stage } from '../rules/rule';
import { facturxProfileRules } from '../rules/facturx';
import { ruleInput, runRuleSets } from '../rules/run';
import { OutOfTime, timeLimit, type Clock, type TimeLimit } from '../rules/time-limit';
import { xmlErrorText } from '../xml/messages';
import { readXml } from '../xml/parse-bytes';
import { locator } from '../xml/query';
import type { XmlDocument, XmlElement, XmlEncoding } from '../xml/tree';
import { artifactOf } from './artifacts';
import { profileConformance, profileNotes } from './profile-verdict';
import { gapIssues } from './schema-gaps';
import { validationError, type ValidationOutcome } from './report';
import { stageRuleSets, type XmlStage } from './rule-sets';

export type PdfStage = 'pdfa' | 'facturx_pdf';

/** What the PDF checker found for one PDF stage, merged into the report of the embedded XML. */
export type PdfStageFindings =
  | { readonly skipped: false; readonly issues: readonly ValidationIssue[] }
  | { readonly skipped: true; readonly skip_reason: string };

export interface ValidateOptions {
  /** `en16931` or `france_2026`; anything else is an `invalid_options` error. */
  readonly target: string;
  readonly filename?: string;
  readonly lang?: Lang;
  readonly now?: () => Date;
  /** Findings of the PDF side, when the XML came out of a Factur-X PDF; absent: the PDF stages are skipped. */
  readonly pdf?: Readonly<Record<PdfStage, PdfStageFindings>>;
  /** For text already decoded: the encoding it was read in (bytes are read by their own). */
  readonly encoding?: XmlEncoding;
  /**
   * When the XML is a candidate we wrote (core/cii/write.ts): what its profile's schema requires and the
   * invoice lacks, reported in the structure stage as the rules that need it. When `xml` is null the XML
   * is the writer's draft, which does not fit the schema for those gaps alone: the schema's own check
   * would only repeat them in its words, so the gaps stand for it.
   */
  readonly written?: Pick<CiiWritten, 'xml' | 'gaps'>;
  /** The time bound of the rules, in milliseconds (default {@link VALIDATION_TIME_LIMIT_MS}). */
  readonly timeLimitMs?: number;
  /** The clock the time bound is read from (default: the process's); a test's own shows the bound without a slow document. */
  readonly clock?: Clock;
}

/**
 * The rules of one XML take well under a second for a real invoice, and some seconds at the size
 * bounds of an XML (README, "Refusals and bounds"); beyond this the document is refused.
 */
export const VALIDATION_TIME_LIMIT_MS = 60_000;

const UNKNOWN_TARGET: LocalizedText = {
  en: 'Unknown validation target "{target}": expected one of {known}.',
  fr: 'Cible de validation inconnue « {target} » : attendu l’une de {known}.',
};

const OUT_OF_TIME: LocalizedText = {
  en: 'The XML is refused: checking it against its rules takes longer than {limit} s, the bound for one document.',
  fr: 'Le XML est refusé : son contrôle par ses règles prend plus de {limit} s, la limite pour un document.',
};

const UNDECLARED_PREFIX: LocalizedText = {
  en: 'The XML is not namespace-well-formed (line {line}, column {column}): prefix "{prefix}" is not declared.',
  fr: 'Le XML n’est pas conforme aux espaces de noms (ligne {line}, colonne {column}) : le préfixe « {prefix} » n’est pas déclaré.',
};

/** Validates a document given as bytes (read by their encoding) or as decoded text. */
export function validateXml(source: string | Uint8Array, options: ValidateOptions): ValidationOutcome {
  const started = performance.now();
  const read = readToValidate(source, options);
  return 'doc' in read ? validateDocument(read.doc, options, started) : read;
}

/** The document a validation reads, or the outcome of one it cannot: an unknown target, an unreadable XML. */
export function readToValidate(
  source: string | Uint8Array,
  options: ValidateOptions,
): { readonly doc: XmlDocument } | ValidationOutcome {
  const targetError = checkTarget(options.target);
  if (targetError) return targetError;
  const parsed = readXml(source, options.encoding ? { encoding: options.encoding } : {});
  if (parsed.ok) return { doc: parsed.doc };
  const code = parsed.error.code === 'xml_too_large' ? 'file_too_large' : 'invalid_data_format';
  return validationError(code, xmlErrorText(parsed.error));
}

function checkTarget(target: string): ValidationOutcome | null {
  if ((VALIDATION_TARGETS as readonly string[]).includes(target)) return null;
  return validationError(
    'invalid_options',
    fillText(UNKNOWN_TARGET, { target, known: VALIDATION_TARGETS.join(', ') }),
  );
}

export function validateDocument(
  doc: XmlDocument,
  options: ValidateOptions,
  started: number = performance.now(),
): ValidationOutcome {
  const limitMs = options.timeLimitMs ?? VALIDATION_TIME_LIMIT_MS;
  try {
    return judge(doc, options, started, timeLimit(limitMs, options.clock));
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
    return validationError('invalid_data_format', fillText(OUT_OF_TIME, { limit: limitMs / 1000 }), 'time');
  }
}

function judge(
  doc: XmlDocument,
  options: ValidateOptions,
  started: number,
  time: TimeLimit,
): ValidationOutcome {
  const targetError = checkTarget(options.target);
  if (targetError) return targetError;
  const target = options.target as ValidationTarget;
  const lang = options.lang ?? 'en';
  if (doc.undeclaredPrefixes.length > 0) {
    const { prefix, line, column } = doc.undeclaredPrefixes[0]!;
    return validationError('invalid_data_format', fillText(UNDECLARED_PREFIX, { prefix, line, column }));
  }
  // A CrossIndustryInvoice in a wrong namespace is still judged (the structure stage rejects it, and
  // the official Schematron still fires its `//` rules); any other root is not a CII invoice at all.
  if (doc.root.local !== 'CrossIndustryInvoice')
    return validationError('invalid_data_format', notCiiText(doc.root));

  const profile = detectProfile(doc.root);
  const input = ruleInput(doc, time);
  const issues: ValidationIssue[] = [];
  const stages = {} as Record<Stage, StageResult>;
  const used: RuleSet[] = [];
  const locate = locator(CII_PREFIXES);

  const pdf = pdfStages(options.pdf);
  issues.push(...pdf.issues);
  Object.assign(stages, pdf.stages);
  const byStage = {} as Record<XmlStage, ValidationIssue[]>;
  const gaps = options.written ? gapIssues(options.written.gaps, profile ?? 'EN16931', lang) : [];
  for (const stage of ['xsd', 'schematron', 'fr_ctc'] as const satisfies readonly XmlStage[]) {
    byStage[stage] = [];
    if (stage === 'fr_ctc' && target !== 'france_2026') {
      stages[stage] = skippedStage('target_en16931');
      continue;
    }
    const sets = stageRuleSets(stage, profile);
    used.push(...sets);
    const run = () => runRuleSets(input, sets).map((f) => issueOf(f, lang, locate));
    if (stage === 'xsd') byStage[stage] = [...gaps, ...(options.written?.xml === null ? [] : run())];
    // A rule a gap already reports for the same place is not said twice.
    else
      byStage[stage] = run().filter(
        (i) => !gaps.some((g) => g.ruleId === i.ruleId && within(g.location, i.location)),
      );
    issues.push(...byStage[stage]);
    stages[stage] = stageResult(byStage[stage]);
  }
  // The declared profile's own rules: a verdict apart from the target's, so its findings are not `issues`.
  let profileIssues: ValidationIssue[] | null = null;
  const profileSet = profile ? facturxProfileRules(profile) : null;
  if (profileSet) {
    used.push(profileSet);
    profileIssues = runRuleSets(input, [profileSet]).map((f) => issueOf(f, lang, locate));
    stages.profile = stageResult(profileIssues);
  } else stages.profile = skippedStage('profile_not_recognised');
  const conformance = profileConformance({
    profile,
    target,
    profileIssues,
    xsdIssues: byStage.xsd,
    frIssues: byStage.fr_ctc,
    firstYearRuleSets: used.filter((s) => s.stage !== 'schematron').map((s) => s.id),
    lang,
  });

  return {
    ok: true,
    report: {
      valid: isValid(issues),
      target,
      profile,
      filename: options.filename ?? null,
      validatedAt: (options.now ?? (() => new Date()))().toISOString(),
      durationMs: elapsedMs(started),
      summary: summaryOf(issues),
      issues,
      stages,
      profileConformance: conformance,
      validationArtifacts: used.map((set) => artifactOf(set, profile ?? 'EN16931')),
      notes: profileNotes(conformance, lang),
      legalDisclaimer: LEGAL_DISCLAIMER[lang],
    },
  };
}

/** Whether the place `location` names lies at or below `ancestor` (both as the locator writes them). */
const within = (location: string, ancestor: string): boolean =>
  location === ancestor || location.startsWith(`${ancestor}/`);

/**
 * The report `validateXml` gives for an XML with the findings of its PDF, from the report of the same XML
 * judged alone (its PDF stages skipped): the XML stages are not run again. A convert judges its candidate
 * XML before packaging it, then the packaged PDF with that very XML inside.
 */
export function withPdfStages(
  xmlReport: ValidationReportBody,
  pdf: Readonly<Record<PdfStage, PdfStageFindings>>,
  started: number,
): ValidationReportBody {
  const found = pdfStages(pdf);
  const issues = [...found.issues, ...xmlReport.issues.filter((i) => !isPdfStage(i.stage))];
  return {
    ...xmlReport,
    valid: isValid(issues),
    durationMs: Math.round((xmlReport.durationMs + elapsedMs(started)) * 1000) / 1000,
    summary: summaryOf(issues),
    issues,
    stages: { ...xmlReport.stages, ...found.stages },
  };
}

const isPdfStage = (stage: string): stage is PdfStage => stage === 'pdfa' || stage === 'facturx_pdf';

/** The PDF stages' issues and results; absent findings: skipped, the input was not a PDF. */
function pdfStages(pdf: ValidateOptions['pdf']): {
  issues: ValidationIssue[];
  stages: Record<PdfStage, StageResult>;
} {
  const issues: ValidationIssue[] = [];
  const stages = {} as Record<PdfStage, StageResult>;
  for (const stage of ['pdfa', 'facturx_pdf'] as const) {
    const found = pdf?.[stage] ?? { skipped: true as const, skip_reason: 'not_a_pdf' };
    if (found.skipped) stages[stage] = skippedStage(found.skip_reason);
    else {
      issues.push(...found.issues);
      stages[stage] = stageResult(found.issues);
    }
  }
  return { issues, stages };
}

const fatalCount = (issues: readonly ValidationIssue[]): number =>
  issues.filter((i) => i.severity === 'fatal').length;

const isValid = (issues: readonly ValidationIssue[]): boolean => fatalCount(issues) === 0;

function summaryOf(issues: readonly ValidationIssue[]): ValidationReportBody['summary'] {
  const errorCount = fatalCount(issues);
  return { errorCount, warningCount: issues.length - errorCount };
}

const elapsedMs = (started: number): number => Math.round((performance.now() - started) * 1000) / 1000;

function issueOf(f: Finding, lang: Lang, locate: (el: XmlElement) => string): ValidationIssue {
  return {
    ruleId: f.rule.id,
    severity: f.rule.severity,
    message: f.detail ? `${f.rule.message[lang]} (${f.detail[lang]})` : f.rule.message[lang],
    location: locate(f.at),
    bt: f.rule.bt[0] ?? null,
    stage: f.stage,
  };
}

function stageResult(issues: readonly ValidationIssue[]): StageResult {
  const errors = fatalCount(issues);
  return {
    passed: errors === 0,
    skipped: false,
    skip_reason: null,
    error_count: errors,
    warning_count: issues.length - errors,
  };
}

function skippedStage(reason: string): StageResult {
  // Not "passed": nothing was checked; `skipped` and the reason say why.
  return { passed: false, skipped: true, skip_reason: reason, error_count: 0, warning_count: 0 };
}
