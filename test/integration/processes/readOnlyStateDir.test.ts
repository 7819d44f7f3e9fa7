import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { freePort, killDaemons, removeDir, tempDir } from '../../support/processes.js';

/** Bind-mounts `dir` onto itself so it can be remounted read-only; false when this machine does not allow it. */
function bindMount(dir: string): boolean {
  return spawnSync('mount', ['--bind', dir, dir], { stdio: 'ignore' }).status === 0;
}
const remountReadOnly = (dir: string) => spawnSync('mount', ['-o', 'remount,bind,ro', dir], { stdio: 'ignore' }).status === 0;
const unmount = (dir: string) => spawnSync('umount', [dir], { stdio: 'ignore' });

describe('a state dir that turns read-only (built CLI, real process)', function () {
  this.timeout(20_000);

  it('the daemon still exits cleanly on SIGTERM, saying what it could not do (it crashed: EROFS unlink daemon.pid)', async function () {
    const port = await freePort();
    const stateDir = tempDir('browsertap-ro-');
    if (!bindMount(stateDir)) {
      console.log('      (skipped: this machine does not allow a bind mount, needed to make a directory read-only as root)');
      removeDir(stateDir);
      this.skip();
    }
    try {
      const daemon = spawn(process.execPath, ['dist/cli.js', 'daemon', '--port', String(port), '--state-dir', stateDir], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      daemon.stderr.on('data', (chunk) => (stderr += chunk));
      for (let i = 0; i < 200 && !existsSync(join(stateDir, 'daemon.pid')); i++) await new Promise((r) => setTimeout(r, 25));
      for (let i = 0; i < 100 && !stderr.includes('listening'); i++) await new Promise((r) => setTimeout(r, 25));
      expect(remountReadOnly(stateDir)).to.equal(true);
      const exited = new Promise<number | null>((resolve) => daemon.once('exit', (code) => resolve(code)));
      daemon.kill('SIGTERM');
      expect(await exited).to.equal(0);
      expect(stderr).to.contain('could not remove the pid file');
    } finally {
      unmount(stateDir);
      await killDaemons(port);
      removeDir(stateDir);
    }
  });
});
