import { inject, injectable } from 'inversify';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import { TYPES } from '../tokens.js';
import { CommandDeadlines } from './CommandDeadlines.js';

/** A client's session ended: drop its commands and results (nobody can read them any more). */
@injectable()
export class ForgetClient {
  constructor(
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
    @inject(CommandDeadlines) private readonly deadlines: CommandDeadlines,
  ) {}

  execute(input: { readonly clientId: string }): { forgotten: number } {
    const forgotten = this.tracker.removeClient(input.clientId);
    this.deadlines.reschedule();
    return { forgotten };
  }
}
