#!/usr/bin/env node
// Bundles the extension (extension/src → extension/dist) with esbuild and writes its manifest
// with the package version. Run by `npm install` (prepare) and `npm run build:extension`.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const out = 'extension/dist';
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// web-vitals measures with a PerformanceObserver that sees the page as a person acting where the
// agent did would have: the agent's synthetic clicks and keys end LCP and excuse the layout shifts
// after them, as a person's trusted ones do (extension/src/page/PersonObserver.ts). Swapped in for
// that package only; the page's own observers and ours keep the browser's.
const personObserver = resolve('extension/src/page/PersonObserver.ts');
const vitalsAsAPersonSees = {
  name: 'web-vitals-as-a-person-sees',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]node_modules[\\/]web-vitals[\\/].*\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('new PerformanceObserver(')) {
        throw new Error(`${args.path} no longer calls new PerformanceObserver(: see ${personObserver}`);
      }
      return {
        contents: `import { PersonObserver as PerformanceObserver } from ${JSON.stringify(personObserver)};\n${source}`,
        loader: 'js',
      };
    });
  },
};

const common = {
  bundle: true,
  plugins: [vitalsAsAPersonSees],
  target: 'chrome120',
  legalComments: 'none',
  logLevel: 'warning',
  minifySyntax: true,
  metafile: true,
};
const inputs = new Set();
const note = (result) => Object.keys(result.metafile.inputs).forEach((input) => inputs.add(input));
note(await build({ ...common, entryPoints: { worker: 'extension/src/worker/worker.ts' }, format: 'esm', outdir: out }));
// The page capture runs in the page's MAIN world and is named by a sourceURL: console calls made
// from a chrome-extension:// script cost Chrome about 16 µs more each (see install.ts).
for (const name of ['capture', 'capture-tracked']) {
  const entry = `extension/src/page/${name === 'capture' ? 'capture' : 'captureTracked'}.ts`;
  note(
    await build({
      ...common,
      entryPoints: { [name]: entry },
      format: 'iife',
      outdir: out,
      footer: { js: `//# sourceURL=browsertap-${name}.js` },
    }),
  );
}
note(
  await build({
    ...common,
    entryPoints: {
      relay: 'extension/src/relay/relay.ts',
      popup: 'extension/src/popup/popup.ts',
      'page-runner': 'extension/src/inject/runScript.ts',
      'dom-actions': 'extension/src/inject/domActions.ts',
      // The component reader, injected into the page's MAIN world when pointing starts (never before).
      'component-chain': 'extension/src/component/install.ts',
    },
    format: 'iife',
    outdir: out,
  }),
);

// The packages bundled into the extension, with their licence texts (legal comments are dropped).
const packages = new Map([['axe-core', 'node_modules/axe-core/']]);
for (const input of inputs) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (match !== null && !packages.has(match[1])) packages.set(match[1], input.slice(0, match.index + match[0].length));
}
const sections = [...packages]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, root]) => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license'].map((f) => join(root, f)).find(existsSync);
    return `${name}@${pkg.version} — ${pkg.license ?? 'unknown'}\n\n${file === undefined ? '' : readFileSync(file, 'utf8').trim()}\n`;
  });
writeFileSync(
  `${out}/THIRD_PARTY_LICENSES.txt`,
  `The browsertap extension bundles these packages.\n\n${sections.join('\n---\n\n')}`,
);

const manifest = JSON.parse(readFileSync('extension/manifest.json', 'utf8'));
manifest.version = pkg.version.replace(/[^0-9.].*$/, '');
writeFileSync(`${out}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync('extension/src/popup/popup.html', `${out}/popup.html`);
// axe-core for `interact audit`, injected on demand (never into a page that is not audited).
copyFileSync('node_modules/axe-core/axe.min.js', `${out}/axe.js`);
copyFileSync('extension/defaults.json', `${out}/defaults.json`);
process.stderr.write(`built the extension into ${out} (version ${manifest.version})\n`);
