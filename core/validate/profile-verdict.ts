/**
 * The profile verdict of a report, apart from the target verdict: whether the document conforms to the
 * Factur-X rules of the profile it declares, said in plain words, and why a MINIMUM or BASIC WL invoice,
 * however well formed for its profile, is not an EN 16931 invoice (the CEN rules apply to it in full,
 * exactly as the official artefact applies them).
 */
import { fillText, type Lang, type LocalizedText } from '../api/lang';
import type { ValidationTarget } from '../api/targets';
import type { ProfileConformance, ValidationIssue } from '../api/validation-report';
import { CONFORMANCE_LEVEL, type Profile } from '../cii/profile';

const NOT_EN16931: ReadonlySet<Profile> = new Set(['MINIMUM', 'BASIC_WL']);

const STATEMENTS = {
  unknown: {
    en: 'The document declares no Factur-X profile we know (BT-24): its profile rules were not checked.',
    fr: 'Le document ne déclare aucun profil Factur-X connu (BT-24) : les règles de profil n’ont pas été vérifiées.',
  },
  conformsNotEn16931: {
    en: 'Conforms to Factur-X {profile}; not an EN 16931 invoice.',
    fr: 'Conforme à Factur-X {profile} ; ce n’est pas une facture EN 16931.',
  },
  conforms: {
    en: 'Conforms to Factur-X {profile}.',
    fr: 'Conforme à Factur-X {profile}.',
  },
  failsNotEn16931: {
    en: 'Does not conform to Factur-X {profile} ({count} error(s) of its profile rules); not an EN 16931 invoice either.',
    fr: 'Non conforme à Factur-X {profile} ({count} erreur(s) de ses règles de profil) ; ce n’est pas non plus une facture EN 16931.',
  },
  fails: {
    en: 'Does not conform to Factur-X {profile}: {count} error(s) of its profile rules.',
    fr: 'Non conforme à Factur-X {profile} : {count} erreur(s) de ses règles de profil.',
  },
} satisfies Record<string, LocalizedText>;

const WHY_NOT_EN16931: Readonly<Partial<Record<Profile, LocalizedText>>> = {
  MINIMUM: {
    en: 'A Factur-X MINIMUM document carries no invoice lines (BG-25), no buyer address and no VAT breakdown: EN 16931 requires them, so it cannot be valid for the EN 16931 target, nor for France 2026. The EN 16931 rules it fails are listed as issues.',
    fr: 'Un document Factur-X MINIMUM ne porte ni lignes de facture (BG-25), ni adresse de l’acheteur, ni ventilation de TVA : l’EN 16931 les exige, il ne peut donc pas être valide pour la cible EN 16931, ni pour France 2026. Les règles EN 16931 qu’il enfreint sont listées dans les anomalies.',
  },
  BASIC_WL: {
    en: 'A Factur-X BASIC WL invoice carries no invoice lines (BG-25): EN 16931 requires at least one, so it cannot be valid for the EN 16931 target, nor for France 2026. The EN 16931 rules it fails are listed as issues.',
    fr: 'Une facture Factur-X BASIC WL ne porte pas de lignes de facture (BG-25) : l’EN 16931 en exige au moins une, elle ne peut donc pas être valide pour la cible EN 16931, ni pour France 2026. Les règles EN 16931 qu’elle enfreint sont listées dans les anomalies.',
  },
};

const FIRST_YEAR = {
  accepted: {
    en: 'During the first year of the reform, FNFE-MPE accepts a BASIC WL invoice judged on its profile rules and the French rules (BR-FR): on that basis this invoice is accepted.',
    fr: 'Pendant la première année de la réforme, le FNFE-MPE accepte une facture BASIC WL jugée sur ses règles de profil et les règles françaises (BR-FR) : sur cette base, cette facture est acceptée.',
  },
  refused: {
    en: 'During the first year of the reform, FNFE-MPE accepts a BASIC WL invoice judged on its profile rules and the French rules (BR-FR): on that basis this invoice is not accepted either ({count} error(s)).',
    fr: 'Pendant la première année de la réforme, le FNFE-MPE accepte une facture BASIC WL jugée sur ses règles de profil et les règles françaises (BR-FR) : même sur cette base, cette facture n’est pas acceptée ({count} erreur(s)).',
  },
} satisfies Record<string, LocalizedText>;

const fatal = (issues: readonly ValidationIssue[]): number =>
  issues.filter((i) => i.severity === 'fatal').length;

export interface ProfileVerdictInput {
  readonly profile: Profile | null;
  readonly target: ValidationTarget;
  /** Findings of the profile rules; null when they were not run. */
  readonly profileIssues: readonly ValidationIssue[] | null;
  /** Findings of the structure and BR-FR stages (for the first-year acceptance of BASIC WL). */
  readonly xsdIssues: readonly ValidationIssue[];
  readonly frIssues: readonly ValidationIssue[];
  /** The rule sets behind the first-year acceptance: structure, profile, BR-FR. */
  readonly firstYearRuleSets: readonly string[];
  readonly lang: Lang;
}

export function profileConformance(input: ProfileVerdictInput): ProfileConformance {
  const { profile, profileIssues, lang } = input;
  const issues = profileIssues ?? [];
  const errors = fatal(issues);
  const summary = { errorCount: errors, warningCount: issues.length - errors };
  if (profile === null || profileIssues === null)
    return {
      profile,
      conforms: null,
      summary,
      issues: [],
      franceFirstYear: null,
      statement: STATEMENTS.unknown[lang],
    };
  const conforms = errors === 0;
  const notEn16931 = NOT_EN16931.has(profile);
  const statement = conforms
    ? notEn16931
      ? STATEMENTS.conformsNotEn16931
      : STATEMENTS.conforms
    : notEn16931
      ? STATEMENTS.failsNotEn16931
      : STATEMENTS.fails;
  const firstYear =
    profile === 'BASIC_WL' && input.target === 'france_2026'
      ? fatal([...input.xsdIssues, ...issues, ...input.frIssues])
      : null;
  return {
    profile,
    conforms,
    summary,
    issues: [...issues],
    franceFirstYear:
      firstYear === null
        ? null
        : { accepted: firstYear === 0, errorCount: firstYear, ruleSets: [...input.firstYearRuleSets] },
    statement: fillText(statement, { profile: CONFORMANCE_LEVEL[profile], count: String(errors) })[lang],
  };
}

/** The notes of a report: why a MINIMUM or BASIC WL document fails the target, and its first-year standing. */
export function profileNotes(conformance: ProfileConformance, lang: Lang): string[] {
  const why = conformance.profile ? WHY_NOT_EN16931[conformance.profile] : undefined;
  if (!why) return [];
  const notes = [why[lang]];
  const firstYear = conformance.franceFirstYear;
  if (firstYear) {
    const text = firstYear.accepted ? FIRST_YEAR.accepted : FIRST_YEAR.refused;
    notes.push(fillText(text, { count: String(firstYear.errorCount) })[lang]);
  }
  return notes;
}
