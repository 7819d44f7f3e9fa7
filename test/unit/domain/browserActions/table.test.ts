import { expect } from 'chai';
import { PAGE_FAMILIES, WORKER_FAMILIES } from '../../../../src/domain/browserActions/BrowserAction.js';
import { COMMAND_ARGS } from '../../../../src/domain/browserActions/commandArgs.js';
import {
  ACTION_LIST,
  ACTIONS,
  AGENT_ACTIONS,
  actionNamed,
  documentedArgs,
  inPage,
  replayerOf,
} from '../../../../src/domain/browserActions/table.js';
import { ACTION_TYPES } from '../../../../src/domain/wire/entries.js';
import { LOAD_STEPS, REPLAY_STEP_TYPES } from '../../../../src/domain/wire/replay.js';

describe('the action table', () => {
  it('names each entry by its key and belongs every entry to a page or a worker family', () => {
    for (const [key, action] of Object.entries(ACTIONS)) expect(action.name).to.equal(key);
    const families = new Set<string>([...PAGE_FAMILIES, ...WORKER_FAMILIES]);
    for (const action of ACTION_LIST) expect(families.has(action.family), action.name).to.equal(true);
  });

  it('finds an entry by name and nothing for a name that is no action or an inherited key', () => {
    expect(actionNamed('press_key')).to.equal(ACTIONS.press_key);
    for (const name of ['teleport', '__proto__', 'toString', 'constructor', 42, undefined]) {
      expect(actionNamed(name), String(name)).to.equal(undefined);
    }
  });

  it('offers agents every action but the few only a replay runs, each replaying something recorded', () => {
    const replayOnly = ACTION_LIST.filter((action) => !action.agent);
    expect(replayOnly.map((action) => action.name)).to.have.members([
      'pointer_drag',
      'select_values',
      'check',
      'uncheck',
      'submit',
      'scroll_to',
    ]);
    for (const action of replayOnly) expect(action.replays, action.name).to.be.a('string');
    expect(AGENT_ACTIONS).to.have.length(ACTION_LIST.length - replayOnly.length);
  });

  it('replays every recorded kind of action with an action of the table', () => {
    for (const type of ACTION_TYPES) {
      expect(
        ACTION_LIST.some((action) => action.replays === type),
        type,
      ).to.equal(true);
    }
    expect(replayerOf('click')).to.equal(ACTIONS.click);
    expect(replayerOf('fill')).to.equal(ACTIONS.type);
    // Several replay a navigation or a select: the daemon chooses by what was recorded.
    expect(replayerOf('navigate')).to.equal(undefined);
    expect(replayerOf('select')).to.equal(undefined);
  });

  it("makes a replay's step types the replaying actions and its load steps the navigations", () => {
    expect(REPLAY_STEP_TYPES.at(-1)).to.equal('caused');
    expect(new Set(REPLAY_STEP_TYPES.slice(0, -1))).to.deep.equal(
      new Set(ACTION_LIST.filter((action) => action.replays !== undefined).map((action) => action.name)),
    );
    expect([...LOAD_STEPS]).to.have.members(['navigate', 'refresh', 'back', 'forward']);
  });

  it('remembers the act of every page action but the audit, and the script in the page world', () => {
    for (const action of ACTION_LIST.filter(inPage)) {
      expect(action.remembered, action.name).to.equal(action === ACTIONS.audit ? undefined : 'ISOLATED');
    }
    expect(ACTIONS.execute_js.remembered).to.equal('MAIN');
  });

  it('lets an element action settle only when it takes settle_ms, and every action that settles take it', () => {
    for (const action of ACTION_LIST.filter((candidate) => candidate.family !== 'replays')) {
      expect(action.effects !== undefined, action.name).to.equal('settle_ms' in action.args);
    }
  });

  it('documents each argument interact takes once, with its type, the common ones last', () => {
    const documented = documentedArgs();
    const names = documented.map((arg) => arg.name);
    expect(new Set(names).size).to.equal(names.length);
    expect(names.slice(-3)).to.deep.equal(Object.keys(COMMAND_ARGS));
    const taken = new Set(
      AGENT_ACTIONS.flatMap((action) =>
        Object.entries(action.args)
          .filter(([, spec]) => spec.replayOnly !== true)
          .map(([name]) => name),
      ),
    );
    expect(new Set(names.slice(0, -3))).to.deep.equal(new Set([...taken].filter((name) => !(name in COMMAND_ARGS))));
    expect(documented.find((arg) => arg.name === 'format')).to.deep.equal({ name: 'format', type: 'string', hint: 'png|jpeg' });
    expect(documented.find((arg) => arg.name === 'to_ref')).to.deep.equal({ name: 'to_ref', type: 'string' });
  });
});
