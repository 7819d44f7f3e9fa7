/** Why a command failed: a stable code and a sentence for the agent. */
export interface Failure {
  readonly code: FailureCode;
  readonly message: string;
}

export type FailureCode =
  | 'extension_not_connected'
  | 'extension_no_response'
  | 'extension_restarted'
  | 'execution_error'
  | 'execution_timeout'
  | 'result_expired'
  | 'result_evicted';
