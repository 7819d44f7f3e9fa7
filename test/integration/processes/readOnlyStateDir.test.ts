import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { payload, startHarness } from '../../support/daemonHarness.js';
import { mountReadOnly, mountTinyDisk, unmount } from '../../support/mounts.js';
import { freePort, killDaemons, removeDir, tempDir } from '../../support/processes.js';
import { until } from '../../support/until.js';

/** Bind-mounts `dir` onto itself so it can be remounted read-only; false when this machine does not allow it. */
function bindMount(dir: string): boolean {
  return spawnSync('mount', ['--bind', dir, dir], { stdio: 'ignore' }).status === 0;
}
const remountReadOnly = (dir: string) => spawnSync('mount', ['-o', 'remount,bind,ro', dir], { stdio: 'ignore' }).status === 0;

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
      await until(() => existsSync(join(stateDir, 'daemon.pid')) && stderr.includes('listening'), 'the daemon listening');
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

describe('configure on a read-only or full state dir (a real daemon in this process)', function () {
  this.timeout(20_000);
  let stateDir: string;
  let mounted = false;

  beforeEach(() => {
    stateDir = tempDir('browsertap-disk-');
    mounted = false;
  });

  afterEach(() => {
    if (mounted) unmount(stateDir);
    removeDir(stateDir);
  });

  const tool = async (client: Client, args: Record<string, unknown>) => {
    const result = await client.callTool({ name: 'configure', arguments: args });
    return { isError: result.isError === true, body: payload(result) };
  };

  it('store, delete and noise answer storage_unavailable (not internal_error), naming EROFS and the dir; nothing is logged as a bug', async function () {
    const h = await startHarness({ stateDir, captureLogs: true });
    try {
      const client = await h.client();
      await tool(client, { action: 'store', key: 'before', data: 1 });
      mounted = mountReadOnly(stateDir);
      if (!mounted) {
        console.log('      (skipped: this machine does not allow a bind mount, needed to make a directory read-only)');
        this.skip();
      }
      for (const args of [
        { action: 'store', key: 'notes', data: { a: 1 } },
        { action: 'delete', key: 'before' },
        { action: 'noise', op: 'add', pattern: 'favicon' },
      ]) {
        const { isError, body } = await tool(client, args);
        expect(isError).to.equal(true);
        expect(body.error, JSON.stringify(body)).to.equal('storage_unavailable');
        expect(body.message).to.contain('read-only (EROFS)').and.contain(stateDir);
      }
      expect((await tool(client, { action: 'noise', op: 'list' })).body.count).to.equal(0);
      expect((await tool(client, { action: 'load', key: 'before' })).body.data).to.equal(1);
      expect(h.logs().filter((line) => line.level === 'error')).to.deep.equal([]);
    } finally {
      await h.stop();
    }
  });

  it('store answers storage_unavailable naming ENOSPC when the disk is full', async function () {
    mounted = mountTinyDisk(stateDir, 128 * 1024);
    if (!mounted) {
      console.log('      (skipped: this machine does not allow mounting a tmpfs, needed for a full disk)');
      this.skip();
    }
    const h = await startHarness({ stateDir, captureLogs: true });
    try {
      const client = await h.client();
      const { isError, body } = await tool(client, { action: 'store', key: 'big', data: 'x'.repeat(200_000) });
      expect(isError).to.equal(true);
      expect(body.error).to.equal('storage_unavailable');
      expect(body.message).to.equal(`could not store 'big': the disk is full (ENOSPC) in the state directory ${stateDir}`);
      expect(h.logs().filter((line) => line.level === 'error')).to.deep.equal([]);
    } finally {
      await h.stop();
    }
  });
});
