#!/usr/bin/env node
// `npm test`: every check CI relies on, in order, ending with one "N passed, N failed" line.
// Mocha runs count each test; every other step counts as one check. A failed step does not
// stop the later ones, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);
const tests = ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'];
const compiledTests = tests.map((glob) => `.build/${glob.replace(/\.ts$/, '.js')}`);

const steps = [
  { name: 'build (tsc → dist)', cmd: [bin('tsc'), '-p', 'tsconfig.build.json'] },
  { name: 'build the extension (esbuild → extension/dist)', cmd: [process.execPath, 'scripts/build-extension.mjs'] },
  { name: 'typecheck (src, test, bench, scripts)', cmd: [bin('tsc'), '-p', 'tsconfig.json'] },
  { name: 'typecheck the extension and its unit tests', cmd: [bin('tsc'), '-p', 'extension/tsconfig.json'] },
  { name: 'typecheck the e2e tests', cmd: [bin('tsc'), '-p', 'test/e2e/tsconfig.json'] },
  {
    name: 'format (prettier --check)',
    cmd: [bin('prettier'), '--check', '--log-level', 'warn', 'src', 'test', 'scripts', 'bench', 'extension/src'],
  },
  { name: 'layer rules (dependency-cruiser)', cmd: [bin('depcruise'), 'src', '--config', '.dependency-cruiser.cjs'] },
  {
    name: 'unit + integration tests (tsx, with coverage)',
    mocha: true,
    cmd: [bin('c8'), bin('mocha'), ...tests],
  },
  {
    name: 'src/domain line coverage >= 95%',
    cmd: [bin('c8'), 'report', '--include', 'src/domain/**', '--reporter', 'text', '--check-coverage', '--lines', '95'],
  },
  { name: 'compile src + tests (tsc → .build)', cmd: [bin('tsc'), '-p', 'tsconfig.test-build.json'] },
  {
    // Tests driven through dist/cli.js processes exercise the same built code in both passes; they run once.
    name: 'unit + integration tests (tsc output, real decorator metadata; process tests ran above)',
    mocha: true,
    cmd: [
      bin('mocha'),
      '--config',
      '.mocharc.dist.json',
      '--exclude',
      '.build/test/integration/bridge/**',
      '--exclude',
      '.build/test/integration/cli.test.js',
      '--exclude',
      '.build/test/integration/streaming/streaming.test.js',
      ...compiledTests,
    ],
  },
];

const scratch = mkdtempSync(join(tmpdir(), 'browsertap-test-'));
let passed = 0;
let failed = 0;
const started = Date.now();

rmSync('.build', { recursive: true, force: true });
for (const [index, step] of steps.entries()) {
  process.stdout.write(`\n▶ [${index + 1}/${steps.length}] ${step.name}\n`);
  const summaryFile = join(scratch, `summary-${index}.json`);
  const [command, ...args] = step.cmd;
  const run = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, BT_SUMMARY_FILE: summaryFile },
  });
  const ok = run.status === 0;
  if (step.mocha && existsSync(summaryFile)) {
    const counts = JSON.parse(readFileSync(summaryFile, 'utf8'));
    passed += counts.passed;
    failed += counts.failed;
    if (!ok && counts.failed === 0) failed += 1; // the run itself broke (hook failure, crash)
  } else if (ok) {
    passed += 1;
  } else {
    failed += 1;
  }
  process.stdout.write(`${ok ? '✔' : '✖'} ${step.name}${ok ? '' : ` (exit ${run.status ?? run.signal})`}\n`);
}
rmSync(scratch, { recursive: true, force: true });

const line = `${passed} passed, ${failed} failed`;
writeFileSync('.test-summary', `${line}\n`);
process.stdout.write(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(1)} s\n${line}\n`);
process.exitCode = failed === 0 ? 0 : 1;
