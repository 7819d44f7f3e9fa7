import { injectable } from 'inversify';
import { DEFAULT_RECORDING, type RecordingSettings } from '../../domain/wire/recording.js';

/**
 * The recording settings in force (docs/mcp-tools.md), read by every poll answer and every actions ingest.
 * `version` counts changes, so a held poll can tell that it must answer now.
 */
@injectable()
export class RecordingSwitch {
  private settings: RecordingSettings = DEFAULT_RECORDING;
  private changes = 0;

  current(): RecordingSettings {
    return this.settings;
  }

  get version(): number {
    return this.changes;
  }

  /** Replaces the settings; counts a change only when one of them differs. */
  set(settings: RecordingSettings): void {
    if (settings.actions === this.settings.actions && settings.values === this.settings.values) return;
    this.settings = Object.freeze({ actions: settings.actions, values: settings.values });
    this.changes++;
  }
}
