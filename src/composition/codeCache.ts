import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** What a cache file starts with, before its key and V8's data. */
const MAGIC = 'browsertap-code-cache 1 ';
/** A header longer than this is no header of ours. */
const MAX_HEADER_BYTES = 1_024;

export interface CachedBundle {
  /** The bundle's `module.exports`. */
  readonly exports: Record<string, unknown>;
  /** Whether V8 took the cache (false: none, another key, or V8 refused it). */
  readonly fromCache: boolean;
  /**
   * Writes V8's code cache for everything compiled so far, when the bundle did not run from a
   * valid one. Called once the process has run its usual paths, so they are in it. Never throws:
   * a cache that cannot be written only costs the next start its compile.
   */
  save(): void;
}

/**
 * Runs a CommonJS bundle (ASCII text, read as latin1) written as the function Node's module wrapper makes of a module
 * (`(function (exports, require, module, __filename, __dirname) {…})`, scripts/build.mjs) as Node
 * would `require` it, with V8's code cache kept in `cacheFile`:
 * Node 22's `module.enableCompileCache()` does this for every module, and Node 20 has no such
 * thing, so the daemon does it for its two bundles. Compiling the daemon’s 1.8 MB took ≈ 30 ms of
 * every start, its code cache ≈ 9 ms (docs/benchmarks.md, start-up).
 *
 * V8 checks that a cache matches its own version and flags but, for the code, only the source's
 * length; the file's header therefore carries a key naming this bundle (size and modification
 * time), this Node and its flags, and any other key is ignored and replaced. The cache is
 * compiled code that this process will run, so a file that another user owns or may write is
 * never read (the state dir is the daemon's own, mode 0700, as for its token). The bundle
 * requires Node's built-ins only (and, for the MCP side, the modules it shares with the rest of
 * the daemon): `requireBuiltin` is the caller's own `require` or one that serves those, as
 * `createRequire` would load Node's ES module loader for nothing.
 */
export function requireWithCodeCache(bundle: string, cacheFile: string, requireBuiltin: (id: string) => unknown): CachedBundle {
  const key = cacheKey(bundle);
  const cached = readCache(cacheFile, key);
  // The bundles are ASCII (scripts/build.mjs escapes the rest), which latin1 reads as it is and
  // ≈ 0.7 ms sooner than UTF-8's decoding for the daemon's 1.4 MB.
  const script = new Script(readFileSync(bundle, 'latin1'), {
    filename: bundle,
    ...(cached === undefined ? {} : { cachedData: cached }),
  });
  const fromCache = cached !== undefined && script.cachedDataRejected === false;
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (
    exports: unknown,
    require: (id: string) => unknown,
    module: unknown,
    filename: string,
    dirname: string,
  ) => void;
  run(module.exports, requireBuiltin, module, bundle, dirname(bundle));
  let saved = fromCache;
  return {
    exports: module.exports,
    fromCache,
    save: () => {
      if (saved) return;
      saved = true;
      writeCache(cacheFile, key, script.createCachedData());
    },
  };
}

function cacheKey(bundle: string): string {
  const { size, mtimeMs } = statSync(bundle);
  return [size, mtimeMs, process.version, process.arch, ...process.execArgv].join(' ');
}

/** The V8 data of `file` when it is ours and its key is `key`; otherwise undefined. */
function readCache(file: string, key: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    const ours = typeof process.getuid !== 'function' || stats.uid === process.getuid();
    if (!ours || (stats.mode & 0o022) !== 0 || !stats.isFile()) return undefined;
    const data = readFileSync(fd);
    const end = data.indexOf(10);
    if (end < 0 || end > MAX_HEADER_BYTES) return undefined;
    if (data.toString('utf8', 0, end) !== `${MAGIC}${key}`) return undefined;
    return data.subarray(end + 1);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Replaces `file` in one step (readers see the old cache or the new), mode 0600. */
function writeCache(file: string, key: string, data: Buffer): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temp, Buffer.concat([Buffer.from(`${MAGIC}${key}\n`, 'utf8'), data]), { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** Where the daemon keeps the code cache of one of its bundles (`daemon`, `daemon-mcp`): in its state dir. */
export const daemonCodeCache = (stateDir: string, bundle = 'daemon'): string => join(stateDir, `${bundle}.code-cache`);
