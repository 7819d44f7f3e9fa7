import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { freePort, removeDir, tempDir } from '../../support/processes.js';
import { HANG_MS } from '../../support/until.js';
import { connectRemoteBridge, health, startImpostor, startTestDaemon, tokenFileIn, type TestDaemon } from './remoteSupport.js';

/** Runs the built CLI with HOME set and no BROWSERTAP_* inherited, without blocking this process (impostors served from here must keep answering). */
function cli(args: string[], home: string): Promise<{ status: number | null; stdout: string; stderr: string; ms: number }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BROWSERTAP_')));
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/cli.js', ...args], {
      env: { ...env, HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (status) => resolve({ status, stdout, stderr, ms: Date.now() - started }));
  });
}

describe('token, setup --daemon-url and doctor --daemon-url (docs/install.md, built CLI)', function () {
  this.timeout(30_000);
  let home: string;
  const cleanups: Array<() => unknown> = [];

  beforeEach(() => {
    home = tempDir('browsertap-remote-cmd-');
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    removeDir(home);
  });

  const daemon = async (port: number, stateDir: string): Promise<TestDaemon> => {
    const started = await startTestDaemon(port, stateDir);
    cleanups.push(() => started.stop());
    return started;
  };

  describe('browsertap token', () => {
    it('prints the running daemon’s token alone on stdout, and how to copy it safely on stderr', async () => {
      const stateDir = join(home, '.browsertap');
      await daemon(await freePort(), stateDir);
      const printed = await cli(['token'], home);
      expect(printed.status).to.equal(0);
      expect(printed.stdout).to.equal(readFileSync(join(stateDir, 'token'), 'utf8'));
      expect(printed.stdout).to.match(/^[0-9a-f]{64}\n$/);
      expect(printed.stderr).to.contain('lets whoever holds it use your browser');
      expect(printed.stderr).to.contain("umask 077; mkdir -p ~/.browsertap; cat > ~/.browsertap/token'");
    });

    it('with no token yet makes the one the daemon then starts with (0600 in a 0700 dir)', async () => {
      const stateDir = join(home, '.browsertap');
      const printed = await cli(['token'], home);
      expect(printed.status).to.equal(0);
      expect(printed.stderr).to.contain(`no token yet in ${join(stateDir, 'token')}: made one`);
      expect(statSync(join(stateDir, 'token')).mode & 0o777).to.equal(0o600);
      expect(statSync(stateDir).mode & 0o777).to.equal(0o700);
      const port = await freePort();
      await daemon(port, stateDir);
      const tokenFile = tokenFileIn(home);
      writeFileSync(tokenFile, printed.stdout, { mode: 0o600 });
      const agentHome = tempDir('browsertap-remote-cmd-agent-');
      cleanups.push(() => removeDir(agentHome));
      const bridge = await connectRemoteBridge(['--daemon-url', `http://127.0.0.1:${port}`, '--token-file', tokenFile], {
        HOME: agentHome,
      });
      cleanups.push(() => bridge.close());
      expect((await health(bridge)).ok).to.equal(true);
    });

    it('refuses a state dir that belongs to another user, making nothing there', async function () {
      if (process.getuid?.() !== 0) {
        console.log('      skipped: needs root, to give a state dir to another user');
        this.skip();
      }
      const stateDir = join(home, 'someone-else');
      mkdirSync(stateDir, { mode: 0o700 });
      chownSync(stateDir, 65534, 65534);
      const printed = await cli(['token', '--state-dir', stateDir], home);
      expect(printed.status).to.equal(1);
      expect(printed.stdout).to.equal('');
      expect(printed.stderr).to.contain(
        `${stateDir} belongs to uid 65534, not to you (uid 0): run 'browsertap token' as that user`,
      );
      expect(existsSync(join(stateDir, 'token'))).to.equal(false);
    });
  });

  describe('browsertap setup <client> --daemon-url', () => {
    it('--print gives the bridge with --daemon-url and an absolute --token-file, and says where the token goes', async () => {
      const printed = await cli(['setup', 'claude', '--daemon-url', 'http://127.0.0.1:17890', '--print'], home);
      expect(printed.status, printed.stderr).to.equal(0);
      const server = JSON.parse(printed.stdout).mcpServers.browsertap as { command: string; args: string[] };
      expect(server.args.slice(1)).to.deep.equal([
        'mcp',
        '--daemon-url',
        'http://127.0.0.1:17890',
        '--token-file',
        join(home, '.browsertap', 'token'),
      ]);
      expect(printed.stderr).to.contain(
        `put the daemon's token in ${join(home, '.browsertap', 'token')}: on the browser's machine run 'browsertap token'`,
      );
      expect(printed.stderr).to.contain(
        `browsertap doctor --daemon-url http://127.0.0.1:17890 --token-file ${join(home, '.browsertap', 'token')}`,
      );
    });

    it('writes a configuration whose command reaches the daemon elsewhere', async () => {
      const port = await freePort();
      const browserState = join(tempDir('browsertap-remote-cmd-browser-'), '.browsertap');
      cleanups.push(() => removeDir(join(browserState, '..')));
      await daemon(port, browserState);
      const tokenFile = tokenFileIn(home);
      writeFileSync(tokenFile, readFileSync(join(browserState, 'token')), { mode: 0o600 });
      const written = await cli(['setup', 'claude', '--daemon-url', `http://127.0.0.1:${port}`, '--token-file', tokenFile], home);
      expect(written.status, written.stderr).to.equal(0);
      expect(written.stderr).to.not.contain("put the daemon's token");
      const server = JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8')).mcpServers.browsertap as { args: string[] };
      const bridge = await connectRemoteBridge(server.args.slice(2), { HOME: home });
      cleanups.push(() => bridge.close());
      const answer = await health(bridge);
      expect(answer.ok, JSON.stringify(answer)).to.equal(true);
    });
  });

  describe('browsertap doctor --daemon-url: one line per failure, with its fix', () => {
    const tokenIn = () => {
      const file = tokenFileIn(home);
      writeFileSync(file, `${'a'.repeat(64)}\n`, { mode: 0o600 });
      return file;
    };

    it('passes every check but the extension for a daemon that proves itself', async () => {
      const port = await freePort();
      const stateDir = join(home, 'browser');
      await daemon(port, stateDir);
      const file = tokenFileIn(home);
      writeFileSync(file, readFileSync(join(stateDir, 'token')), { mode: 0o600 });
      const doctor = await cli(['doctor', '--daemon-url', `http://127.0.0.1:${port}`, '--token-file', file], home);
      expect(doctor.stdout).to.contain(`✔ token: read from ${file}`);
      expect(doctor.stdout).to.match(
        new RegExp(`✔ daemon: browsertap \\S+ at http://127.0.0.1:${port} proved it holds the token`),
      );
      expect(doctor.stdout).to.contain('✔ mcp:');
      expect(doctor.stdout).to.contain('✘ extension: not connected to that daemon');
    });

    it('no answer: at once, "is the port forwarded?", and nothing started', async () => {
      const port = await freePort();
      const doctor = await cli(['doctor', '--daemon-url', `http://127.0.0.1:${port}`, '--token-file', tokenIn()], home);
      expect(doctor.status).to.equal(1);
      expect(doctor.stdout).to.contain(
        `✘ daemon: no daemon answers at http://127.0.0.1:${port} (ECONNREFUSED)\n    fix: is the port forwarded`,
      );
      expect(doctor.ms).to.be.below(HANG_MS); // refused, not waited out (the line says ECONNREFUSED); only a hang crosses this
      expect(existsSync(join(home, '.browsertap'))).to.equal(false);
    });

    it('a squatter: "does not hold this token", and it never sees the token', async () => {
      const squatter = await startImpostor(() => ({
        status: 200,
        body: { status: 'ok', version: '0.1.0', pid: 99, proof: '0'.repeat(64) },
      }));
      cleanups.push(() => squatter.close());
      const doctor = await cli(['doctor', '--daemon-url', `http://127.0.0.1:${squatter.port}`, '--token-file', tokenIn()], home);
      expect(doctor.stdout).to.contain(`✘ daemon: the daemon at http://127.0.0.1:${squatter.port} does not hold this token`);
      expect(doctor.stdout).to.contain("    fix: copy it again with 'browsertap token' on the browser's machine");
      expect(squatter.seen.filter((request) => request.headers.authorization !== undefined)).to.deep.equal([]);
      expect(JSON.stringify(squatter.seen)).to.not.contain('a'.repeat(64));
    });

    it('a daemon too old, and a program that is no daemon, each named with their fix', async () => {
      const old = await startImpostor(() => ({ status: 200, body: { status: 'ok', version: '0.0.9' } }));
      const other = await startImpostor(() => ({ status: 404, body: {} }));
      cleanups.push(
        () => old.close(),
        () => other.close(),
      );
      const file = tokenIn();
      const tooOld = await cli(['doctor', '--daemon-url', `http://127.0.0.1:${old.port}`, '--token-file', file], home);
      expect(tooOld.stdout).to.contain(`✘ daemon: the daemon at http://127.0.0.1:${old.port} is browsertap 0.0.9, too old`);
      expect(tooOld.stdout).to.contain("    fix: update browsertap on the browser's machine");
      const notOurs = await cli(['doctor', '--daemon-url', `http://127.0.0.1:${other.port}`, '--token-file', file], home);
      expect(notOurs.stdout).to.contain(
        `✘ daemon: something answers at http://127.0.0.1:${other.port}, but it is no browsertap daemon`,
      );
      expect(notOurs.stdout).to.contain('    fix: check the address');
    });

    it('no token file: says where to put it, and still says whether a daemon answers', async () => {
      const port = await freePort();
      await daemon(port, join(home, 'browser'));
      const missing = join(home, 'nowhere', 'token');
      const doctor = await cli(['doctor', '--daemon-url', `http://127.0.0.1:${port}`, '--token-file', missing], home);
      expect(doctor.stdout).to.contain(`✘ token: no token for http://127.0.0.1:${port}: ${missing} is missing`);
      expect(doctor.stdout).to.contain(
        `    fix: on the browser's machine run 'browsertap token' and put what it prints in ${missing}`,
      );
      expect(doctor.stdout).to.match(/✔ daemon: browsertap \S+ answers at .* \(not proved: no token\)/);
      expect(doctor.status).to.equal(1);
    });
  });
});
