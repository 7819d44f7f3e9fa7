import { expect } from 'chai';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStateStore } from '../../../../../src/adapters/outbound/fs/FileStateStore.js';
import { ensureToken, readToken, restoreToken, TokenUnavailable } from '../../../../../src/adapters/outbound/fs/tokenFile.js';
import { DomainError } from '../../../../../src/domain/DomainError.js';
import { expectDomainError } from '../../../../support/expectDomainError.js';
import { mountReadOnly, mountTinyDisk, unmount } from '../../../../support/mounts.js';

describe('FileStateStore and the token file', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'browsertap-fs-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('saves atomically under store/<key>.json (0600), loads, lists sorted, deletes, and leaves no temp files', async () => {
    const store = new FileStateStore(dir);
    await store.save('b', '{"v":1}');
    await store.save('a', '[1,2]');
    await store.save('b', '{"v":2}');
    expect(await store.load('b')).to.equal('{"v":2}');
    expect(await store.keys()).to.deep.equal(['a', 'b']);
    expect(readdirSync(join(dir, 'store')).sort()).to.deep.equal(['a.json', 'b.json']);
    expect(statSync(join(dir, 'store', 'a.json')).mode & 0o777).to.equal(0o600);
    expect(await store.load('missing')).to.equal(undefined);
    expect(await store.remove('a')).to.equal(true);
    expect(await store.remove('a')).to.equal(false);
    expect(await store.keys()).to.deep.equal(['b']);
  });

  it('checks keys again, so no path can leave the store', async () => {
    const store = new FileStateStore(dir);
    await store.save('x', '1').catch(() => undefined);
    for (const key of ['../token', '/etc/passwd', 'a/../../b']) {
      const error = await store.save(key, '1').then(
        () => undefined,
        (e: unknown) => e,
      );
      expectDomainError(() => {
        throw error;
      }, 'invalid_params');
    }
  });

  it('lists nothing before anything was stored, and keeps noise rules apart', async () => {
    const store = new FileStateStore(dir);
    expect(await store.keys()).to.deep.equal([]);
    expect(await store.loadNoiseRules()).to.deep.equal([]);
    await store.saveNoiseRules([{ pattern: 'x', category: 'logs' }]);
    expect(await store.loadNoiseRules()).to.deep.equal([{ pattern: 'x', category: 'logs' }]);
    expect(await store.keys()).to.deep.equal([]);
  });

  it('creates the token once, 0600, and tightens a token file others can read', async () => {
    const first = await ensureToken(dir);
    expect(first.origin).to.equal('created');
    expect(await ensureToken(dir)).to.deep.equal({ token: first.token, origin: 'existing' });
    expect(statSync(join(dir, 'token')).mode & 0o777).to.equal(0o600);
    writeFileSync(join(dir, 'token'), 'hand-made\n', { mode: 0o644 });
    expect((await ensureToken(dir)).token).to.equal('hand-made');
    expect(statSync(join(dir, 'token')).mode & 0o777).to.equal(0o600);
  });

  it('replaces an empty token file with a new token at start, and says so', async () => {
    writeFileSync(join(dir, 'token'), '  \n');
    const repaired = await ensureToken(dir);
    expect(repaired.origin).to.equal('replaced_empty');
    expect(repaired.token).to.match(/^[0-9a-f]{64}$/);
    expect(await readToken(dir)).to.equal(repaired.token);
  });

  it('reads a missing or empty token file as TokenUnavailable with the reason', async () => {
    const reason = () =>
      readToken(dir).then(
        () => undefined,
        (e: unknown) => (e instanceof TokenUnavailable ? e.reason : 'other'),
      );
    expect(await reason()).to.equal('missing');
    writeFileSync(join(dir, 'token'), '  \n');
    expect(await reason()).to.equal('empty');
  });

  it('writes a running daemon’s token back when its file went missing or changed, and only then', async () => {
    expect(await restoreToken(dir, 'live-token')).to.equal(true);
    expect(await readToken(dir)).to.equal('live-token');
    expect(await restoreToken(dir, 'live-token')).to.equal(false);
    writeFileSync(join(dir, 'token'), 'clobbered\n');
    expect(await restoreToken(dir, 'live-token')).to.equal(true);
    expect(statSync(join(dir, 'token')).mode & 0o777).to.equal(0o600);
  });
});

describe('FileStateStore on a full or read-only disk (real mounts, as root)', () => {
  let dir: string;
  let mounted = false;
  const failure = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (e: unknown) => e as DomainError,
    );

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'browsertap-disk-'));
    mounted = false;
  });

  afterEach(() => {
    if (mounted) unmount(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers storage_unavailable naming EROFS and the directory when the state dir is read-only', async function () {
    const store = new FileStateStore(dir);
    await store.save('kept', '1');
    mounted = mountReadOnly(dir);
    if (!mounted) {
      console.log('      (skipped: this machine does not allow a bind mount, needed to make a directory read-only)');
      this.skip();
    }
    for (const work of [() => store.save('k', '{"v":1}'), () => store.remove('kept'), () => store.saveNoiseRules([])]) {
      const error = await failure(work());
      expect(error).to.be.instanceOf(DomainError);
      expect(error?.code).to.equal('storage_unavailable');
      expect(error?.message).to.contain('read-only (EROFS)').and.contain(dir);
    }
    expect(await store.load('kept')).to.equal('1');
    expect(await store.keys()).to.deep.equal(['kept']);
  });

  it('answers storage_unavailable naming ENOSPC when the disk is full, and leaves no temp file behind', async function () {
    mounted = mountTinyDisk(dir, 64 * 1024);
    if (!mounted) {
      console.log('      (skipped: this machine does not allow mounting a tmpfs, needed for a full disk)');
      this.skip();
    }
    const store = new FileStateStore(dir);
    const error = await failure(store.save('big', 'x'.repeat(256 * 1024)));
    expect(error?.code).to.equal('storage_unavailable');
    expect(error?.message).to.equal(`could not store 'big': the disk is full (ENOSPC) in the state directory ${dir}`);
    expect(readdirSync(join(dir, 'store'))).to.deep.equal([]);
  });
});
