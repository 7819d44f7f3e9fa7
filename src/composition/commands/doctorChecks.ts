/** One line of `browsertap doctor`: what was checked, whether it holds, and what to do when not. */
export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  /** What to do when it failed. */
  readonly fix?: string;
}

const MIN_NODE = [20, 19] as const;

/** The Node running this command is one browsertap supports. */
export function nodeCheck(): Check {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return {
    name: 'node',
    ok: major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]),
    detail: `Node ${process.versions.node} at ${process.execPath}`,
    fix: `install Node ${MIN_NODE.join('.')} or newer`,
  };
}

/** Prints each check (with its fix when it failed) and the tally; the exit code: 0 only when all hold. */
export function reportChecks(checks: readonly Check[]): number {
  for (const check of checks) {
    process.stdout.write(`${check.ok ? '✔' : '✘'} ${check.name}: ${check.detail}\n`);
    if (!check.ok && check.fix !== undefined) process.stdout.write(`    fix: ${check.fix}\n`);
  }
  const failed = checks.filter((check) => !check.ok).length;
  process.stdout.write(failed === 0 ? 'all checks passed\n' : `${failed} of ${checks.length} checks failed\n`);
  return failed === 0 ? 0 : 1;
}
