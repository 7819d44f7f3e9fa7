/** How long the appended check waits for the app's state to equal the person's (ms). */
export const FINAL_CHECK_MS = 5_000;
/** What a failed final check says first. */
export const FINAL_CHECK_MESSAGE = 'the app state at the end';

/**
 * A recorded `@playwright/test` file with one statement appended at the end of its (last) test:
 * the app's own state must come to equal `truth`, the state the person left the app in. Nothing
 * else in the file is touched. Throws when the file has no test body to append to.
 */
export function withFinalCheck(file: string, truth: unknown): string {
  const end = file.lastIndexOf('});');
  if (end < 0) throw new Error('not a test file: no "});" closes a test');
  // Compared as JSON text, so a failure says the whole state the app ended in ("Received: …").
  const check = [
    '  // Appended by the gallery harness: the app ends in the state the person left it in.',
    `  await expect.poll(() => page.evaluate(() => JSON.stringify((window as any).__gallery?.value)), { timeout: ${FINAL_CHECK_MS}, message: ${JSON.stringify(FINAL_CHECK_MESSAGE)} }).toBe(${JSON.stringify(JSON.stringify(truth))});`,
    '',
  ].join('\n');
  return file.slice(0, end) + check + file.slice(end);
}
