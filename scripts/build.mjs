#!/usr/bin/env node
// Bundles the CLI (src/cli.ts → dist/cli.js + dist/chunks/, and src/bin.ts → dist/cli.cjs, the
// installed command and the bridge) with esbuild: one file per command
// path loads in a fraction of the time Node takes to resolve and read ~600 separate modules
// (docs/benchmarks.md, start-up). Each command's own code is a lazily imported chunk, so the
// bridge never reads the daemon's. Third-party licences go to dist/THIRD_PARTY_LICENSES.txt.
// Type checking is `npm run typecheck` (tsc); this only transpiles, as tsx does for the tests.
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';

const out = 'dist';

/**
 * Koa's `accepts` pins mime-types 2 (with its own mime-db) beside the mime-types 3 Koa uses:
 * two copies of the MIME table were built at every start (≈ 8 ms). Same API (`lookup`,
 * `contentType`, `extension`, `charset`), so the bundle holds the newer one only.
 */
const oneMimeTable = {
  name: 'one-mime-table',
  setup(build) {
    const newest = join(process.cwd(), 'node_modules', 'mime-types', 'index.js');
    build.onResolve({ filter: /^mime-types$/ }, () => ({ path: newest }));
  },
};

/**
 * The MIME types the daemon's answers use (src/adapters/inbound/http: JSON, the status page's
 * HTML, script and stylesheet; Koa's own text, HTML and binary defaults). Koa's mime-types reads
 * all of mime-db (2 500 types, 147 KB) and indexes it at every start (≈ 8 ms before `/health`).
 * A type given in full (`text/html; charset=utf-8`) needs no table; a short name outside this list
 * would leave the Content-Type unset, so every answer's type is tested (test/integration/daemon).
 */
const SERVED_TYPES = [
  'application/json',
  'application/javascript',
  'application/octet-stream',
  'text/css',
  'text/html',
  'text/javascript',
  'text/plain',
];
const servedMimeTypesOnly = {
  name: 'served-mime-types-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]mime-db[\\/]db\.json$/ }, (args) => {
      const db = JSON.parse(readFileSync(args.path, 'utf8'));
      return { contents: JSON.stringify(Object.fromEntries(SERVED_TYPES.map((type) => [type, db[type]]))), loader: 'json' };
    });
  },
};

/**
 * Zod re-exports every one of its ~50 message locales as `z.locales`; browsertap (and the MCP SDK)
 * use the English one Zod installs by default. The bundle keeps only that one: the others were
 * 295 KB of the MCP side's 1.1 MB, read and compiled at every daemon's first MCP request.
 */
const englishZodOnly = {
  name: 'english-zod-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";\n',
      loader: 'js',
      resolveDir: join(process.cwd(), 'node_modules', 'zod', 'v4', 'locales'),
    }));
  },
};

/**
 * Code on paths browsertap never takes, replaced by a stand-in that fails loudly if it ever is:
 * - libphonenumber-js (≈ 450 KB of metadata), required by class-validator for phone-number
 *   decorators browsertap never uses (≈ 20 ms at every daemon start);
 * - Ajv with its formats, the SDK's JSON Schema validator for elicitation, which browsertap never
 *   asks for (the server gets its own validator, src/adapters/inbound/mcp/createMcpServer.ts;
 *   the SDK's default built one Ajv instance per session);
 * - the SDK's Zod 3 support (zod/v3, zod-to-json-schema): browsertap's schemas are Zod 4.
 * The last two were 380 KB of the MCP side, read and compiled before a daemon's first MCP answer.
 */
const UNUSED_PACKAGES = /^(libphonenumber-js(\/.*)?|ajv|ajv-formats|zod-to-json-schema|zod\/v3)$/;
const withoutUnusedPackages = {
  name: 'without-unused-packages',
  setup(build) {
    build.onResolve({ filter: UNUSED_PACKAGES }, (args) => ({ path: args.path, namespace: 'unused-package' }));
    build.onLoad({ filter: /.*/, namespace: 'unused-package' }, (args) => ({
      contents:
        `const unused = () => { throw new Error('browsertap does not bundle ${args.path}: nothing it runs may use it'); };\n` +
        'module.exports = new Proxy(unused, { get: (target, key) => (key === "__esModule" ? false : unused) });\n',
      loader: 'js',
    }));
  },
};
rmSync(out, { recursive: true, force: true });
/** What both builds share: bundled for Node 20, minified but with names (stacks stay readable). */
const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  outdir: out,
  minifySyntax: true,
  minifyWhitespace: true,
  keepNames: false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.build.json',
  // ws (the extension's channel) tries these native speed-ups in a try/catch and does without them.
  external: ['bufferutil', 'utf-8-validate'],
};
const result = await build({
  ...shared,
  entryPoints: { cli: 'src/cli.ts' },
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [withoutUnusedPackages, oneMimeTable, servedMimeTypesOnly, englishZodOnly],
  // CommonJS dependencies bundled into ESM call `require` for Node's built-ins.
  banner: { js: "import { createRequire as __btRequire } from 'node:module'; const require = __btRequire(import.meta.url);" },
});

