// npm test: every check and every test, in order of cost. Ends with one line "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const only = process.argv.slice(2);
const reports = mkdtempSync(join(tmpdir(), 'portal-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
/** The failed tests of every step, printed again at the very end: CI keeps only the tail of a long output. */
const failures: string[] = [];

function run(step: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${step}: ${[cmd.replace(`${root}/`, ''), ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failedSteps.push(step);
  return r.status === 0;
}

function vitest(project: string): void {
  const out = join(reports, `${project}.json`);
  const step = `${project} tests`;
  run(step, bin('vitest'), [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (!existsSync(out)) return;
  const r = JSON.parse(readFileSync(out, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
    success: boolean;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  };
  for (const file of r.testResults) {
    const where = file.name.replace(`${root}/`, '');
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed)
      failures.push(`${project} ${where} › ${a.fullName}\n    ${firstLines(a.failureMessages[0])}`);
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`${project} ${where}\n    ${firstLines(file.message)}`);
  }
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  // A suite whose set-up failed (a beforeAll hook) fails no test of its own: its tests are reported skipped. It is a
  // failure all the same, whatever vitest's exit status says.
  if (!r.success || r.numFailedTestSuites > 0) {
    if (r.numFailedTests === 0) totals.failed += Math.max(r.numFailedTestSuites, 1);
    if (!failedSteps.includes(step)) failedSteps.push(step);
  }
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

/** The first lines of a failure's message, enough to name the cause without the stack. */
function firstLines(message: string | undefined): string {
  return (message ?? '(no message)').split('\n').slice(0, 4).join('\n    ').slice(0, 600);
}

/** Browser tests use Debian's Chromium, never a downloaded browser; install it where we may (root with apt). */
function ensureChromium(): boolean {
  if (existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian chromium for the browser tests…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (existsSync('/usr/bin/chromium')) return true;
  console.error('Browser tests need /usr/bin/chromium (Debian: apt-get install chromium).');
  failedSteps.push('chromium');
  return false;
}

const want = (s: string) => only.length === 0 || only.includes(s);
if (want('static')) {
  run('engines', process.execPath, ['scripts/check-engines.ts']);
  run('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  run('lint and format', bin('biome'), ['check', '.']);
}
if (want('unit')) vitest('unit');
// The integration tests render PDFs (certificates, exports) in the same browser as the journeys: it is installed
// before them, not only before the journeys (a fresh machine failed every PDF test so).
const browser = (want('integration') || want('e2e')) && ensureChromium();
if (want('integration') && browser) vitest('integration');
if (want('e2e')) {
  if (run('web build', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']) && browser)
    vitest('e2e');
}

console.log('');
if (failures.length) console.log(`failed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
