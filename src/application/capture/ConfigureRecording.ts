import { inject, injectable } from 'inversify';
import type { RecordingSettings } from '../../domain/wire/recording.js';
import { DomainError } from '../../domain/DomainError.js';
import { PICKUP_KEY } from '../commands/commandKeys.js';
import type { SettingsStorePort } from '../ports/SettingsStorePort.js';
import type { Waiters } from '../shared/Waiters.js';
import { TYPES } from '../tokens.js';
import { RecordingSwitch } from './RecordingSwitch.js';

export interface ConfigureRecordingInput {
  readonly actions?: unknown;
  readonly values?: unknown;
}

/**
 * `configure {action:"recording", actions?, values?}` (docs/mcp-tools.md): turns recording the person's
 * actions, or the values they type, on or off; saved so it survives restarts. No argument reads
 * the settings. A change wakes the extension's held poll, whose answer carries the settings.
 * Answers the settings in force.
 * @throws DomainError `invalid_params` for a non-boolean (nothing changes), `storage_unavailable`
 * when they cannot be saved (nothing changes).
 */
@injectable()
export class ConfigureRecording {
  constructor(
    @inject(RecordingSwitch) private readonly recording: RecordingSwitch,
    @inject(TYPES.SettingsStorePort) private readonly settings: SettingsStorePort,
    @inject(TYPES.Waiters) private readonly waiters: Waiters,
  ) {}

  async execute(input: ConfigureRecordingInput): Promise<{ recording: RecordingSettings }> {
    for (const key of ['actions', 'values'] as const) {
      const value = input[key];
      if (value !== undefined && typeof value !== 'boolean') {
        throw new DomainError('invalid_params', `${key} must be true or false; got ${JSON.stringify(value)?.slice(0, 40)}`);
      }
    }
    const now = this.recording.current();
    const next: RecordingSettings = {
      actions: (input.actions as boolean | undefined) ?? now.actions,
      values: (input.values as boolean | undefined) ?? now.values,
    };
    if (next.actions !== now.actions || next.values !== now.values) {
      await this.settings.saveRecording(next);
      this.recording.set(next);
      this.waiters.notify(PICKUP_KEY);
    }
    return { recording: this.recording.current() };
  }
}
