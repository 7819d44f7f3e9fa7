#!/usr/bin/env node
// `npm pack` runs this twice (package.json `prepack` and `postpack`). The package.json in the
// tarball is the installed package's manifest, not the checkout's: it keeps what an installed
// copy needs (name, version, bin, engines, files…) and drops the checkout's lifecycle scripts,
// its devDependencies and allowScripts. With `prepare` in it, npm 11 warned on every install of
// the tarball ("install scripts not yet covered by allowScripts") for a script that does not
// even run on such an install; npx printed the same.
//
//   prepack:  builds the CLI and the extension (what `prepare` did for `npm pack`), keeps the
//             checkout's package.json as package.json.checkout, writes the published manifest.
//             BROWSERTAP_PACK_PREBUILT=1 packs dist/ and extension/dist/ as they are.
//   postpack: puts the checkout's package.json back.
//
// `npm pack --ignore-scripts` skips both, and its tarball keeps the checkout's manifest.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const MANIFEST = 'package.json';
const KEPT = `${MANIFEST}.checkout`;
/** What an installed copy reads of its manifest; everything else stays in the checkout. */
const PUBLISHED_FIELDS = ['name', 'version', 'description', 'type', 'license', 'private', 'bin', 'files', 'engines'];

const step = process.argv[2];
if (step === 'prepack') {
  if (process.env.BROWSERTAP_PACK_PREBUILT !== '1') {
    for (const script of ['scripts/build.mjs', 'scripts/build-extension.mjs']) {
      execFileSync(process.execPath, [script], { stdio: 'inherit' });
    }
  }
  const text = readFileSync(MANIFEST, 'utf8');
  const checkout = JSON.parse(text);
  // A pack that died before its postpack left the published manifest here: keep the checkout's.
  if (checkout.scripts !== undefined || !existsSync(KEPT)) writeFileSync(KEPT, text);
  const published = Object.fromEntries(PUBLISHED_FIELDS.filter((key) => key in checkout).map((key) => [key, checkout[key]]));
  writeFileSync(MANIFEST, `${JSON.stringify(published, null, 2)}\n`);
} else if (step === 'postpack') {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
} else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs prepack|postpack\n');
  process.exitCode = 2;
}
