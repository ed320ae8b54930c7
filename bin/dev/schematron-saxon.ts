/**
 * The official artefacts run by Saxon-HE 9.9.1.5 (Debian: `apt-get install libsaxonhe-java`): the CEN
 * EN16931 1.3.16 and FNFE BR-FR 1.4.0 Schematron, and the Factur-X 1.09 Schematron of the profile each
 * invoice declares, over any set of CII files. The dev oracle (schematron-oracle.ts) and the real-world
 * agreement measure (realworld-agreement.ts) read their verdicts from here; never run at install or test
 * time.
 *
 * Each Schematron is turned into XSLT here the way the ISO skeleton does (one mode per pattern, the
 * first matching rule of a pattern wins, variables in rule scope); the tests and contexts are the
 * artefact's own text, evaluated by Saxon. The Factur-X assertions that read a code list file not
 * published with the artefacts are left out, as in our rules.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectProfile } from '../../core/cii/profile';
import type { OfficialVerdict } from '../../core/testing/official-tally';
import { parseXml } from '../../core/xml/parse';
import {
  describe,
  FACTURX_ARTEFACTS,
  positionalId,
  readFacturxArtefact,
  readsCodeList,
} from './facturx-artefacts';
import { readSch, type SchArtefact, type SchAssertion } from './read-schematron';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const shared = path.resolve(repo, '../shared');
const reference = path.join(shared, 'reference');
const SAXON = '/usr/share/java/Saxon-HE.jar';

const DONE = '#completed';

const escape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where a finding sits: qualified names with their position among same-named siblings. */
const LOCATION =
  "string-join(for $a in ancestor-or-self::* return concat(name($a), '[', count($a/preceding-sibling::*[name() = name($a)]) + 1, ']'), '/')";

/**
 * Schema and pattern variables, global as the skeleton makes them (rule contexts may use them). The
 * artefacts declare a pattern variable again in other patterns with the same value: kept once.
 */
function globals(artefact: SchArtefact): (readonly [string, string])[] {
  const out = new Map<string, string>();
  for (const [n, v] of [...artefact.lets, ...artefact.patterns.flatMap((p) => p.lets)]) {
    if (out.has(n) && out.get(n) !== v) throw new Error(`variable ${n} declared twice with different values`);
    out.set(n, v);
  }
  return [...out];
}

/** The artefact as XSLT; `idOf` names each assertion (null: left out). */
function toXslt(artefact: SchArtefact, idOf: (a: SchAssertion, position: number) => string | null): string {
  const ns = new Map<string, string>([
    ['xsl', 'http://www.w3.org/1999/XSL/Transform'],
    ['xs', 'http://www.w3.org/2001/XMLSchema'],
    ...artefact.namespaces,
  ]);
  const out: string[] = [
    `<xsl:stylesheet version="2.0" ${[...ns].map(([p, u]) => `xmlns:${p}="${escape(u)}"`).join(' ')}>`,
    '<xsl:output method="text"/>',
    ...artefact.functions,
    ...globals(artefact).map(([n, v]) => `<xsl:variable name="${n}" select="${escape(v)}"/>`),
    '<xsl:template match="/">',
    ...artefact.patterns.map((_, i) => `<xsl:apply-templates select="/" mode="M${i}"/>`),
    // Written last: an output without it is one Saxon stopped in (a dynamic error).
    `<xsl:text>${DONE}&#10;</xsl:text>`,
    '</xsl:template>',
  ];
  let position = 0;
  artefact.patterns.forEach((pattern, i) => {
    pattern.rules.forEach((rule, j) => {
      out.push(
        `<xsl:template match="${escape(rule.context)}" priority="${1000 + pattern.rules.length - j}" mode="M${i}">`,
      );
      for (const [n, v] of [...pattern.lets, ...rule.lets])
        out.push(`<xsl:variable name="${n}" select="${escape(v)}"/>`);
      for (const a of rule.assertions) {
        const id = idOf(a, ++position);
        if (id === null) continue;
        const test = a.kind === 'assert' ? `not(${a.test})` : `(${a.test})`;
        out.push(
          `<xsl:if test="${escape(test)}"><xsl:value-of select="concat('${id}', '&#9;', '${a.flag}', '&#9;', ${escape(LOCATION)}, '&#10;')"/></xsl:if>`,
        );
      }
      out.push(`<xsl:apply-templates select="*" mode="M${i}"/></xsl:template>`);
    });
    out.push(
      `<xsl:template match="*" priority="-2" mode="M${i}"><xsl:apply-templates select="*" mode="M${i}"/></xsl:template>`,
    );
  });
  out.push('</xsl:stylesheet>');
  return out.join('\n');
}

