import type { NoiseRule } from '../../domain/capture/NoiseRules.js';
import type { RecordingSettings } from '../../domain/wire/recording.js';

/**
 * Daemon settings that survive restarts. Every method throws the DomainError
 * `storage_unavailable` when the disk is full, read-only or forbidden.
 */
export interface SettingsStorePort {
  /** The saved noise rules ([] when none were ever saved). */
  loadNoiseRules(): Promise<NoiseRule[]>;
  /** Replaces the saved noise rules atomically. */
  saveNoiseRules(rules: readonly NoiseRule[]): Promise<void>;
  /** The saved recording settings (docs/mcp-tools.md); undefined when none were ever saved. */
  loadRecording(): Promise<Partial<RecordingSettings> | undefined>;
  /** Replaces the saved recording settings atomically. */
  saveRecording(settings: RecordingSettings): Promise<void>;
}
