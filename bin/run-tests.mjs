#!/usr/bin/env node
// `npm test`: build, lint, format check, type check, unit and integration tests (vitest), end-to-end
// tests (Playwright in Chromium against a real server, and the desktop path under Xvfb). Installs the
// Debian packages the end-to-end tests need when they are missing and it can (root, apt-get). Prints one
// closing line `N passed, N failed` that counts every test and every check, and exits non-zero when
// anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function run(label, command, args, env = {}) {
  console.error(`\n== ${label}: ${[path.basename(command), ...args].join(' ')}`);
  const started = Date.now();
  const outcome = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.error(`== ${label}: exit ${outcome.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return outcome.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function suite(label, command, args, env, report, count) {
  const ok = run(label, command, args, env);
  const json = existsSync(report) ? readJson(report) : null;
  if (!json) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const c = count(json);
  passed += c.passed;
  failed += c.failed;
  skipped += c.skipped;
  if (c.failed > 0 || !ok) failures.push(label);
  if (!ok && c.failed === 0) failed += 1;
}

/**
 * Debian's Chromium (headed, for the desktop path) and Xvfb (its display), installed when missing;
 * without root or apt-get the suites needing them say they did not run.
 */
function ensureDebianPackages() {
  const wanted = { chromium: '/usr/bin/chromium', xvfb: '/usr/bin/Xvfb' };
  const missing = Object.keys(wanted).filter((name) => !existsSync(wanted[name]));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `\n== ${missing.join(', ')} missing; installing needs root and apt-get, so the tests needing them will be skipped`,
    );
    return;
  }
  // Another apt-get may hold the lock for a while (other test runs on this machine): wait for it.
  const apt = ['-o', 'DPkg::Lock::Timeout=600', '-qq'];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const installed =
    run('apt-get update', '/usr/bin/apt-get', [...apt, 'update'], env) &&
    run(
      `install ${missing.join(' ')}`,
      '/usr/bin/apt-get',
      [...apt, 'install', '-y', '--no-install-recommends', ...missing],
      env,
    );
  if (installed) passed += 1;
  else {
    failed += 1;
    failures.push(`install ${missing.join(' ')}`);
  }
}

ensureDebianPackages();
check('build', process.execPath, [path.join(root, 'bin/build.mjs')]);
check('lint', bin('eslint'), ['.']);
check('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
for (const project of ['tsconfig.json', 'renderer/tsconfig.json', 'electron/tsconfig.json']) {
  if (existsSync(path.join(root, project))) check(`typecheck ${project}`, bin('tsc'), ['-p', project]);
}

const vitestReport = path.join(results, 'vitest.json');
suite(
  'unit and integration',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  {},
  vitestReport,
  (j) => ({
    passed: j.numPassedTests ?? 0,
    failed: j.numFailedTests ?? 0,
    skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
  }),
);

const e2eReport = path.join(results, 'playwright.json');
suite(
  'end to end',
  bin('playwright'),
  ['test', '--reporter=list,json'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  e2eReport,
  (j) => ({
    passed: (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0),
    failed: j.stats?.unexpected ?? 0,
    skipped: j.stats?.skipped ?? 0,
  }),
);

/** Says which end-to-end tests did not run, and why (their skip reasons). */
function reportSkipped(report) {
  const skippedTests = [];
  const visit = (suiteNode, titles) => {
    for (const spec of suiteNode.specs ?? []) {
      for (const run of spec.tests ?? []) {
        if (run.status !== 'skipped') continue;
        const reason = (run.annotations ?? []).find((a) => a.type === 'skip')?.description;
        skippedTests.push(`${[...titles, spec.title].join(' › ')}${reason ? `: ${reason}` : ''}`);
      }
    }
    for (const child of suiteNode.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const top of report?.suites ?? []) visit(top, []);
  if (skippedTests.length > 0) console.error(`\nSkipped end-to-end tests:\n- ${skippedTests.join('\n- ')}`);
}
reportSkipped(readJson(e2eReport));

if (failures.length > 0) console.error(`\nFailed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
