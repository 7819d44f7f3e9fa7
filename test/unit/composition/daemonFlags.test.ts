import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  applyDaemonV8Flags,
  applyRuntimeV8Flags,
  BRIDGE_RUNTIME_V8_FLAGS,
  DAEMON_BUILTINS,
  DAEMON_RUNTIME_V8_FLAGS,
} from '../../../src/composition/daemonFlags.js';

// The module beside this test's own source: .ts under tsx, .js in the compiled pass (tsx maps the one to the other).
const FLAGS_MODULE = fileURLToPath(new URL('../../../src/composition/daemonFlags.js', import.meta.url));

/**
 * A fresh Node (no V8 flag on its command line, as the daemon and the bridge start) that applies
 * the daemon's run-time flags, the bridge's, or none, then allocates as sustained ingest does
 * (short-lived objects, some surviving a while): its young generation's size before and after.
 */
function youngGeneration(apply: 'daemon' | 'bridge' | 'none'): { before: number; after: number } {
  const script = `
    import { createRequire } from 'node:module';
    import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
    import { applyDaemonV8Flags, applyRuntimeV8Flags, BRIDGE_RUNTIME_V8_FLAGS } from ${JSON.stringify(FLAGS_MODULE)};
    const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
    if (${JSON.stringify(apply)} === 'daemon') applyDaemonV8Flags(createRequire(import.meta.url));
    if (${JSON.stringify(apply)} === 'bridge') applyRuntimeV8Flags(BRIDGE_RUNTIME_V8_FLAGS, setFlagsFromString);
    const before = young();
    let kept = [];
    for (let i = 0; i < 2_000_000; i++) {
      kept.push({ i, text: 'entry ' + i });
      if (kept.length > 40_000) kept = [];
    }
    process.stdout.write(JSON.stringify({ before, after: young() }));
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status, run.stderr).to.equal(0);
  return JSON.parse(run.stdout) as { before: number; after: number };
}

describe('the daemon’s and the bridge’s V8 flags, set at run time', function () {
  this.timeout(60_000);

  it('keep the young generation at its size under sustained allocation (without them it grows)', () => {
    // Its starting size is 1 or 2 MB a semi-space (V8 may settle it on the first scavenge, more
    // often under load or coverage): at most 4 MB in all with the flags, ≈ 32 MB without them.
    const kept = youngGeneration('daemon');
    expect(kept.after).to.be.at.most(4 * 1024 * 1024);
    const grown = youngGeneration('none');
    expect(grown.after).to.be.at.least(4 * kept.after);
    // The bridge's one flag does the same for it.
    expect(youngGeneration('bridge').after).to.be.at.most(4 * 1024 * 1024);
  });

  it('leave a flag the command line gave alone, and set the others once each', () => {
    const set: string[] = [];
    applyRuntimeV8Flags([...BRIDGE_RUNTIME_V8_FLAGS, '--no-such-flag-on-the-command-line'], (flag) => set.push(flag));
    expect(set).to.deep.equal([...BRIDGE_RUNTIME_V8_FLAGS, '--no-such-flag-on-the-command-line']);
    const given = process.execArgv[0];
    if (given !== undefined) {
      const none: string[] = [];
      applyRuntimeV8Flags([given], (flag) => none.push(flag));
      expect(none).to.deep.equal([]);
    }
  });

  it('are set after every built-in module the daemon uses is loaded (Node’s compiled code for them needs the default flags)', () => {
    const calls: string[] = [];
    applyDaemonV8Flags((id) => {
      calls.push(id);
      return id === 'node:v8' ? { setFlagsFromString: (flag: string) => calls.push(`set ${flag}`) } : {};
    });
    const firstSet = calls.findIndex((call) => call.startsWith('set '));
    expect(calls.slice(0, firstSet)).to.include.members([...DAEMON_BUILTINS]);
    expect(calls.slice(firstSet)).to.deep.equal(DAEMON_RUNTIME_V8_FLAGS.map((flag) => `set ${flag}`));
  });
});