// The installed command and the bridge: CommonJS on its own (src/bin.ts says why); the rest of
// the CLI stays in the ES module build above, which it imports.
const bin = await build({
  ...shared,
  entryPoints: { cli: 'src/bin.ts' },
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  // packageRoot.ts finds the package from its own location.
  define: { 'import.meta.url': '__btModuleUrl' },
  banner: { js: "#!/usr/bin/env node\nconst __btModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});

// The daemon: two CommonJS modules (src/daemonMain.ts says why), each written as the function
// Node's module wrapper would make of it, which src/composition/codeCache.ts compiles as it is:
// wrapping it at run time kept a second copy of its text for the life of the daemon.
// dist/daemon.cjs is the daemon; dist/daemon-mcp.cjs its MCP side (src/composition/mcpSessions.ts:
// the SDK, zod, the tools), read, compiled and run only when the daemon first needs it, with a
// code cache of its own (src/composition/runDaemonBundle.ts). The MCP side takes every module of
// the daemon's it imports from the daemon's own bundle (one container, one `DomainError`, the
// same use-case classes), by path: `require("browsertap-daemon:src/…")`, which the daemon's
// bundle serves from `sharedModules`. No package may be in both (checked below).
const daemonWrapper = {
  define: { 'import.meta.url': '__btModuleUrl' },
  banner: {
    js: "(function (exports, require, module, __filename, __dirname) {\nconst __btModuleUrl = require('node:url').pathToFileURL(__filename).href;",
  },
  footer: { js: '\n});' },
};
/** The daemon's bundle never evaluates its own import of the MCP side: `runDaemonBundle` loads dist/daemon-mcp.cjs. */
const mcpSideApart = {
  name: 'mcp-side-apart',
  setup(build) {
    build.onResolve({ filter: /[\\/]mcpSessions\.js$/ }, (args) => ({ path: args.path, namespace: 'mcp-side' }));
    build.onLoad({ filter: /.*/, namespace: 'mcp-side' }, () => ({
      contents: "throw new Error('the bundled daemon loads its MCP side from dist/daemon-mcp.cjs (runDaemonBundle)');\n",
      loader: 'js',
    }));
  },
};
/**
 * The daemon's `ws` only serves the extension's channel: its client half's modules (https, tls,
 * querystring: `ws`'s WebSocket requires them at load and uses them only to connect) are stubs
 * that throw if ever called, and its optional native add-ons (bufferutil, utf-8-validate, tried
 * in a try/catch) are absent. So the daemon loads no built-in module past DAEMON_BUILTINS
 * (src/composition/daemonFlags.ts), and none compiles from source when the channel first opens.
 */
const wsServerOnly = {
  name: 'ws-server-only',
  setup(build) {
    build.onResolve({ filter: /^(https|tls|querystring|bufferutil|utf-8-validate)$/ }, (args) =>
      /[\\/]node_modules[\\/]ws[\\/]/.test(args.importer) ? { path: args.path, namespace: 'ws-server-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'ws-server-only' }, (args) => {
      const refusal = JSON.stringify(`the daemon's ws only serves: ${args.path} is not in its bundle`);
      const native = args.path === 'bufferutil' || args.path === 'utf-8-validate';
      return {
        contents: native
          ? `throw new Error(${refusal});\n`
          : `module.exports = new Proxy({}, { get() { throw new Error(${refusal}); } });\n`,
        loader: 'js',
      };
    });
  },
};
const daemonPlugins = [wsServerOnly, withoutUnusedPackages, oneMimeTable, servedMimeTypesOnly, englishZodOnly];
const daemonOnly = await build({
  ...shared,
  ...daemonWrapper,
  write: false,
  entryPoints: { daemon: 'src/daemonMain.ts' },
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  plugins: [mcpSideApart, ...daemonPlugins],
});
const inDaemon = new Set(Object.keys(daemonOnly.metafile.inputs));
/** Paths (as in the metafile) of the daemon's modules the MCP side imports. */
const sharedPaths = new Set();
const fromTheDaemon = {
  name: 'from-the-daemon',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData?.fromTheDaemon === true) return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { fromTheDaemon: true },
      });
      if (found.errors.length > 0) return undefined;
      const path = relative(process.cwd(), found.path).split(sep).join('/');
      if (!inDaemon.has(path)) return undefined;
      sharedPaths.add(path);
      return { path: `browsertap-daemon:${path}`, external: true };
    });
  },
};
const daemonMcp = await build({
  ...shared,
  ...daemonWrapper,
  entryPoints: { 'daemon-mcp': 'src/composition/mcpSessions.ts' },
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  plugins: [fromTheDaemon, ...daemonPlugins],
});
const packageOf = (path) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
const daemonPackages = new Set([...inDaemon].map(packageOf).filter(Boolean));
const twice = [...new Set(Object.keys(daemonMcp.metafile.inputs).map(packageOf))].filter((name) => daemonPackages.has(name));
if (twice.length > 0) {
  throw new Error(`packages in both daemon bundles (their state would be two): ${twice.join(', ')}; import them through src/`);
}
/** The daemon's entry: src/daemonMain.ts, and the modules the MCP side takes from it. */
const daemonEntry = {
  name: 'daemon-entry',
  setup(build) {
    build.onResolve({ filter: /^browsertap:daemon-entry$/ }, () => ({ path: 'daemon-entry', namespace: 'daemon-entry' }));
    build.onLoad({ filter: /.*/, namespace: 'daemon-entry' }, () => ({
      contents: [
        "export * from './src/daemonMain.ts';",
        'export const sharedModules = {',
        ...[...sharedPaths].sort().map((path) => `  ${JSON.stringify(path)}: () => import(${JSON.stringify(`./${path}`)}),`),
        '};',
      ].join('\n'),
      loader: 'js',
      resolveDir: process.cwd(),
    }));
  },
};
const daemon = await build({
  ...shared,
  ...daemonWrapper,
  entryPoints: { daemon: 'browsertap:daemon-entry' },
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  plugins: [daemonEntry, mcpSideApart, ...daemonPlugins],
});

