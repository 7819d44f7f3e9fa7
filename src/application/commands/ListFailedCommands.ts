import { inject, injectable } from 'inversify';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import { TYPES } from '../tokens.js';
import type { FailedCommandsPayload } from './CommandPayloads.js';
import { presentFailed } from './presentCommand.js';

/** `observe failed_commands`: the client's failed ring (error, timeout, expired), oldest first. */
@injectable()
export class ListFailedCommands {
  constructor(@inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker) {}

  execute(input: { readonly clientId: string }): FailedCommandsPayload {
    const commands = this.tracker.list(input.clientId).failed.map(presentFailed);
    return { commands, count: commands.length };
  }
}
