import { expect } from 'chai';
import { respond } from '../../../../../src/adapters/inbound/mcp/toolResult.js';
import type { McpToolDeps } from '../../../../../src/adapters/inbound/mcp/McpToolDeps.js';
import { ATTACHED_TEXT } from '../../../../../src/application/shared/attachedText.js';

/** What respond reads of the deps: alerts (none here), the logger and the budget. */
function deps(alerts?: object): McpToolDeps {
  return {
    takeAlerts: { execute: () => alerts },
    logger: { error: () => undefined },
    resultBudget: 60_000,
  } as unknown as McpToolDeps;
}

const client = { clientId: 'c1' };
const FILE = "import { test } from '@playwright/test';\ntest('a \"quoted\" name', async () => {});\n";

describe('respond: a payload with an attached text', () => {
  it('sends the JSON header first and the text as its own block, not escaped', async () => {
    const result = await respond(deps(), client, () => ({ from: 'a1', to: 'a2', [ATTACHED_TEXT]: FILE }));
    expect(result.isError).to.equal(undefined);
    expect(result.content).to.deep.equal([
      { type: 'text', text: '{"from":"a1","to":"a2"}' },
      { type: 'text', text: FILE },
    ]);
    // A plain record: the SDK refuses a structuredContent with a symbol key.
    expect(Reflect.ownKeys(result.structuredContent ?? {})).to.deep.equal(['from', 'to']);
  });

  it('keeps the text after the header when alerts join the header', async () => {
    const result = await respond(deps({ events: [] }), client, () => ({ from: 'a1', [ATTACHED_TEXT]: FILE }));
    expect(result.content).to.deep.equal([
      { type: 'text', text: '{"from":"a1","alerts":{"events":[]}}' },
      { type: 'text', text: FILE },
    ]);
  });

  it('sends one block for a payload without one', async () => {
    const result = await respond(deps(), client, () => ({ ok: true }));
    expect(result.content).to.deep.equal([{ type: 'text', text: '{"ok":true}' }]);
  });
});