// V8 keeps a script's text for as long as it runs, as one byte a character unless one character
// is past ASCII: then the whole text takes two. esbuild writes ASCII everywhere but in regular
// expression literals (validator's alphabets, through class-validator), which made the daemon's
// 1.7 MB text a 3.4 MB string. A \u escape is the same character in a string, a regular
// expression (a surrogate pair included, with or without the u flag) and a template.
for (const file of ['daemon.cjs', 'daemon-mcp.cjs']) {
  const path = join(out, file);
  const text = readFileSync(path, 'utf8');
  let ascii = '';
  let backslashes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      ascii += text[i];
      backslashes = text[i] === '\\' ? backslashes + 1 : 0;
      continue;
    }
    // An escaped character (`\é`) is the character itself: its escape replaces that backslash.
    if (backslashes % 2 === 1) ascii = ascii.slice(0, -1);
    ascii += `\\u${code.toString(16).padStart(4, '0')}`;
    backslashes = 0;
  }
  writeFileSync(path, ascii);
}

chmodSync(join(out, 'cli.cjs'), 0o755);

// Every package that ended up in the bundle, with its licence text.
const packages = new Map();
for (const input of [result, bin, daemon, daemonMcp].flatMap((built) => Object.keys(built.metafile.inputs))) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (match === null || packages.has(match[1])) continue;
  const root = input.slice(0, match.index + match[0].length);
  packages.set(match[1], root);
}
const sections = [...packages.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, root]) => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE'].map((f) => join(root, f)).find(existsSync);
    const text = file === undefined ? `(licence: ${pkg.license ?? 'see the package'})` : readFileSync(file, 'utf8').trim();
    return `${name}@${pkg.version} — ${pkg.license ?? 'unknown'}\n\n${text}\n`;
  });
writeFileSync(
  join(out, 'THIRD_PARTY_LICENSES.txt'),
  `browsertap bundles these packages into dist/.\n\n${sections.join('\n---\n\n')}`,
);
const bytes = [result, bin, daemon, daemonMcp]
  .flatMap((built) => Object.values(built.metafile.outputs))
  .reduce((sum, o) => sum + o.bytes, 0);
process.stderr.write(
  `bundled the CLI into ${out}/ (${(bytes / 1024).toFixed(0)} KB, ${packages.size} packages; licences in ${out}/THIRD_PARTY_LICENSES.txt)\n`,
);
