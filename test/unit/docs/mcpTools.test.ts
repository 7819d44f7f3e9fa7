import { expect } from 'chai';
import { TARGET } from '../../../src/domain/browserActions/args.js';
import { ACTION_LIST, AGENT_ACTIONS } from '../../../src/domain/browserActions/table.js';
import { AGENT_ERROR_CODES } from '../../../src/domain/wire/errorCodes.js';
import { codeSpans, doc, tableAfter } from './docsTables.js';

const TOOLS = doc('mcp-tools.md');

describe('docs/mcp-tools.md against the code', () => {
  it("lists every action interact offers once, each with every argument the action table gives it ('?' when optional)", () => {
    const rows = tableAfter(TOOLS, '## interact `{action, tab_id?, timeout_ms?, wait_ms?, …}`');
    const listed = rows.flatMap(([actions]) => codeSpans(actions as string));
    expect([...listed].sort()).to.deep.equal(AGENT_ACTIONS.map((action) => action.name).sort());
    for (const [actions, argsText] of rows) {
      const spans = codeSpans(argsText as string);
      for (const name of codeSpans(actions as string)) {
        const action = AGENT_ACTIONS.find((candidate) => candidate.name === name);
        const ruled = new Set((action?.rules ?? []).flatMap((rule) => (rule.kind === 'not_with' ? [] : rule.args)));
        for (const [arg, spec] of Object.entries(action?.args ?? {})) {
          if (spec.replayOnly === true) continue;
          // The note under the table covers nth and frame for every action that takes a target.
          if ((arg === 'nth' || arg === 'frame') && action?.args.nth === TARGET.nth) continue;
          // An element action's "`ref` or `selector`", and the arguments of a rule, are said bare.
          const bare = (action?.onElement === true && (arg === 'ref' || arg === 'selector')) || ruled.has(arg);
          const optional = !spec.required && !bare;
          const said = spans.some((span) => new RegExp(`^${arg}${optional ? '\\?' : '(?!\\?)'}(:|/|$)`).test(span));
          expect(said, `${name}: ${arg}${optional ? '?' : ''} in "${argsText}"`).to.equal(true);
        }
      }
    }
  });

  it('says for every recorded kind of action which action replays it, and which of those only a replay runs', () => {
    const rows = tableAfter(TOOLS, '| recorded | replayed as |');
    for (const action of ACTION_LIST.filter((candidate) => candidate.replays !== undefined)) {
      const row = rows.find(([recorded]) => codeSpans(recorded as string).includes(action.replays as string));
      expect(row, `a row for recorded ${action.replays}`).to.not.equal(undefined);
      const replayedAs = (row as string[])[1] as string;
      expect(codeSpans(replayedAs), `${action.replays} → ${action.name}`).to.include(action.name);
      if (!action.agent) expect(replayedAs, `${action.name} is replay only`).to.include('replay only');
      else {
        // Said before any action only a replay runs, when the row has one.
        const spans = codeSpans(replayedAs);
        const replayOnly = spans.findIndex((span) => ACTION_LIST.some((other) => other.name === span && !other.agent));
        expect(replayOnly < 0 || spans.indexOf(action.name) < replayOnly, `${action.name} is offered to agents`).to.equal(true);
      }
    }
  });

  it('lists every error code with when it is said, as the code says it', () => {
    const rows = tableAfter(TOOLS, '### Every error code');
    expect(rows.map(([code, when]) => [codeSpans(code as string)[0], when])).to.deep.equal(Object.entries(AGENT_ERROR_CODES));
  });
});
