import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { freePort, removeDir, tempDir } from '../../support/processes.js';
import { HANG_MS } from '../../support/until.js';
import { connectRemoteBridge, copyToken, health, sleep, startTestDaemon, tokenFileIn, type TestDaemon } from './remoteSupport.js';

const SSHD = ['/usr/sbin/sshd', '/usr/local/sbin/sshd'].find((path) => existsSync(path));
const haveSsh = spawnSync('ssh', ['-V'], { encoding: 'utf8' }).status === 0;
const haveKeygen = spawnSync('ssh-keygen', ['-?'], { encoding: 'utf8' }).error === undefined;

/** Resolves once something accepts connections on 127.0.0.1:`port`, or false after `ms`. */
async function accepting(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await sleep(50);
  }
  return false;
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 2_000).unref();
  });
}

/**
 * The SSH recipe of docs/install.md on one machine: a throwaway sshd on a high port (its own
 * host key, one authorized throwaway key, nothing else of the machine's), `ssh -N -R
 * <agent port>:127.0.0.1:<daemon port>` to it, and a bridge on the "agent's" side reaching the
 * daemon through that forward. Skipped, saying why, where sshd or ssh is not installed.
 */
describe('the SSH recipe: ssh -R to a throwaway sshd on localhost (docs/install.md, built CLI)', function () {
  this.timeout(40_000);
  let dir: string;
  let sshd: ChildProcess | undefined;
  let ssh: ChildProcess | undefined;
  let daemon: TestDaemon | undefined;
  let sshdLog = '';
  let sshLog = '';

  before(function () {
    const missing = [
      SSHD === undefined && 'sshd (Debian: openssh-server)',
      !haveSsh && 'ssh',
      !haveKeygen && 'ssh-keygen',
    ].filter(Boolean);
    if (missing.length > 0) {
      console.log(`      skipped: ${missing.join(', ')} not installed on this machine`);
      this.skip();
    }
  });

  beforeEach(() => {
    dir = tempDir('browsertap-ssh-');
  });

  afterEach(async () => {
    await stopChild(ssh);
    await stopChild(sshd);
    await daemon?.stop();
    ssh = sshd = daemon = undefined;
    removeDir(dir);
  });

  it('a bridge reaches the daemon through ssh -R to another port, and doctor --daemon-url passes the daemon and /mcp checks', async function () {
    for (const key of ['host_key', 'client_key']) {
      const made = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, key)], { encoding: 'utf8' });
      expect(made.status, made.stderr).to.equal(0);
    }
    writeFileSync(join(dir, 'authorized_keys'), spawnSync('cat', [join(dir, 'client_key.pub')], { encoding: 'utf8' }).stdout);
    const sshPort = await freePort();
    writeFileSync(
      join(dir, 'sshd_config'),
      [
        `Port ${sshPort}`,
        'ListenAddress 127.0.0.1',
        `HostKey ${join(dir, 'host_key')}`,
        `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
        'PidFile none',
        'StrictModes no',
        'UsePAM no',
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        'PermitRootLogin prohibit-password',
        'AllowTcpForwarding yes',
        'GatewayPorts no',
        '',
      ].join('\n'),
    );
    // sshd running as root insists on its privilege-separation directory.
    if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    sshd = spawn(SSHD as string, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    sshd.stderr?.on('data', (chunk) => (sshdLog += chunk));
    if (!(await accepting(sshPort, HANG_MS))) {
      console.log(`      skipped: the throwaway sshd did not start here: ${sshdLog.trim().split('\n').slice(-2).join(' / ')}`);
      this.skip();
    }

    const daemonPort = await freePort();
    const stateDir = join(dir, 'browser-machine');
    daemon = await startTestDaemon(daemonPort, stateDir);
    const agentHome = join(dir, 'agent-machine');
    mkdirSync(agentHome);
    const tokenFile = tokenFileIn(agentHome);
    copyToken(stateDir, tokenFile);

    const agentPort = await freePort();
    ssh = spawn(
      'ssh',
      [
        '-F',
        '/dev/null',
        '-N',
        '-o',
        'BatchMode=yes',
        '-o',
        'StrictHostKeyChecking=no',
        '-o',
        'UserKnownHostsFile=/dev/null',
        '-o',
        'ExitOnForwardFailure=yes',
        '-o',
        'IdentitiesOnly=yes',
        '-i',
        join(dir, 'client_key'),
        '-p',
        String(sshPort),
        '-R',
        `${agentPort}:127.0.0.1:${daemonPort}`,
        `${userInfo().username}@127.0.0.1`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    ssh.stderr?.on('data', (chunk) => (sshLog += chunk));
    expect(await accepting(agentPort, HANG_MS), `ssh -R did not open ${agentPort}: ${sshLog} ${sshdLog}`).to.equal(true);

    const url = `http://127.0.0.1:${agentPort}`;
    const bridge = await connectRemoteBridge(['--daemon-url', url, '--token-file', tokenFile], { HOME: agentHome });
    try {
      const answer = await health(bridge);
      expect(answer.ok, `${JSON.stringify(answer)} ${bridge.stderr()}`).to.equal(true);
    } finally {
      await bridge.close();
    }
    const doctor = spawnSync(process.execPath, ['dist/cli.js', 'doctor', '--daemon-url', url, '--token-file', tokenFile], {
      encoding: 'utf8',
      timeout: 15_000,
      env: { ...process.env, HOME: agentHome },
    });
    expect(doctor.stdout).to.contain(`✔ daemon: browsertap`);
    expect(doctor.stdout).to.contain(`at ${url} proved it holds the token`);
    expect(doctor.stdout).to.contain(`✔ mcp: ${url}/mcp opened and closed a session with the token`);
    // No extension in this test: that is the one check that fails.
    expect(doctor.stdout).to.contain('✘ extension: not connected to that daemon');
    expect(doctor.status).to.equal(1);
  });
});
