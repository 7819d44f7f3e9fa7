import { inject, injectable } from 'inversify';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import { TYPES } from '../tokens.js';
import type { CommandListPayload } from './CommandPayloads.js';
import { presentCompleted, presentFailed, presentPending } from './presentCommand.js';

/** The client's own commands by stage (`observe pending_commands`), oldest first. Reading marks nothing retrieved. */
@injectable()
export class ListCommands {
  constructor(@inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker) {}

  execute(input: { readonly clientId: string }): CommandListPayload {
    const { inFlight, completed, failed } = this.tracker.list(input.clientId);
    return {
      pending: inFlight.map(presentPending),
      completed: completed.map(presentCompleted),
      failed: failed.map(presentFailed),
    };
  }
}
