import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { connectBridge, freePort, removeDir, tempDir } from '../../support/processes.js';
import { until } from '../../support/until.js';

/** Runs the built CLI to its end, without blocking this process (a server here must keep answering). */
function runCli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['dist/cli.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (status) => done({ status, stdout, stderr }));
  });
}

const count = (text: string, part: string) => text.split(part).length - 1;

// docs/install.md: what a person reads when the port is not browsertap's to take.
describe('when the port is taken (built CLI)', function () {
  this.timeout(30_000);
  let port: number;
  let stateDir: string;

  beforeEach(async () => {
    port = await freePort();
    stateDir = tempDir();
  });
  afterEach(() => removeDir(stateDir));

  describe('by a program that is no browsertap daemon', () => {
    let server: Server;
    const sockets = new Set<Socket>();
    beforeEach(async () => {
      // Accepts connections and never answers: not HTTP, not browsertap.
      server = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
      });
      await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    });
    afterEach(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => server.close(done));
    });

    it('the first request says so once, and no daemon is started (it was started and failed three times)', async () => {
      const bridge = await connectBridge(port, stateDir, 'dist/cli.cjs', 'port-taken', false);
      const answer = await bridge.client.callTool({ name: 'configure', arguments: { action: 'health' } }).then(
        () => 'answered',
        (error: Error) => error.message,
      );
      await bridge.client.close();
      expect(answer).to.contain(`port ${port} is taken by another program`).and.contain('--port N or BROWSERTAP_PORT=N');
      expect(count(answer, 'taken by another program')).to.equal(1);
      expect(existsSync(join(stateDir, 'daemon.log')), 'no daemon was started, so none logged').to.equal(false);
      // The bridge's own log gives the reason once, however many paths met it.
      expect(count(bridge.stderr(), 'taken by another program')).to.equal(1);
    });
  });

  describe('by another OS user’s browsertap daemon', () => {
    let other: ChildProcess | undefined;
    let otherDir: string;

    before(function () {
      const cli = resolve('dist/cli.js');
      let reason: string | undefined;
      if (process.getuid?.() !== 0) reason = 'not root: cannot start a process as another user';
      else if (spawnSync('setpriv', ['--version']).error !== undefined) reason = 'no setpriv (util-linux) here';
      else if (!existsSync('/proc/net/tcp')) reason = 'no /proc/net/tcp: the owner of a port is read from there (Linux)';
      else if (spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'test', '-r', cli]).status !== 0)
        reason = `user nobody (65534) cannot read ${cli}`;
      if (reason !== undefined) {
        console.log(`      (skipped: ${reason})`);
        this.skip();
      }
    });

    beforeEach(async () => {
      otherDir = tempDir('browsertap-other-user-');
      chmodSync(otherDir, 0o777);
      other = spawn(
        'setpriv',
        ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, resolve('dist/cli.js'), 'daemon'],
        {
          stdio: 'ignore',
          env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', BROWSERTAP_PORT: String(port), BROWSERTAP_HOME: otherDir },
        },
      );
      await until(
        () =>
          fetch(`http://127.0.0.1:${port}/health`).then(
            (r) => r.ok,
            () => false,
          ),
        'the other user’s daemon answering',
        undefined,
        50,
      );
      accessSync(join(otherDir, 'token'), constants.F_OK);
    });
    afterEach(async () => {
      if (other !== undefined && other.exitCode === null) {
        other.kill('SIGTERM');
        await new Promise((done) => other?.once('exit', done));
      }
      removeDir(otherDir);
    });

    it('the bridge names that user and the way out (another port, or ask them), and sends no token', async () => {
      const bridge = await connectBridge(port, stateDir, 'dist/cli.cjs', 'other-user', false);
      const answer = await bridge.client.callTool({ name: 'configure', arguments: { action: 'health' } }).then(
        () => 'answered',
        (error: Error) => error.message,
      );
      await bridge.client.close();
      expect(answer).to.contain(`port ${port} is held by a browsertap daemon`);
      expect(answer).to.contain(`of another user, nobody (uid 65534)`);
      expect(answer).to.contain(`pid ${other?.pid}`);
      expect(answer).to.contain('--port N or BROWSERTAP_PORT=N').and.contain('ask nobody to stop theirs');
      expect(answer, 'not the advice that cannot work').to.not.contain("'browsertap stop'");
      expect(readFileSync(join(otherDir, 'token'), 'utf8')).to.not.equal('');
    });

    it('stop says it cannot stop another user’s daemon and what to do instead, not the same sentence', async () => {
      const stop = await runCli(['stop', '--port', String(port), '--state-dir', stateDir]);
      expect(stop.status).to.equal(1);
      expect(stop.stderr).to.contain('not stopping anything').and.contain('of another user, nobody (uid 65534), not by yours');
      expect(stop.stderr).to.contain("only that user can stop it ('browsertap stop' run as nobody)");
      expect(stop.stderr).to.contain('use another port: --port N or BROWSERTAP_PORT=N');
      expect(stop.stderr).to.not.contain('then start a client again');
      expect(other?.exitCode, 'their daemon still runs').to.equal(null);

      const daemon = await runCli(['daemon', '--port', String(port), '--state-dir', stateDir]);
      expect(daemon.status).to.equal(1);
      expect(daemon.stderr).to.contain('of another user, nobody (uid 65534)').and.contain('ask nobody to stop theirs');
      expect(daemon.stderr).to.not.contain("'browsertap stop' stops it");
    });
  });
});
