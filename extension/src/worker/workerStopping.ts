/**
 * Chrome's answer to an extension API call from a service worker it is stopping: the call
 * rejects with this message, while the worker's JavaScript (and its fetches) can still run for a
 * moment. A command that failed then failed because of the stop, not on its own.
 */
import { CommandFailure } from '../shared/commands.js';

const STOPPING = 'No SW';

const saysStopping = (error: unknown): boolean => error instanceof Error && error.message === STOPPING;

/**
 * Whether `error` is the browser stopping this worker: said by the error itself (Chrome's), or by one
 * extension API call made now (`chrome.runtime.getPlatformInfo`, which needs nothing but a
 * running worker), since the code that failed may have turned the browser's rejection into a
 * failure of its own (a tab it could not get is `tab_not_found`).
 */
export async function workerStopping(error: unknown): Promise<boolean> {
  // Only Chrome's own rejection is taken at its word: a command's failure carries a message the
  // page may have written (a script that throws "No SW"), so for those the probe decides.
  if (!(error instanceof CommandFailure) && saysStopping(error)) return true;
  return chrome.runtime.getPlatformInfo().then(
    () => false,
    (probe: unknown) => saysStopping(probe),
  );
}
