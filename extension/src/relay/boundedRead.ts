/** The timers a read's deadline runs on (the browser's; a fake clock's in tests). */
export interface ReadTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const BROWSER_TIMERS: ReadTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A time limit shared by the requests of one reading and their bodies: when it passes, its
 * `signal` aborts the requests made with it and every body read with it stops.
 */
export class ReadDeadline {
  private readonly controller = new AbortController();
  private readonly handle: unknown;

  constructor(
    private readonly timers: ReadTimers,
    ms: number,
  ) {
    this.handle = timers.setTimeout(() => this.controller.abort(new Error(`no answer within ${ms} ms`)), ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get passed(): boolean {
    return this.controller.signal.aborted;
  }

  /** Lets go of the timer (the reading ended in time). */
  end(): void {
    this.timers.clearTimeout(this.handle);
  }
}

/** A body read whole, or why it was given up. */
export type BodyText = { readonly text: string } | { readonly cut: 'too_large' | 'timed_out' | 'failed' };

/**
 * The body of `response` as text (UTF-8), reading at most `maxBytes` bytes as they arrive: the
 * byte past them cancels the stream (a server's `Content-Length` is not what counts: a chunked
 * answer has none, and a lie would not stop it). A `deadline` that passes cancels it too, however
 * the body trickles or stalls. A cancelled body holds nothing: its chunks are dropped with it.
 */
export async function readBody(response: Response, maxBytes: number, deadline: ReadDeadline): Promise<BodyText> {
  if (deadline.passed) {
    await response.body?.cancel().catch(() => undefined);
    return { cut: 'timed_out' };
  }
  if (response.body === null) return { text: '' };
  const reader = response.body.getReader();
  // A pending read ends (done) when the stream is cancelled: the deadline does not wait for a chunk.
  const stop = () => void reader.cancel().catch(() => undefined);
  deadline.signal.addEventListener('abort', stop, { once: true });
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (deadline.passed) return { cut: 'timed_out' };
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        stop();
        return { cut: 'too_large' };
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    return { text: parts.join('') };
  } catch {
    return { cut: deadline.passed ? 'timed_out' : 'failed' };
  } finally {
    deadline.signal.removeEventListener('abort', stop);
  }
}
