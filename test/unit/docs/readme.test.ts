import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { codeSpans, tableAfter } from './docsTables.js';

const README = readFileSync('README.md', 'utf8');
const folders = (dir: string) => readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());

describe("README.md's layout against the tree", () => {
  const rows = tableAfter(README, '## Layout');
  const row = (path: string) => (rows.find(([said]) => codeSpans(said as string)[0] === path)?.[1] ?? '') as string;

  for (const [path, dir] of [
    ['src/domain/', 'src/domain'],
    ['src/application/', 'src/application'],
    ['src/adapters/inbound/', 'src/adapters/inbound'],
    ['src/adapters/outbound/', 'src/adapters/outbound'],
    ['extension/', 'extension/src'],
  ] as const) {
    it(`names every folder of ${dir}`, () => {
      const said = codeSpans(row(path));
      for (const folder of folders(dir)) {
        expect(
          said.some((span) => span === `${folder}/` || span === `src/${folder}/`),
          `${dir}/${folder}`,
        ).to.equal(true);
      }
    });
  }
});
