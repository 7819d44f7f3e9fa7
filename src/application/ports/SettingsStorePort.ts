import type { NoiseRule } from '../../domain/capture/NoiseRules.js';

/** Daemon settings that survive restarts. */
export interface SettingsStorePort {
  /** The saved noise rules ([] when none were ever saved). */
  loadNoiseRules(): Promise<NoiseRule[]>;
  /** Replaces the saved noise rules atomically. */
  saveNoiseRules(rules: readonly NoiseRule[]): Promise<void>;
}
