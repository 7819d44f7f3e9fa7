import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { startHarness, type Harness } from '../../support/daemonHarness.js';

/**
 * `tools/list` is read by a model on every session: it changes only when someone means it. The
 * fixture is the list as it was before the actions moved into one table; since then the
 * interact actions, and the arguments they take, are listed in the table's order (a family at a
 * time, each argument where an action first takes it): the one change, which this test allows
 * and nothing else (each still listed once, with the same type and words; every byte the same).
 */
const GOLDEN = JSON.parse(readFileSync('test/fixtures/mcp/tools-list.json', 'utf8'));

/** The list with interact's actions and arguments in name order: what a reordering leaves unchanged. */
function withActionsSorted(listed: any): string {
  const copy = structuredClone(listed);
  const schema = copy.tools.find((tool: { name: string }) => tool.name === 'interact').inputSchema;
  schema.properties.action.description = schema.properties.action.description.split('|').sort().join('|');
  schema.properties = Object.fromEntries(Object.entries(schema.properties).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify(copy);
}

describe('tools/list against its fixture', () => {
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });

  after(async () => h.stop());

  it('is the fixture byte for byte but for the order of the interact actions and arguments', async () => {
    const listed = await (await h.client()).listTools();
    // A change that is meant: the fixture becomes this list.
    expect(withActionsSorted(listed), `tools/list is now:\n${JSON.stringify(listed, null, 2)}`).to.equal(
      withActionsSorted(GOLDEN),
    );
    expect(JSON.stringify(listed).length).to.equal(JSON.stringify(GOLDEN).length);
  });
});
