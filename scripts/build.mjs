#!/usr/bin/env node
// Bundles the CLI (src/cli.ts → dist/cli.js + dist/chunks/, and src/bin.ts → dist/cli.cjs, the
// installed command and the bridge) with esbuild: one file per command
// path loads in a fraction of the time Node takes to resolve and read ~600 separate modules
// (docs/benchmarks.md, start-up). Each command's own code is a lazily imported chunk, so the
// bridge never reads the daemon's. Third-party licences go to dist/THIRD_PARTY_LICENSES.txt.
// Type checking is `npm run typecheck` (tsc); this only transpiles, as tsx does for the tests.
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
 * class-validator requires libphonenumber-js (≈ 450 KB of metadata) for its phone-number
 * decorators, which browsertap never uses; parsing it cost every daemon start ≈ 20 ms. The bundle
 * gets a stand-in that fails loudly if anything ever calls it.
 */
const withoutPhoneNumbers = {
  name: 'without-phone-numbers',
  setup(build) {
    build.onResolve({ filter: /^libphonenumber-js(\/.*)?$/ }, (args) => ({ path: args.path, namespace: 'unused-phone-numbers' }));
    build.onLoad({ filter: /.*/, namespace: 'unused-phone-numbers' }, () => ({
      contents:
        "const unused = () => { throw new Error('browsertap bundles no phone-number metadata (libphonenumber-js); no validator may use it'); };\n" +
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
  keepNames: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.build.json',
};
const result = await build({
  ...shared,
  entryPoints: { cli: 'src/cli.ts' },
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [withoutPhoneNumbers, oneMimeTable],
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

chmodSync(join(out, 'cli.cjs'), 0o755);

// Every package that ended up in the bundle, with its licence text.
const packages = new Map();
for (const input of [...Object.keys(result.metafile.inputs), ...Object.keys(bin.metafile.inputs)]) {
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
const bytes = [...Object.values(result.metafile.outputs), ...Object.values(bin.metafile.outputs)].reduce(
  (sum, o) => sum + o.bytes,
  0,
);
process.stderr.write(
  `bundled the CLI into ${out}/ (${(bytes / 1024).toFixed(0)} KB, ${packages.size} packages; licences in ${out}/THIRD_PARTY_LICENSES.txt)\n`,
);
