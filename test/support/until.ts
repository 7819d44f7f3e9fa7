/**
 * How long a test waits for something that takes milliseconds on an idle machine before it calls
 * it a hang. A machine's speed swings (CI's 2-core VM runs at half speed some hours, and the
 * suite shares it), so no test bets on how quickly a process, a socket or a timer gets there:
 * it waits for the thing itself, and only this bound, far past any run however loaded, ends a
 * broken test.
 */
export const HANG_MS = 10_000;

/**
 * Resolves once `condition` holds, checking it every `everyMs`; throws naming `what` when it
 * still does not after `ms` (a hang, not a slow machine: see HANG_MS).
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms: number = HANG_MS,
  everyMs = 10,
): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
