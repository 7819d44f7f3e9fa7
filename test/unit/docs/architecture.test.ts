import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { codeSpans, tableAfter } from './docsTables.js';

const ARCHITECTURE = readFileSync('docs/architecture.md', 'utf8');
const RULES = readFileSync('.dependency-cruiser.cjs', 'utf8');

function files(dir: string, ending: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, ending) : path.endsWith(ending) ? [path] : [];
  });
}

describe('docs/architecture.md against the code', () => {
  it('lists every port of src/application/ports, and no port that is not there', () => {
    const ports = readdirSync('src/application/ports').map((file) => file.replace(/\.ts$/, ''));
    const said = tableAfter(ARCHITECTURE, '## Ports').map(([port]) => codeSpans(port as string)[0] as string);
    expect(said.filter((port) => port.endsWith('Port')).sort()).to.deep.equal(ports.sort());
  });

  it('names every layer rule of .dependency-cruiser.cjs in its table of layers, or says it beneath', () => {
    const rules = [...RULES.matchAll(/name: '([a-z-]+)'/g)].map((match) => match[1] as string);
    const layers = ARCHITECTURE.slice(ARCHITECTURE.indexOf('## Layers'), ARCHITECTURE.indexOf('## The wire'));
    const said = codeSpans(layers);
    const beneath = ['mcp-sdk-stays-in-its-adapter', 'no-circular', 'not-to-unresolvable'];
    for (const rule of rules) expect(said.includes(rule) || beneath.includes(rule), rule).to.equal(true);
  });

  it('keeps every source of extension/src to 400 lines at most (The extension: by capability)', () => {
    expect(ARCHITECTURE).to.include('No source file is over 400 lines.');
    const long = files('extension/src', '.ts')
      .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).to.deep.equal([]);
  });

  it('unit-tests the extension in jsdom: more than 32 test files under test/unit/extension', () => {
    expect(files('test/unit/extension', '.test.ts').length).to.be.above(32);
  });

  it('says each redaction marker as a string in one file: the wire’s for values, the privacy domain’s for text', () => {
    const sources = [...files('src', '.ts'), ...files('extension/src', '.ts')];
    for (const marker of ['[redacted]', '[REDACTED]']) {
      const saying = sources.filter((path) => {
        const text = readFileSync(path, 'utf8');
        return text.includes(`'${marker}'`) || text.includes(`"${marker}"`);
      });
      expect(saying.length, `${marker}: ${saying.join(', ')}`).to.equal(1);
    }
  });

  it('cites no numbered section of a contract the repository does not hold: the project’s own docs instead', function () {
    // Without git (a copy of the tree, not a clone) there is nothing to list: said, not passed silently.
    let tracked: string;
    try {
      tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch {
      this.skip();
    }
    const citation = new RegExp('SPEC' + ' [0-9]');
    const citing = tracked
      .split('\0')
      .filter((path) => path !== '' && !/\.(png|jpe?g|gif|ico|woff2?|zip|gz|wasm)$/.test(path))
      .filter((path) => {
        try {
          return citation.test(readFileSync(path, 'utf8'));
        } catch {
          return false; // listed but not in the work tree (a deleted file not yet committed)
        }
      });
    expect(citing).to.deep.equal([]);
  });
});
