import { inject, injectable } from 'inversify';
import type { AlertsPayload } from './ClientStream.js';
import { StreamDispatcher } from './StreamDispatcher.js';

/**
 * The `alerts` of a subscribed client's tool result: up to 5 matched events it has not seen
 * yet (each returned once), how many more wait, and how many were dropped unseen; undefined when
 * there is nothing to show.
 */
@injectable()
export class TakeAlerts {
  constructor(@inject(StreamDispatcher) private readonly dispatcher: StreamDispatcher) {}

  /** `maxBytes`: room left in the tool result; alerts that do not fit stay unseen for the next one. */
  execute(input: { readonly clientId: string; readonly maxBytes?: number }): AlertsPayload | undefined {
    return this.dispatcher.takeAlerts(input.clientId, input.maxBytes);
  }
}
