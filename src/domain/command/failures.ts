import { type Failure, isFailureCode } from './Failure.js';
import type { LifecycleRules } from './LifecycleRules.js';

/** Whole seconds stay whole ("3s"); anything else keeps its fraction ("2.5s"). */
function seconds(ms: number): string {
  return `${ms / 1000}s`;
}

/** The failure sentences an agent reads; numbers come from the rules in force. */
export const failures = {
  notPickedUp: (rules: LifecycleRules): Failure => ({
    code: 'extension_not_connected',
    message: `No extension picked up the command within ${seconds(rules.pickupTimeoutMs)}; is the browsertap extension installed, enabled and connected?`,
  }),
  /** `claims`: the worker claims a command before it starts it, so this one never started. */
  noResponse: (rules: LifecycleRules, claims = false): Failure => ({
    code: 'extension_no_response',
    message: `Extension did not respond within ${seconds(rules.ackTimeoutMs)} of receiving command`,
    ...(claims
      ? { hint: 'It never started in the browser (the extension claims a command before it runs it): sending it again is safe.' }
      : {}),
  }),
  restarted: (): Failure => ({
    code: 'extension_restarted',
    message:
      "The extension's service worker restarted after the command had started, and its outcome was lost: it may have run, in part or in whole.",
    hint: 'Check the page (snapshot, observe) before sending it again.',
  }),
  /**
   * The extension's own code when it gave a stable one (any, not a known list), else
   * `execution_error`. `extension_restarted` (a resumed command whose page kept nothing) is the
   * daemon's own failure, said in the daemon's words.
   */
  reportedError: (code: string | undefined, message: string | undefined): Failure => {
    if (code === 'extension_restarted') return failures.restarted();
    return {
      code: code !== undefined && isFailureCode(code) ? code : 'execution_error',
      message: message ?? 'The extension reported an error without a message',
    };
  },
  reportedTimeout: (code: string | undefined, message: string | undefined, limitMs: number): Failure => ({
    code: code !== undefined && isFailureCode(code) ? code : 'execution_timeout',
    message: message ?? `Command exceeded its ${seconds(limitMs)} execution limit`,
  }),
  backstop: (limitMs: number, rules: LifecycleRules): Failure => ({
    code: 'execution_timeout',
    message: `No result within the ${seconds(limitMs)} execution limit plus ${seconds(rules.backstopMs)} grace; the extension stopped reporting`,
    hint: 'It had started in the browser: check the page (snapshot, observe) before sending it again.',
  }),
  resultExpired: (rules: LifecycleRules): Failure => ({
    code: 'result_expired',
    message: `Result expired after ${seconds(rules.resultTtlMs)} (not retrieved in time)`,
  }),
  resultEvicted: (rules: LifecycleRules): Failure => ({
    code: 'result_evicted',
    message: `Result evicted unretrieved: more than ${rules.maxCompletedPerClient} completed results were held for this client`,
  }),
};
