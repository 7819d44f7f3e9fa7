/**
 * What the extension records of the person's session (docs/mcp-tools.md): their actions at all, and the
 * values they type and choose. Both on unless turned off with `configure recording`.
 */
export interface RecordingSettings {
  readonly actions: boolean;
  readonly values: boolean;
}

export const DEFAULT_RECORDING: RecordingSettings = Object.freeze({ actions: true, values: true });

/** The text an action carries instead of a value that must not leave the page (docs/mcp-tools.md). */
export const REDACTED_VALUE = '[redacted]';
