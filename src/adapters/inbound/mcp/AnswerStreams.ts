import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { SseStream } from './SseStream.js';

/** The answer stream of one POST: open until every request it carried is answered or cancelled. */
interface PostStream {
  readonly sse: SseStream;
  readonly unanswered: Set<RequestId>;
}

/**
 * A session's open SSE streams: each POST's answer stream, found by the requests it carries, and
 * every stream still open (the GET stream too), to end at the session's close.
 */
export class AnswerStreams {
  private readonly byRequest = new Map<RequestId, PostStream>();
  private readonly open = new Set<SseStream>();

  /** Whether `requestId` waits for its answer on a stream. */
  has(requestId: RequestId): boolean {
    return this.byRequest.has(requestId);
  }

  /** Keeps `sse` until its connection closes. */
  track(sse: SseStream): SseStream {
    this.open.add(sse);
    sse.res.once('close', () => this.open.delete(sse));
    return sse;
  }

  /** `sse` answers the requests `ids` of one POST; a connection that closes lets them go. */
  add(sse: SseStream, ids: readonly RequestId[]): void {
    const stream: PostStream = { sse: this.track(sse), unanswered: new Set(ids) };
    for (const requestId of ids) this.byRequest.set(requestId, stream);
    sse.res.once('close', () => {
      for (const requestId of stream.unanswered) if (this.byRequest.get(requestId) === stream) this.byRequest.delete(requestId);
      stream.unanswered.clear();
    });
  }

  /** A message about `requestId` (progress, a log) on its stream; dropped when its client left. */
  related(requestId: RequestId, message: JSONRPCMessage): void {
    this.byRequest.get(requestId)?.sse.send(message);
  }

  /**
   * The request is answered (with `answer`, sent on its stream) or cancelled: its stream ends
   * when it has no other request left (with the answer as its last event). An answer whose
   * client left is dropped: nobody to tell.
   */
  settle(requestId: RequestId, answer?: JSONRPCMessage): void {
    const stream = this.byRequest.get(requestId);
    if (stream === undefined) return;
    this.byRequest.delete(requestId);
    stream.unanswered.delete(requestId);
    if (stream.unanswered.size > 0) {
      if (answer !== undefined) stream.sse.send(answer);
    } else if (answer !== undefined) stream.sse.finish(answer);
    else stream.sse.end();
  }

  /** Ends every stream still open. */
  endAll(): void {
    for (const stream of this.open) stream.end();
    this.open.clear();
    this.byRequest.clear();
  }
}