/**
 * Runs one stylesheet over invoices in one Saxon run (a folder in, a folder out): findings per file, or
 * the error Saxon stopped on for that file.
 */
function runSaxon(xslt: string, files: readonly string[]): Map<string, Ran> {
  const work = mkdtempSync(path.join(tmpdir(), 'oracle-'));
  const input = path.join(work, 'in');
  const output = path.join(work, 'out');
  mkdirSync(input);
  mkdirSync(output);
  writeFileSync(path.join(work, 'rules.xsl'), xslt);
  files.forEach((file, i) => copyFileSync(file, path.join(input, `${i}.xml`)));
  let stderr = '';
  try {
    execFileSync(
      'java',
      [
        '-cp',
        SAXON,
        'net.sf.saxon.Transform',
        `-s:${input}`,
        `-xsl:${path.join(work, 'rules.xsl')}`,
        `-o:${output}`,
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
  } catch (e) {
    // One failing file makes Saxon exit non-zero; the others' outputs are there.
    stderr = String((e as { stderr?: Buffer }).stderr ?? e);
  }
  const results = new Map<string, Ran>();
  files.forEach((file, i) => {
    const out = path.join(output, `${i}.xml`);
    const lines = existsSync(out)
      ? readFileSync(out, 'utf8')
          .split('\n')
          .filter((l) => l !== '')
      : [];
    if (lines.pop() !== DONE) {
      // Saxon closes each file's error with `While processing <name>: <message>`.
      const line = stderr.split('\n').find((l) => l.startsWith(`While processing ${i}.xml: `));
      results.set(file, { error: line?.slice(`While processing ${i}.xml: `.length).trim() ?? 'no output' });
      return;
    }
    results.set(
      file,
      lines.map((l) => {
        const [id, flag, at] = l.split('\t');
        return { id: id!, flag: flag!, at: `/${at}` };
      }),
    );
  });
  return results;
}

/** A run's verdict on one file: its findings, or the error Saxon stopped on. */
export type Ran = Exclude<OfficialVerdict, null>;

export interface OfficialVerdicts {
  readonly profile: string | null;
  readonly en16931: Ran;
  readonly brfr: Ran;
  readonly facturx: OfficialVerdict;
}

/** The three artefacts' verdicts on each file (the profile's rules: those of the profile it declares). */
export function officialVerdicts(files: readonly string[]): Map<string, OfficialVerdicts> {
  const ownId = (a: SchAssertion): string | null => a.idAttribute;
  const cen = toXslt(
    readSch(
      'cen',
      readFileSync(
        path.join(reference, 'en16931-cii-1.3.16/preprocessed/EN16931-CII-validation-preprocessed.sch'),
        'utf8',
      ),
    ),
    ownId,
  );
  const brfr = toXslt(
    readSch(
      'brfr',
      readFileSync(path.join(reference, 'br-fr-flux2-cii-1.4.0/BR-FR-Flux2-Schematron-CII.sch'), 'utf8'),
    ),
    ownId,
  );
  console.log(`EN16931 and BR-FR on ${files.length} invoices…`);
  const cenResults = runSaxon(cen, files);
  const brfrResults = runSaxon(brfr, files);

  const profileResults = new Map<string, Ran>();
  const profiles = new Map<string, string | null>();
  for (const file of files) {
    const parsed = parseXml(readFileSync(file, 'utf8'));
    profiles.set(file, parsed.ok ? detectProfile(parsed.doc.root) : null);
  }
  for (const spec of FACTURX_ARTEFACTS) {
    const mine = files.filter((f) => profiles.get(f) === spec.profile);
    if (mine.length === 0) continue;
    console.log(`Factur-X ${spec.profile} on ${mine.length} invoices…`);
    const xslt = toXslt(
      readFacturxArtefact(path.join(reference, 'facturx-1.09-schematron'), spec),
      (a, position) => (readsCodeList(a) ? null : describe(a, positionalId(spec, position)).id),
    );
    for (const [file, r] of runSaxon(xslt, mine)) profileResults.set(file, r);
  }
  return new Map(
    files.map((file) => [
      file,
      {
        profile: profiles.get(file) ?? null,
        en16931: cenResults.get(file)!,
        brfr: brfrResults.get(file)!,
        facturx: profileResults.get(file) ?? null,
      },
    ]),
  );
}
