#!/usr/bin/env node
// `npm test`: every check CI relies on, in order, ending with one "N passed, N failed" line.
// Mocha runs count each test; every other step counts as one check. A failed step does not
// stop the later ones, so one run shows everything that is wrong. Steps of one `stage` run two
// at a time (the static checks are independent and mostly single-threaded; their output is held
// and printed whole); the mocha runs have a stage to themselves, so their timing-sensitive tests
// get both cores.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);
const tests = ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'];
const compiledTests = tests.map((glob) => `.build/${glob.replace(/\.ts$/, '.js')}`);

const steps = [
  { stage: 'build', name: 'build (esbuild bundle → dist)', cmd: [process.execPath, 'scripts/build.mjs'] },
  {
    stage: 'build',
    name: 'build the extension (esbuild → extension/dist)',
    cmd: [process.execPath, 'scripts/build-extension.mjs'],
  },
  { stage: 'static', name: 'typecheck (src, test, bench, scripts)', cmd: [bin('tsc'), '-p', 'tsconfig.json'] },
  { stage: 'static', name: 'typecheck the extension and its unit tests', cmd: [bin('tsc'), '-p', 'extension/tsconfig.json'] },
  { stage: 'static', name: 'typecheck the e2e tests', cmd: [bin('tsc'), '-p', 'test/e2e/tsconfig.json'] },
  {
    stage: 'static',
    name: 'format (prettier --check)',
    cmd: [bin('prettier'), '--check', '--log-level', 'warn', 'src', 'test', 'scripts', 'bench', 'extension/src'],
  },
  {
    stage: 'static',
    name: 'layer rules (dependency-cruiser)',
    cmd: [bin('depcruise'), 'src', 'extension/src', '--config', '.dependency-cruiser.cjs'],
  },
  { stage: 'static', name: 'compile src + tests (tsc → .build)', cmd: [bin('tsc'), '-p', 'tsconfig.test-build.json'] },
  {
    stage: 'tests',
    name: 'unit + integration tests (tsx, with coverage)',
    mocha: true,
    cmd: [bin('c8'), bin('mocha'), ...tests],
  },
  {
    stage: 'coverage',
    name: 'src/domain line coverage >= 95%',
    cmd: [bin('c8'), 'report', '--include', 'src/domain/**', '--reporter', 'text', '--check-coverage', '--lines', '95'],
  },
  {
    // Tests driven through dist/cli.js processes exercise the same built code in both passes, and the
    // layer rules' test runs dependency-cruiser on the sources: they run once.
    stage: 'compiled tests',
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
      '.build/test/integration/processes/**',
      '--exclude',
      '.build/test/integration/remote/**',
      '--exclude',
      '.build/test/integration/setup.test.js',
      '--exclude',
      '.build/test/integration/layerRules.test.js',
      '--exclude',
      '.build/test/integration/streaming/streaming.test.js',
      ...compiledTests,
    ],
  },
];

/** Runs one step; output goes straight through, or is held (stdout and stderr in order) when `hold`. */
function run([command, ...args], summaryFile, hold) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, BT_SUMMARY_FILE: summaryFile },
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      resolve({ code: 'spawn failed', output: Buffer.concat(chunks).toString() });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? signal, output: Buffer.concat(chunks).toString() }));
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'browsertap-test-'));
let passed = 0;
let failed = 0;
const started = Date.now();

rmSync('.build', { recursive: true, force: true });
for (const stage of [...new Set(steps.map((step) => step.stage))]) {
  const members = steps.filter((step) => step.stage === stage);
  const parallel = members.length > 1;
  let next = 0;
  const lane = async () => {
    while (next < members.length) {
      const step = members[next++];
      const index = steps.indexOf(step);
      const header = `\n▶ [${index + 1}/${steps.length}] ${step.name}\n`;
      if (!parallel) process.stdout.write(header);
      const summaryFile = join(scratch, `summary-${index}.json`);
      const stepStarted = Date.now();
      const { code, output } = await run(step.cmd, summaryFile, parallel);
      const ok = code === 0;
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
      const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
      process.stdout.write(
        `${parallel ? header + output : ''}${ok ? '✔' : '✖'} ${step.name}${ok ? '' : ` (exit ${code})`} (${seconds} s)\n`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(2, members.length) }, lane));
}
rmSync(scratch, { recursive: true, force: true });

const line = `${passed} passed, ${failed} failed`;
writeFileSync('.test-summary', `${line}\n`);
process.stdout.write(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(1)} s\n${line}\n`);
process.exitCode = failed === 0 ? 0 : 1;
