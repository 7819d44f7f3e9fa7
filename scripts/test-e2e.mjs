#!/usr/bin/env node
// `npm run test:e2e`: the extension in real Chromium, driven through the MCP bridge. Builds the
// CLI and the extension first, bounds the whole run, then checks that no browser or daemon it
// started is still running. Ends with one "N passed, N failed" line (also in .test-summary-e2e).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = process.env.BROWSERTAP_CHROMIUM ?? '/usr/bin/chromium';
// The run takes 8–8.5 minutes on a 2-core CI machine (189 tests), 10.5 with other work beside it:
// the bound stops a wedged run, with room for a slower machine; it is not a budget to fill.
const RUN_LIMIT_MS = 13 * 60_000;
const bin = (name) => join('node_modules', '.bin', name);

function finish(passed, failed) {
  const line = `${passed} passed, ${failed} failed`;
  writeFileSync('.test-summary-e2e', `${line}\n`);
  process.stdout.write(`${line}\n`);
  process.exitCode = failed === 0 ? 0 : 1;
}

if (!existsSync(CHROMIUM)) {
  process.stderr.write(
    `No Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set BROWSERTAP_CHROMIUM).\n`,
  );
  finish(0, 1);
  process.exit();
}

for (const [name, cmd] of [
  ['build the CLI', [process.execPath, 'scripts/build.mjs']],
  ['build the extension', [process.execPath, 'scripts/build-extension.mjs']],
]) {
  const run = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write(`${name} failed\n`);
    finish(0, 1);
    process.exit();
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'browsertap-e2e-run-'));
const summaryFile = join(scratch, 'summary.json');
const started = Date.now();
const run = spawnSync(bin('mocha'), ['--config', '.mocharc.e2e.json', 'test/e2e/**/*.e2e.test.ts'], {
  stdio: 'inherit',
  timeout: RUN_LIMIT_MS,
  killSignal: 'SIGKILL',
  env: { ...process.env, BT_SUMMARY_FILE: summaryFile },
});
let passed = 0;
let failed = 0;
if (existsSync(summaryFile)) {
  const counts = JSON.parse(readFileSync(summaryFile, 'utf8'));
  passed = counts.passed;
  failed = counts.failed;
}
if (run.status !== 0 && failed === 0) failed += 1; // crashed, or over the time limit
if (run.error?.code === 'ETIMEDOUT' || run.signal === 'SIGKILL')
  process.stderr.write(`the e2e run passed its ${RUN_LIMIT_MS / 1000} s limit\n`);
rmSync(scratch, { recursive: true, force: true });

// Every browser and daemon the suite started must be gone: they live in browsertap-profile-* and
// browsertap-e2e-* temp dirs, which is how they are found here.
const leftovers = [];
for (const entry of readdirSync('/proc')) {
  if (!/^\d+$/.test(entry)) continue;
  let args;
  try {
    args = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
  } catch {
    continue;
  }
  if (/browsertap-profile-|--state-dir\0[^\0]*browsertap-e2e-/.test(args)) leftovers.push(Number(entry));
}
if (leftovers.length > 0) {
  process.stderr.write(`✖ the e2e suite left ${leftovers.length} process(es) running: ${leftovers.join(', ')} (killed now)\n`);
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  failed += 1;
} else {
  passed += 1; // the "stops every process it started" check
  process.stdout.write('✔ no browser or daemon left running\n');
}
process.stdout.write(`e2e finished in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
finish(passed, failed);
