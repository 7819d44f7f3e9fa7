import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { freePort, killDaemons, removeDir, tempDir } from '../../support/processes.js';

// SPEC 11: one package. The tarball `npm pack` makes installs on a machine with nothing else:
// an empty prefix, a fresh HOME, a working directory outside the checkout, npm offline.
describe('the packed tarball, installed into an empty prefix (SPEC 11)', function () {
  this.timeout(120_000);
  const checkout = process.cwd();
  let root: string;
  let home: string;
  let bin: string;
  let port: number;
  const env = () => ({
    PATH: process.env.PATH ?? '',
    HOME: home,
    npm_config_cache: join(root, 'npm-cache'),
    npm_config_update_notifier: 'false',
  });
  const browsertap = (args: string[]) => spawnSync(bin, args, { cwd: root, env: env(), encoding: 'utf8', timeout: 30_000 });

  before(function () {
    root = tempDir('browsertap-pack-');
    home = join(root, 'home');
    port = 0;
    // The build step of `npm test` made dist/ and extension/dist; pack them as they are.
    const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', root], {
      cwd: checkout,
      encoding: 'utf8',
    });
    expect(packed.status, packed.stderr).to.equal(0);
    const tarball = readdirSync(root).find((name) => name.endsWith('.tgz'));
    expect(tarball).to.be.a('string');
    const prefix = join(root, 'prefix');
    const installed = spawnSync(
      'npm',
      ['install', '--global', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, join(root, tarball as string)],
      { cwd: root, env: env(), encoding: 'utf8' },
    );
    expect(installed.status, installed.stderr).to.equal(0);
    bin = join(prefix, 'bin', 'browsertap');
  });
  after(async () => {
    if (port !== 0) await killDaemons(port);
    removeDir(root);
  });

  it('runs from the installed copy: --version, setup claude --print, extension', () => {
    const version = browsertap(['--version']);
    expect(version.status).to.equal(0);
    expect(version.stderr).to.match(/^browsertap \d+\.\d+\.\d+/);

    const setup = browsertap(['setup', 'claude', '--print']);
    expect(setup.status).to.equal(0);
    const printed = JSON.parse(setup.stdout.split('\n').slice(1).join('\n')) as {
      mcpServers: { browsertap: { command: string; args: string[] } };
    };
    const args = printed.mcpServers.browsertap.args;
    expect(args[0]).to.match(/prefix\/lib\/node_modules\/browsertap\/dist\/cli\.cjs$/);
    expect(args[0]?.startsWith(checkout)).to.equal(false);
    expect(existsSync(join(home, '.claude.json')), '--print writes nothing').to.equal(false);

    const extension = browsertap(['extension']);
    expect(extension.status).to.equal(0);
    const folder = extension.stdout.trim();
    expect(folder).to.match(/prefix\/lib\/node_modules\/browsertap\/extension\/dist$/);
    expect(existsSync(join(folder, 'manifest.json'))).to.equal(true);
  });

  it('doctor reports the missing daemon and extension, each with its fix, and exits 1', () => {
    const doctor = browsertap(['doctor', '--port', '1', '--state-dir', join(home, '.browsertap')]);
    expect(doctor.status).to.equal(1);
    expect(doctor.stdout).to.contain('✔ node');
    expect(doctor.stdout).to.contain('✔ extension files');
    expect(doctor.stdout).to.match(
      /✘ extension: .*\n\s+fix: load the extension: chrome:\/\/extensions → Developer mode → Load unpacked → .*prefix/,
    );
  });

  it('starts a daemon from the installed copy', async () => {
    port = await freePort();
    const daemon = spawn(bin, ['daemon', '--port', String(port), '--state-dir', join(home, '.browsertap')], {
      cwd: root,
      env: env(),
      stdio: 'ignore',
    });
    try {
      let health: { status?: string } = {};
      for (let i = 0; i < 100 && health.status !== 'ok'; i++) {
        health = await fetch(`http://127.0.0.1:${port}/health`).then(
          (response) => response.json() as Promise<{ status: string }>,
          () => new Promise((resolve) => setTimeout(() => resolve({}), 50)),
        );
      }
      expect(health.status).to.equal('ok');
      expect(existsSync(join(home, '.browsertap', 'token'))).to.equal(true);
    } finally {
      daemon.kill('SIGTERM');
      await new Promise((resolve) => daemon.once('exit', resolve));
    }
  });
});
