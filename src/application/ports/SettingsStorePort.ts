import type { NoiseRule } from '../../domain/capture/NoiseRules.js';

/**
 * Daemon settings that survive restarts. Both methods throw the DomainError
 * `storage_unavailable` when the disk is full, read-only or forbidden.
 */
export interface SettingsStorePort {
  /** The saved noise rules ([] when none were ever saved). */
  loadNoiseRules(): Promise<NoiseRule[]>;
  /** Replaces the saved noise rules atomically. */
  saveNoiseRules(rules: readonly NoiseRule[]): Promise<void>;
}
