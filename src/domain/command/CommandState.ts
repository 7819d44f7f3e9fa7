/** SPEC 3.1: `queued → delivered → running → complete | error | timeout`, `expired` from any non-final state. */
export type CommandState = 'queued' | 'delivered' | 'running' | 'complete' | 'error' | 'timeout' | 'expired';
