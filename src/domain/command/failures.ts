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
  noResponse: (rules: LifecycleRules): Failure => ({
    code: 'extension_no_response',
    message: `Extension did not respond within ${seconds(rules.ackTimeoutMs)} of receiving command`,
  }),
  restarted: (): Failure => ({
    code: 'extension_restarted',
    message:
      "The extension's service worker restarted while the command was running; it may have run partially. Check the page before retrying.",
  }),
  /** The extension's own code when it gave a stable one (any, not a known list), else `execution_error`. */
  reportedError: (code: string | undefined, message: string | undefined): Failure => ({
    code: code !== undefined && isFailureCode(code) ? code : 'execution_error',
    message: message ?? 'The extension reported an error without a message',
  }),
  reportedTimeout: (code: string | undefined, message: string | undefined, limitMs: number): Failure => ({
    code: code !== undefined && isFailureCode(code) ? code : 'execution_timeout',
    message: message ?? `Command exceeded its ${seconds(limitMs)} execution limit`,
  }),
  backstop: (limitMs: number, rules: LifecycleRules): Failure => ({
    code: 'execution_timeout',
    message: `No result within the ${seconds(limitMs)} execution limit plus ${seconds(rules.backstopMs)} grace; the extension stopped reporting`,
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
