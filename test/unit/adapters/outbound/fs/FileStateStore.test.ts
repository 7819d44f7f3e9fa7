import { expect } from 'chai';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStateStore } from '../../../../../src/adapters/outbound/fs/FileStateStore.js';
import { ensureToken, readToken } from '../../../../../src/adapters/outbound/fs/tokenFile.js';
import { expectDomainError } from '../../../../support/expectDomainError.js';

describe('FileStateStore and the token file', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'browsertap-fs-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('saves atomically under store/<key>.json (0600), loads, lists sorted, and leaves no temp files', async () => {
    const store = new FileStateStore(dir);
    await store.save('b', { v: 1 });
    await store.save('a', [1, 2]);
    await store.save('b', { v: 2 });
    expect(await store.load('b')).to.deep.equal({ v: 2 });
    expect(await store.keys()).to.deep.equal(['a', 'b']);
    expect(readdirSync(join(dir, 'store')).sort()).to.deep.equal(['a.json', 'b.json']);
    expect(statSync(join(dir, 'store', 'a.json')).mode & 0o777).to.equal(0o600);
    expect(await store.load('missing')).to.equal(undefined);
  });

  it('checks keys again, so no path can leave the store', async () => {
    const store = new FileStateStore(dir);
    await store.save('x', 1).catch(() => undefined);
    for (const key of ['../token', '/etc/passwd', 'a/../../b']) {
      const error = await store.save(key, 1).then(
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
    expect(await ensureToken(dir)).to.equal(first);
    expect(statSync(join(dir, 'token')).mode & 0o777).to.equal(0o600);
    writeFileSync(join(dir, 'token'), 'hand-made\n', { mode: 0o644 });
    expect(await ensureToken(dir)).to.equal('hand-made');
    expect(statSync(join(dir, 'token')).mode & 0o777).to.equal(0o600);
  });

  it('refuses an empty token file', async () => {
    writeFileSync(join(dir, 'token'), '  \n');
    const error = await readToken(dir).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(error).to.contain('is empty');
  });
});
