export type StreamLevel = 'critical' | 'error' | 'warning' | 'info';

/** One `notifications/message` for a client (logger "browsertap" is added by the outlet). */
export interface StreamMessage {
  readonly level: StreamLevel;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface OutletState {
  /** The client's notification stream is open. */
  readonly attached: boolean;
  /** The stream is backed up (the client is not reading); messages are held meanwhile. */
  readonly paused: boolean;
  /** Messages held until the stream attaches or drains. */
  readonly held: number;
  /** Held messages dropped (oldest first) because the hold was full. */
  readonly dropped: number;
}

/** Where a client's stream notifications go: its MCP session. */
export interface StreamOutletPort {
  /**
   * Hands a notification to the client's session at once, or holds it (bounded; the oldest are
   * dropped and counted) while the session's stream is not attached or is backed up.
   */
  deliver(clientId: string, message: StreamMessage): void;
  /** How the client's stream is doing. */
  state(clientId: string): OutletState;
  /** Forgets everything held for the client. */
  discard(clientId: string): void;
}
