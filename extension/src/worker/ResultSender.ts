import { CHANNEL_PATH } from '../../../src/domain/wire/channel.js';
import type { ResultBody } from '../shared/commands.js';
import { ChannelUnavailable, type DaemonChannel } from './DaemonChannel.js';

/** Where the worker opens its channel: the daemon's port, with the poll's lease in the query string. */
export function channelUrl(port: number, identity: { instanceId: string; bootId: string; version?: string }): string {
  // The daemon claims each command it pushes here for this start (CommandRunner runs a `claimed` one at once).
  const query = new URLSearchParams({
    instance_id: identity.instanceId,
    boot_id: identity.bootId,
    claims: 'true',
    claim_on_delivery: 'true',
  });
  if (identity.version !== undefined) query.set('extension_version', identity.version);
  return `ws://127.0.0.1:${port}${CHANNEL_PATH}?${query.toString()}`;
}

type Answer = { accepted: boolean; reason?: string };

/**
 * A claim or a result (`POST /query-result`'s body), said once: over the channel while it is
 * open, over HTTP when it is not or could not carry it (closed before the answer, no answer in
 * time) — within the same `timeoutMs`. Saying a claim or a final status twice is safe: the
 * daemon accepts the same claim from the same start again and keeps the first final status
 * (docs/extension-protocol.md). A refusal (`DaemonRefused`) is final either way.
 */
export class ResultSender {
  constructor(
    private readonly channel: Pick<DaemonChannel, 'open' | 'postResult'>,
    private readonly http: (body: ResultBody, signal: AbortSignal) => Promise<Answer>,
    private readonly now: () => number = Date.now,
  ) {}

  async send(body: ResultBody, timeoutMs: number): Promise<Answer> {
    const deadline = this.now() + timeoutMs;
    if (this.channel.open) {
      try {
        return await this.channel.postResult(body, timeoutMs);
      } catch (error) {
        if (!(error instanceof ChannelUnavailable)) throw error;
      }
    }
    return this.http(body, AbortSignal.timeout(Math.max(1, deadline - this.now())));
  }
}
