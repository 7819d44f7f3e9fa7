#!/usr/bin/env node
// Bundles the extension (extension/src → extension/dist) with esbuild and writes its manifest
// with the package version. Run by `npm install` (prepare) and `npm run build:extension`.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'extension/dist';
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const common = { bundle: true, target: 'chrome120', legalComments: 'none', logLevel: 'warning', minifySyntax: true };
await build({ ...common, entryPoints: { worker: 'extension/src/worker/worker.ts' }, format: 'esm', outdir: out });
// The page capture runs in the page's MAIN world and is named by a sourceURL: console calls made
// from a chrome-extension:// script cost Chrome about 16 µs more each (see install.ts).
for (const name of ['capture', 'capture-tracked']) {
  const entry = `extension/src/page/${name === 'capture' ? 'capture' : 'captureTracked'}.ts`;
  await build({
    ...common,
    entryPoints: { [name]: entry },
    format: 'iife',
    outdir: out,
    footer: { js: `//# sourceURL=browsertap-${name}.js` },
  });
}
await build({
  ...common,
  entryPoints: {
    relay: 'extension/src/relay/relay.ts',
    popup: 'extension/src/popup/popup.ts',
    'page-runner': 'extension/src/inject/runScript.ts',
    'dom-actions': 'extension/src/inject/domActions.ts',
  },
  format: 'iife',
  outdir: out,
});

const manifest = JSON.parse(readFileSync('extension/manifest.json', 'utf8'));
manifest.version = pkg.version.replace(/[^0-9.].*$/, '');
writeFileSync(`${out}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync('extension/src/popup/popup.html', `${out}/popup.html`);
copyFileSync('extension/defaults.json', `${out}/defaults.json`);
process.stderr.write(`built the extension into ${out} (version ${manifest.version})\n`);
