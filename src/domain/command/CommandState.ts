/** docs/architecture.md (the command lifecycle): `queued → delivered → running → complete | error | timeout`, `expired` from any non-final state. */
export type CommandState = 'queued' | 'delivered' | 'running' | 'complete' | 'error' | 'timeout' | 'expired';
