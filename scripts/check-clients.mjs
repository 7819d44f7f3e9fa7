#!/usr/bin/env node
// `npm run test:clients`: installs the real Claude Code, Gemini CLI and Codex CLIs from the npm
// registry into a temporary prefix (≈ 100 MB, so not part of `npm test`), runs `browsertap setup`
// for each in a fresh HOME, and checks that each client's own `mcp list` shows browsertap:
// Claude Code and Gemini CLI start it and report "Connected"; Codex lists it "enabled" (its
// `mcp list` does not start servers). The MCP Inspector's CLI (the protocol's reference client)
// then starts the bridge itself and calls a tool through it and the daemon. Ends with one
// "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const cli = resolve('dist/cli.js');
const root = mkdtempSync(join(tmpdir(), 'browsertap-clients-'));
const prefix = join(root, 'clients');
const packages = {
  claude: '@anthropic-ai/claude-code',
  gemini: '@google/gemini-cli',
  codex: '@openai/codex',
  inspector: '@modelcontextprotocol/inspector',
};
const run = (command, args, options = {}) => spawnSync(command, args, { encoding: 'utf8', timeout: 120_000, ...options });

process.stderr.write(`installing ${Object.values(packages).join(', ')} into ${prefix}…\n`);
const install = run('npm', ['install', '--no-audit', '--no-fund', '--prefix', prefix, ...Object.values(packages)], {
  timeout: 600_000,
});
if (install.status !== 0) {
  process.stderr.write(`${install.stderr}\ninstalling the clients failed (needs the npm registry)\n0 passed, 1 failed\n`);
  process.exit(1);
}
const checks = {
  claude: { args: ['mcp', 'list'], expect: /browsertap: .*✔ Connected/ },
  gemini: { args: ['mcp', 'list'], expect: /✓ browsertap: .*Connected/ },
  // A real home for codex: it refuses helper binaries under a temp dir but works anyway.
  codex: { args: ['mcp', 'list'], expect: /^browsertap\s+.*enabled/m },
};
let passed = 0;
let failed = 0;
for (const [client, check] of Object.entries(checks)) {
  const home = join(root, `home-${client}`);
  const project = join(home, 'project');
  mkdirSync(project, { recursive: true });
  const env = { PATH: process.env.PATH, HOME: home, TERM: 'dumb' };
  const setup = run(process.execPath, [cli, 'setup', client], { env });
  // Gemini CLI loads MCP servers only in trusted folders: what `setup gemini` tells the user to do.
  if (client === 'gemini')
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [project]: 'TRUST_FOLDER' }));
  const listed = run(join(prefix, 'node_modules', '.bin', client), check.args, { env, cwd: project });
  const output = `${listed.stdout}${listed.stderr}`;
  const ok = setup.status === 0 && check.expect.test(output);
  process.stdout.write(
    `${ok ? '✔' : '✘'} ${client}: ${
      output
        .trim()
        .split('\n')
        .filter((l) => /browsertap/.test(l))
        .join(' | ') || output.trim().slice(-300)
    }\n`,
  );
  if (ok) passed++;
  else failed++;
}
run(process.execPath, [cli, 'stop'], { env: { PATH: process.env.PATH, HOME: join(root, 'home-claude') } });
run(process.execPath, [cli, 'stop'], { env: { PATH: process.env.PATH, HOME: join(root, 'home-gemini') } });
// After the other clients' daemons stopped: they hold the default port under other HOMEs.
{
  const home = join(root, 'home-inspector');
  mkdirSync(home, { recursive: true });
  const inspector = join(prefix, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build', 'index.js');
  const env = { PATH: process.env.PATH, HOME: home };
  const bridge = [process.execPath, resolve('dist/cli.cjs'), 'mcp'];
  const called = run(
    process.execPath,
    [inspector, ...bridge, '--method', 'tools/call', '--tool-name', 'configure', '--tool-arg', 'action=health'],
    { env },
  );
  const ok = called.status === 0 && /\\"status\\":\\"ok\\"/.test(called.stdout);
  process.stdout.write(
    `${ok ? '✔' : '✘'} inspector: tools/call configure health ${ok ? 'answered ok' : `${called.stdout}${called.stderr}`.slice(-300)}\n`,
  );
  if (ok) passed++;
  else failed++;
  run(process.execPath, [cli, 'stop'], { env });
}
rmSync(root, { recursive: true, force: true });
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
