import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DAEMON_BUILTINS, DAEMON_LATER_BUILTINS } from '../../src/composition/daemonFlags.js';
import { connectBridge, daemonPids, freePort, killDaemons, removeDir, runCliSync, tempDir } from '../support/processes.js';
import { HANG_MS, until } from '../support/until.js';

/** Until the daemon on `port` answers /health. */
const answering = (port: number) =>
  until(
    () =>
      fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    `a daemon answering on port ${port}`,
    undefined,
    50,
  );

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

describe('browsertap CLI (built)', function () {
  this.timeout(20_000);

  describe('daemon in the foreground (npm start)', () => {
    let port: number;
    let stateDir: string;

    beforeEach(async () => {
      port = await freePort();
      stateDir = tempDir();
    });

    afterEach(async () => {
      await killDaemons(port);
      removeDir(stateDir);
    });

    it('serves, says where everything is on stderr, writes nothing to stdout, and stops cleanly on SIGTERM', async () => {
      const child = spawn(process.execPath, ['dist/cli.js', 'daemon', '--port', String(port), '--state-dir', stateDir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      await until(() => stderr.includes('Cursor'), 'the daemon saying where everything is');
      expect(stderr).to.contain(`browsertap ${version} daemon listening on http://127.0.0.1:${port}`);
      expect(stderr).to.contain(`health       http://127.0.0.1:${port}/health`);
      expect(stderr).to.match(/Claude Code {2}claude mcp add browsertap -- node \S+dist\/cli\.cjs mcp --port \d+ --state-dir /);
      expect(stderr).to.contain('.cursor/mcp.json: {"mcpServers":{"browsertap":{"command":"node"');
      expect(Number(readFileSync(join(stateDir, 'daemon.pid'), 'utf8'))).to.equal(child.pid);
      const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
      expect(health).to.include({ status: 'ok', version });

      child.kill('SIGTERM');
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).to.equal(0);
      expect(stdout).to.equal('');
      expect(existsSync(join(stateDir, 'daemon.pid'))).to.equal(false);
    });

    it('gives every kind of answer its Content-Type (the bundle keeps only the MIME types it serves)', async () => {
      const child = spawn(process.execPath, ['dist/cli.js', 'daemon', '--port', String(port), '--state-dir', stateDir], {
        stdio: 'ignore',
      });
      const base = `http://127.0.0.1:${port}`;
      await answering(port);
      const json = 'application/json; charset=utf-8';
      const cases: Array<[string, RequestInit, string]> = [
        ['/health', {}, json],
        ['/', {}, 'text/html; charset=utf-8'],
        ['/status.js', {}, 'text/javascript; charset=utf-8'],
        ['/status.css', {}, 'text/css; charset=utf-8'],
        ['/status.json', {}, json],
        ['/no-such-route', {}, json],
        ['/mcp', { method: 'POST', body: '{}' }, json],
        ['/logs', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } }, json],
      ];
      for (const [path, init, type] of cases) {
        const response = await fetch(`${base}${path}`, init);
        expect(response.headers.get('content-type'), `${init.method ?? 'GET'} ${path} (${response.status})`).to.equal(type);
      }
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    });

    it('refuses to start a second daemon on the same port, saying one is running', async () => {
      const first = spawn(process.execPath, ['dist/cli.js', 'daemon', '--port', String(port), '--state-dir', stateDir], {
        stdio: 'ignore',
      });
      await until(
        () => runCliSync(['status', '--port', String(port), '--state-dir', stateDir]).status === 0,
        'the first daemon answering status',
        undefined,
        50,
      );
      const second = runCliSync(['daemon', '--port', String(port), '--state-dir', tempDir()]);
      expect(second.status).to.equal(1);
      expect(second.stderr).to.contain(`a daemon (version ${version}) is already running on port ${port}`);
      first.kill('SIGTERM');
      await new Promise((resolve) => first.once('exit', resolve));
    });

    it('reads BROWSERTAP_PORT and BROWSERTAP_HOME', async () => {
      const child = spawn(process.execPath, ['dist/cli.js', 'daemon'], {
        stdio: 'ignore',
        env: { ...process.env, BROWSERTAP_PORT: String(port), BROWSERTAP_HOME: stateDir },
      });
      await answering(port);
      const status = runCliSync(['status', '--port', String(port), '--state-dir', stateDir]);
      expect(JSON.parse(status.stdout)).to.deep.include({ status: 'ok', identity: { proven: true, pid: child.pid } });
      expect(existsSync(join(stateDir, 'token'))).to.equal(true);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    });
  });

  it('bundles the MCP side without Ajv, Zod 3 or Zod’s other locales (scripts/build.mjs)', () => {
    // 1.1 MB before they were left out; each byte is read and compiled before a first tool call.
    const chunk = readdirSync('dist/chunks').find((name) => name.startsWith('mcpSessions-'));
    expect(chunk).to.be.a('string');
    const text = readFileSync(join('dist/chunks', chunk!), 'utf8');
    expect(text.length).to.be.below(600_000);
    expect(text, 'Ajv').to.not.include('must NOT have additional properties');
    expect(text, 'Zod 3').to.not.include('ZodIssueCode.invalid_union');
    expect(text, 'the Spanish locale').to.not.include('Entrada inv');
  });

  it('bundles the daemon and its MCP side as functions of ASCII text (their code caches compile them as they are), the SDK and zod in the MCP side only, without Ajv, Zod 3 or Zod’s other locales', () => {
    const [daemon, mcp] = ['dist/daemon.cjs', 'dist/daemon-mcp.cjs'].map((file) => readFileSync(file, 'utf8')) as [
      string,
      string,
    ];
    for (const text of [daemon, mcp]) {
      expect(text.startsWith('(function (exports, require, module, __filename, __dirname) {')).to.equal(true);
      // One character past ASCII and V8 holds the whole text at two bytes a character.
      expect(/[^\x00-\x7f]/.exec(text)?.[0], 'a character past ASCII').to.equal(undefined);
      expect(text, 'Ajv').to.not.include('must NOT have additional properties');
      expect(text, 'Zod 3').to.not.include('ZodIssueCode.invalid_union');
      expect(text, 'the Spanish locale').to.not.include('Entrada inv');
    }
    // The SDK's protocol schemas (its `tools/call` method name) and the tool registrations.
    expect(daemon, 'the SDK in the daemon').to.not.include('notifications/tools/list_changed');
    expect(mcp, 'the SDK in the MCP side').to.include('notifications/tools/list_changed');
    expect(mcp, 'the daemon’s modules taken from it').to.include('require("browsertap-daemon:src/domain/DomainError.ts")');
  });

  it('loads in the daemon bundle only built-in modules the daemon loads before its V8 flags are set, or the few left for later (those compile from source)', () => {
    const text = readFileSync('dist/daemon.cjs', 'utf8');
    const required = new Set(
      [...text.matchAll(/\brequire\("((?:node:)?[a-z_/]+)"\)/g)].map(([, id]) => (id!.startsWith('node:') ? id! : `node:${id}`)),
    );
    expect(required.size).to.be.greaterThan(5);
    expect([...required].filter((id) => !DAEMON_BUILTINS.includes(id) && !DAEMON_LATER_BUILTINS.includes(id))).to.deep.equal([]);
    expect(DAEMON_LATER_BUILTINS.filter((id) => DAEMON_BUILTINS.includes(id))).to.deep.equal([]);
  });

  it('npm start runs the daemon as a bridge starts it: no V8 flag on the command line (the daemon sets its own at run time)', () => {
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(start).to.equal('node dist/cli.cjs daemon');
  });

  it('prints its version on stderr', () => {
    const { status, stdout, stderr } = runCliSync(['--version']);
    expect({ status, stdout, stderr }).to.deep.equal({ status: 0, stdout: '', stderr: `browsertap ${version}\n` });
  });

  it('refuses an unknown command with exit 2 and the usage', () => {
    const { status, stdout, stderr } = runCliSync(['frobnicate']);
    expect(status).to.equal(2);
    expect(stdout).to.equal('');
    expect(stderr).to.contain("unknown command 'frobnicate'").and.contain('usage: browsertap');
  });

  it('refuses a bad port, extension id or flag with exit 2 and a specific message', () => {
    expect(runCliSync(['status', '--port', '70000']).stderr).to.contain("port must be a number from 0 to 65535, got '70000'");
    expect(runCliSync(['daemon', '--extension-id', 'xyz']).stderr).to.contain('extension id must be 32 letters a-p');
    expect(runCliSync(['daemon', '--colour']).status).to.equal(2);
  });

  describe('the first minutes', () => {
    let port: number;
    let stateDir: string;
    beforeEach(async () => {
      port = await freePort();
      stateDir = tempDir();
    });
    afterEach(async () => {
      await killDaemons(port);
      removeDir(stateDir);
    });

    it('bare `browsertap` typed in a terminal says what it is and lists the commands, starting nothing', function () {
      // `script` gives the CLI a terminal on stdin, as a person's shell does.
      const env = { ...process.env, BROWSERTAP_PORT: String(port), BROWSERTAP_HOME: stateDir };
      const typed = spawnSync('script', ['-qec', `${process.execPath} dist/cli.cjs`, '/dev/null'], {
        env,
        encoding: 'utf8',
        timeout: 5_000,
      });
      if (typed.error !== undefined && (typed.error as NodeJS.ErrnoException).code === 'ENOENT') {
        console.log('      (skipped: no `script` (util-linux) to give the CLI a terminal)');
        this.skip();
      }
      expect(typed.status, `${typed.stdout}${typed.stderr}`).to.equal(0);
      expect(typed.stdout).to.contain('gives AI coding agents eyes and hands');
      expect(typed.stdout).to.contain('browsertap setup claude').and.contain('usage: browsertap');
      expect(daemonPids(port)).to.deep.equal([]);
      expect(existsSync(join(stateDir, 'token')), 'no daemon was started').to.equal(false);
    });

    it('a daemon a client starts logs one line, not the terminal banner', async () => {
      const bridge = await connectBridge(port, stateDir);
      await bridge.client.close();
      const log = readFileSync(join(stateDir, 'daemon.log'), 'utf8');
      expect(log).to.not.contain('Ctrl-C');
      const first = JSON.parse(log.split('\n')[0] as string) as Record<string, unknown>;
      expect(first).to.include({ level: 'info', msg: 'daemon listening', url: `http://127.0.0.1:${port}`, version });
    });

    it('a daemon a client starts logs that line first, even while its pid file is still being written', async function () {
      // A FIFO where the pid file goes holds the daemon's write of it (its open waits for a
      // reader) while the daemon serves: the session below is served during that write.
      const made = spawnSync('mkfifo', [join(stateDir, 'daemon.pid')]);
      if (made.error !== undefined || made.status !== 0) {
        console.log('      (skipped: no `mkfifo` to hold the pid file’s write)');
        this.skip();
      }
      const bridge = await connectBridge(port, stateDir);
      await bridge.client.close();
      const lines = readFileSync(join(stateDir, 'daemon.log'), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(lines, 'the session was served while the pid file was being written').to.include('mcp client connected');
      expect(lines[0]).to.equal('daemon listening');
    });

    it('a daemon keeps its compiled code in the state dir once warm, and the next start runs from it', async function () {
      this.timeout(30_000); // two starts and the wait below, each bounded for a hang only
      const logged = () =>
        readFileSync(join(stateDir, 'daemon.log'), 'utf8')
          .split('\n')
          .filter((line) => line.includes('daemon listening'))
          .map((line) => (JSON.parse(line) as { code_cache?: string }).code_cache);
      const caches = ['daemon.code-cache', 'daemon-mcp.code-cache'].map((file) => join(stateDir, file));
      const bridge = await connectBridge(port, stateDir);
      // Written 1.5 s after the MCP side has loaded (its first session's time), renamed into place
      // whole: waited for as a condition, with HANG_MS past those 1.5 s, since loading the MCP side
      // on a loaded machine can take seconds of its own (it was 5 s in all).
      await until(() => caches.every(existsSync), 'both code caches written', 1_500 + HANG_MS, 25);
      for (const cache of caches) expect(statSync(cache).mode & 0o777).to.equal(0o600);
      await bridge.client.close();
      await killDaemons(port, 'SIGTERM');
      const again = await connectBridge(port, stateDir);
      await again.client.close();
      expect(logged()).to.deep.equal(['compiled', 'used']);
    });

    it('a daemon started by hand loads its MCP side only for the first agent, which it serves with the daemon’s own modules', async function () {
      this.timeout(30_000); // the waits below, each bounded for a hang only
      const child = spawn(process.execPath, ['dist/cli.cjs', 'daemon', '--port', String(port), '--state-dir', stateDir], {
        stdio: 'ignore',
      });
      await answering(port);
      const [daemonCache, mcpCache] = ['daemon.code-cache', 'daemon-mcp.code-cache'].map((file) => join(stateDir, file)) as [
        string,
        string,
      ];
      // Its own code is kept a second after it listens; an MCP side loaded then (as before) would
      // have kept its own 1.5 s after loading.
      await until(() => existsSync(daemonCache), 'the daemon’s code cache written', 1_000 + HANG_MS, 25);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(existsSync(mcpCache), 'no MCP side loaded before an agent').to.equal(false);

      const client = new Client({ name: 'first-agent', version: '1.0.0' });
      const token = readFileSync(join(stateDir, 'token'), 'utf8').trim();
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      try {
        // Thrown by the daemon's use case, answered by the MCP side's: one DomainError class between them.
        const missing = await client.callTool({ name: 'observe', arguments: { what: 'entry', id: 'l999999' } });
        expect(missing.isError).to.equal(true);
        expect((missing.structuredContent as { error?: string }).error).to.not.equal('internal_error');
        const health = await client.callTool({ name: 'configure', arguments: { action: 'health' } });
        expect((health.structuredContent as { status?: string }).status).to.equal('ok');
      } finally {
        await client.close();
      }
      await until(() => existsSync(mcpCache), 'the MCP side’s code cache written', 1_500 + HANG_MS, 25);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    });

    it('on a port other than 7890, extension gives a copy that finds that port, and doctor points at it', () => {
      const flags = ['--port', String(port), '--state-dir', stateDir];
      const folder = runCliSync(['extension', ...flags]);
      expect(folder.status, folder.stderr).to.equal(0);
      expect(folder.stdout.trim()).to.equal(join(stateDir, `extension-port-${port}`));
      expect(JSON.parse(readFileSync(join(folder.stdout.trim(), 'defaults.json'), 'utf8'))).to.deep.equal({ daemonPort: port });
      expect(existsSync(join(folder.stdout.trim(), 'manifest.json'))).to.equal(true);

      const doctor = runCliSync(['doctor', ...flags]);
      expect(doctor.status).to.equal(1);
      const fix = /✘ extension: .*\n\s+fix: (.*)/.exec(doctor.stdout)?.[1] ?? '';
      expect(fix).to.contain(`browsertap extension --port ${port} --state-dir ${stateDir}`);
      expect(fix).to.contain(`set the port to ${port}`);
      expect(fix).to.not.contain(join(process.cwd(), 'extension', 'dist'));
    });
  });

  it('stop says so when no daemon runs', async () => {
    const port = await freePort();
    const dir = tempDir();
    const { status, stdout } = runCliSync(['stop', '--port', String(port), '--state-dir', dir]);
    expect(status).to.equal(0);
    expect(JSON.parse(stdout)).to.deep.equal({ stopped: false, reason: 'not running' });
    removeDir(dir);
  });
});
