import { inject, injectable } from 'inversify';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import { TYPES } from '../tokens.js';
import type { CommandResultPayload } from './CommandPayloads.js';
import { presentResult } from './presentCommand.js';

export interface GetCommandResultInput {
  readonly clientId: string;
  readonly correlationId: string;
}

/**
 * The docs/architecture.md (the command lifecycle) payload of one of the client's commands; reading a final result marks it
 * retrieved (it is then deleted at its TTL instead of expiring into the failed ring).
 * @throws DomainError `unknown_correlation_id`.
 */
@injectable()
export class GetCommandResult {
  constructor(@inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker) {}

  execute(input: GetCommandResultInput): CommandResultPayload {
    return presentResult(this.tracker.retrieve(input.clientId, input.correlationId));
  }
}
