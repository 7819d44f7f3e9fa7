import { inject, injectable } from 'inversify';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import { TYPES } from '../tokens.js';
import { ClientTabs } from '../shared/ClientTabs.js';
import { StreamDispatcher } from '../streaming/StreamDispatcher.js';
import { CommandDeadlines } from './CommandDeadlines.js';

/** A client's session ended: drop its commands, results and subscription (nobody can read them any more). */
@injectable()
export class ForgetClient {
  constructor(
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
    @inject(CommandDeadlines) private readonly deadlines: CommandDeadlines,
    @inject(StreamDispatcher) private readonly stream: StreamDispatcher,
    @inject(ClientTabs) private readonly tabs: ClientTabs,
  ) {}

  execute(input: { readonly clientId: string }): { forgotten: number } {
    const forgotten = this.tracker.removeClient(input.clientId);
    this.deadlines.reschedule();
    this.stream.unsubscribe(input.clientId);
    this.tabs.forget(input.clientId);
    return { forgotten };
  }
}
