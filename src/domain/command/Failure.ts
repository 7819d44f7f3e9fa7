/**
 * Why a command failed: a stable snake_case code an agent branches on and a sentence that says
 * what happened, once. `code` is one of the daemon's own (`FailureCode`) or whatever stable code
 * the extension reported (`ambiguous_selector`, `stale_ref`, `dialog_open`, …): the daemon passes
 * an extension's code through without knowing the list.
 */
export interface Failure {
  readonly code: FailureCode | (string & {});
  readonly message: string;
  /** What to do next, when the code alone does not say (whether sending the command again is safe). */
  readonly hint?: string;
}

/** The codes the daemon itself decides. */
export type FailureCode =
  | 'extension_not_connected'
  | 'extension_no_response'
  | 'extension_restarted'
  | 'execution_error'
  | 'execution_timeout'
  | 'result_expired'
  | 'result_evicted';

/** What a stable code looks like: snake_case, starting with a letter, at most 64 characters. */
export function isFailureCode(text: string): boolean {
  return /^[a-z][a-z0-9_]{0,63}$/.test(text);
}
