import { expect } from 'chai';
import { chmodSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { requireWithCodeCache } from '../../../src/composition/codeCache.js';
import { tempDir } from '../../support/processes.js';

const requireBuiltin = createRequire(import.meta.url);

describe('requireWithCodeCache (the daemon bundle with V8’s code cache)', () => {
  let dir: string;
  let bundle: string;
  let cache: string;
  let n = 0;

  beforeEach(() => {
    dir = tempDir('browsertap-code-cache-');
    bundle = join(dir, 'bundle.cjs');
    cache = join(dir, 'state', 'daemon.code-cache');
    // A source of its own per test: V8 would otherwise find it compiled already in this process.
    writeFileSync(
      bundle,
      `(function (exports, require, module, __filename, __dirname) {\nexports.answer = ${++n} + 41; exports.where = __dirname; exports.path = require('node:path').sep;\n});`,
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the bundle as a CommonJS module and hands back its exports', () => {
    const loaded = requireWithCodeCache(bundle, cache, requireBuiltin);
    expect(loaded.exports).to.deep.equal({ answer: n + 41, where: dir, path: '/' });
    expect(loaded.fromCache).to.equal(false);
  });

  it('writes the cache when asked, private to its owner, under a header naming the bundle', () => {
    requireWithCodeCache(bundle, cache, requireBuiltin).save();
    expect(statSync(cache).mode & 0o777).to.equal(0o600);
    const data = readFileSync(cache);
    const header = data.toString('utf8', 0, data.indexOf(10));
    expect(header).to.match(/^browsertap-code-cache 1 \d+ [\d.]+ v\d+\.\d+\.\d+ /);
    expect(data.length).to.be.greaterThan(header.length + 1);
  });

  it('writes nothing when it ran from the cache (saving again is for a cache it could not use)', () => {
    requireWithCodeCache(bundle, cache, requireBuiltin).save();
    const written = statSync(cache).mtimeMs;
    const again = requireWithCodeCache(bundle, cache, requireBuiltin);
    expect(again.fromCache).to.equal(true);
    again.save();
    expect(statSync(cache).mtimeMs).to.equal(written);
  });

  it('ignores and then replaces the cache of another build of the bundle (the key holds its size and time)', () => {
    requireWithCodeCache(bundle, cache, requireBuiltin).save();
    const before = readFileSync(cache);
    utimesSync(bundle, new Date(), new Date(Date.now() + 5_000));
    const rebuilt = requireWithCodeCache(bundle, cache, requireBuiltin);
    expect(rebuilt.fromCache).to.equal(false);
    rebuilt.save();
    expect(readFileSync(cache).equals(before)).to.equal(false);
  });

  it('never reads a cache that others may write, and ignores a file that is not one', () => {
    requireWithCodeCache(bundle, cache, requireBuiltin).save();
    chmodSync(cache, 0o620);
    expect(requireWithCodeCache(bundle, cache, requireBuiltin).fromCache).to.equal(false);
    writeFileSync(cache, Buffer.alloc(4_096, 7), { mode: 0o600 });
    chmodSync(cache, 0o600);
    expect(requireWithCodeCache(bundle, cache, requireBuiltin).fromCache).to.equal(false);
  });
});
