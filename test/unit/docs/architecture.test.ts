import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { codeSpans, tableAfter } from './docsTables.js';

const ARCHITECTURE = readFileSync('docs/architecture.md', 'utf8');
const RULES = readFileSync('.dependency-cruiser.cjs', 'utf8');

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
});
