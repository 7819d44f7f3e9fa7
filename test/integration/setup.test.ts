import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { expect } from 'chai';
import { removeDir, tempDir } from '../support/processes.js';

const CLI = resolve('dist/cli.js');
const BIN = resolve('dist/cli.cjs');

/** Each client's user-level file (Linux), a fixture of it holding another server, and how to read servers back. */
const CLIENTS = {
  claude: { file: '.claude.json', key: 'mcpServers', extra: { numStartups: 12, projects: { '/src/app': { allowedTools: [] } } } },
  cursor: { file: '.cursor/mcp.json', key: 'mcpServers', extra: {} },
  vscode: { file: '.config/Code/User/mcp.json', key: 'servers', extra: { inputs: [{ id: 'api-key', type: 'promptString' }] } },
  gemini: { file: '.gemini/settings.json', key: 'mcpServers', extra: { theme: 'GitHub', selectedAuthType: 'oauth-personal' } },
  windsurf: { file: '.codeium/windsurf/mcp_config.json', key: 'mcpServers', extra: {} },
} as const;

// docs/install.md: `setup` writes each client's real format, merging: nothing already there is lost.
describe('browsertap setup <client> (built CLI, a fixture HOME per client)', function () {
  this.timeout(30_000);
  let home: string;
  const setup = (...args: string[]) =>
    spawnSync(process.execPath, [CLI, 'setup', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: home },
      encoding: 'utf8',
    });
  beforeEach(() => {
    home = tempDir('browsertap-setup-');
  });
  afterEach(() => removeDir(home));

  for (const [client, { file, key, extra }] of Object.entries(CLIENTS)) {
    it(`${client}: adds browsertap to ${file}, keeps the other server and every other setting, and is idempotent`, () => {
      const path = join(home, file);
      mkdirSync(dirname(path), { recursive: true });
      const other = { command: 'npx', args: ['-y', 'some-other-mcp'], env: { TOKEN: 'keep-me' } };
      writeFileSync(path, JSON.stringify({ ...extra, [key]: { other } }, null, 2));
      const first = setup(client);
      expect(first.status, first.stderr).to.equal(0);
      const written = JSON.parse(readFileSync(path, 'utf8')) as Record<
        string,
        Record<string, { command: string; args: string[] }>
      >;
      expect(written[key]?.other).to.deep.equal(other);
      expect(written[key]?.browsertap?.command).to.equal(process.execPath);
      expect(written[key]?.browsertap?.args).to.deep.equal([BIN, 'mcp']);
      for (const [name, value] of Object.entries(extra)) expect(written[name], name).to.deep.equal(value);
      expect(readFileSync(`${path}.bak`, 'utf8')).to.contain('some-other-mcp');
      const before = readFileSync(path, 'utf8');
      expect(setup(client).stderr).to.contain('already set up');
      expect(readFileSync(path, 'utf8')).to.equal(before);
    });
  }

  it('codex: appends [mcp_servers.browsertap] to config.toml, replaces it (and its sub-tables) on a re-run, keeps the rest byte for byte', () => {
    const path = join(home, '.codex', 'config.toml');
    mkdirSync(dirname(path), { recursive: true });
    const head = 'model = "o3"\napproval_policy = "on-request"\n\n[mcp_servers.other]\ncommand = "npx"\nargs = ["-y", "other"]\n';
    const tail = '\n[profiles.fast]\nmodel = "o4-mini"\n';
    writeFileSync(path, `${head}\n[mcp_servers.browsertap]\ncommand = "old"\n\n[mcp_servers.browsertap.env]\nX = "1"\n${tail}`);
    expect(setup('codex').status).to.equal(0);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith(head)).to.equal(true);
    expect(text).to.contain(
      `[mcp_servers.browsertap]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(BIN)}, "mcp"]\n`,
    );
    expect(text).to.not.contain('command = "old"');
    expect(text).to.not.contain('[mcp_servers.browsertap.env]');
    expect(text.trimEnd().endsWith(tail.trim())).to.equal(true);
    expect(text.match(/\[mcp_servers\.browsertap\]/g)).to.have.length(1);

    // No config.toml yet: the table alone.
    removeDir(join(home, '.codex'));
    expect(setup('codex').status).to.equal(0);
    expect(readFileSync(path, 'utf8')).to.match(/^\[mcp_servers\.browsertap\]\ncommand = /);
  });

  it('refuses a file it cannot read safely (JSON with comments), changes nothing, and prints what to add', () => {
    const path = join(home, '.config', 'Code', 'User', 'mcp.json');
    mkdirSync(dirname(path), { recursive: true });
    const original = '{\n  // my servers\n  "servers": {}\n}\n';
    writeFileSync(path, original);
    const result = setup('vscode');
    expect(result.status).to.equal(1);
    expect(result.stderr).to.contain('is not plain JSON').and.contain('"browsertap"');
    expect(readFileSync(path, 'utf8')).to.equal(original);
  });

  it('--print writes nothing and says which file, with the client-specific step (Gemini: trusted folders)', () => {
    const result = setup('gemini', '--print');
    expect(result.status).to.equal(0);
    expect(result.stderr).to.contain(join(home, '.gemini', 'settings.json'));
    expect(result.stderr).to.contain('Trust folder');
    expect(spawnSync('ls', ['-A', home], { encoding: 'utf8' }).stdout.trim()).to.equal('');
  });

  for (const client of ['claude', 'cursor', 'vscode', 'gemini', 'windsurf'] as const) {
    it(`${client}: --print puts only the JSON on stdout (the file's path goes to stderr)`, () => {
      const result = setup(client, '--print');
      expect(result.status).to.equal(0);
      const printed = JSON.parse(result.stdout) as Record<string, Record<string, { args: string[] }>>;
      expect(printed[CLIENTS[client].key]?.browsertap?.args).to.deep.equal([BIN, 'mcp']);
      expect(result.stderr).to.contain(join(home, CLIENTS[client].file));
    });
  }

  it('codex: --print puts only the TOML on stdout (checked by Python’s tomllib when there is one)', function () {
    const result = setup('codex', '--print');
    expect(result.status).to.equal(0);
    expect(result.stderr).to.contain(join(home, '.codex', 'config.toml'));
    expect(result.stdout).to.match(/^\[mcp_servers\.browsertap\]\n/);
    const parsed = spawnSync('python3', ['-c', 'import json,sys,tomllib; print(json.dumps(tomllib.loads(sys.stdin.read())))'], {
      input: result.stdout,
      encoding: 'utf8',
    });
    if (parsed.error !== undefined || (parsed.status !== 0 && /No module named/.test(parsed.stderr))) {
      console.log('      (skipped the TOML parse: no python3 with tomllib (3.11+) on this machine)');
      this.skip();
    }
    expect(parsed.status, parsed.stderr).to.equal(0);
    expect(JSON.parse(parsed.stdout)).to.deep.equal({
      mcp_servers: { browsertap: { command: process.execPath, args: [BIN, 'mcp'] } },
    });
  });

  it('names the clients when none or an unknown one is given', () => {
    for (const args of [[], ['emacs']]) {
      const result = setup(...args);
      expect(result.status).to.equal(2);
      expect(result.stderr).to.contain('claude, cursor, vscode, codex, gemini, windsurf');
    }
  });
});
