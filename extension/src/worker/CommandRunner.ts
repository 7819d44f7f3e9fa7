import { CommandFailure, type Query, type ResultBody } from '../shared/commands.js';

export interface RunnerPorts {
  /** Runs the command; resolves with the result to post, rejects with a `CommandFailure` (or anything). */
  execute(query: Query, deadline: number, signal: AbortSignal): Promise<unknown>;
  post(body: ResultBody): Promise<void>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const RUNNER = Object.freeze({
  /** A command still running after this long is acknowledged with `pending` (the daemon waits 3 s). */
  ackAfterMs: 1_000,
  /** The execution limit when the daemon sends none (it always does). */
  defaultLimitMs: 10_000,
});

/**
 * Seed 001's protocol for one command: run it; if it is not done within a second, post `pending`;
 * at the execution limit post `timeout` with a clear message (the page may still be busy); else
 * post `complete` with the result, or `error` with the page's message and stack. Exactly one final
 * status is posted per delivery, and a command id already running here is not started twice.
 */
export class CommandRunner {
  private readonly running = new Set<string>();

  constructor(private readonly ports: RunnerPorts) {}

  get active(): number {
    return this.running.size;
  }

  async run(query: Query): Promise<void> {
    if (this.running.has(query.correlation_id)) return;
    this.running.add(query.correlation_id);
    const id = query.correlation_id;
    const limit =
      typeof query.params.timeout_ms === 'number' && query.params.timeout_ms > 0
        ? query.params.timeout_ms
        : RUNNER.defaultLimitMs;
    const deadline = this.ports.now() + limit;
    const abort = new AbortController();
    let settled = false;
    let finish!: (body: ResultBody) => void;
    const final = new Promise<ResultBody>((resolve) => (finish = resolve));
    const settle = (body: ResultBody) => {
      if (settled) return;
      settled = true;
      this.ports.clearTimeout(ack);
      this.ports.clearTimeout(limitTimer);
      abort.abort();
      finish(body);
    };
    const ack = this.ports.setTimeout(
      () => void this.ports.post({ correlation_id: id, status: 'pending' }).catch(() => undefined),
      RUNNER.ackAfterMs,
    );
    const limitTimer = this.ports.setTimeout(
      () =>
        settle({
          correlation_id: id,
          status: 'timeout',
          error: 'execution_timeout',
          message: `${query.type} did not finish within its ${limit} ms execution limit (timeout_ms); the page may still be running it`,
        }),
      limit,
    );
    this.ports.execute(query, deadline, abort.signal).then(
      (result) => settle({ correlation_id: id, status: 'complete', result }),
      (error: unknown) => settle(failureBody(id, error)),
    );
    try {
      await this.ports.post(await final);
    } finally {
      this.running.delete(id);
    }
  }
}

function failureBody(id: string, error: unknown): ResultBody {
  const failure =
    error instanceof CommandFailure
      ? error
      : new CommandFailure('extension_error', error instanceof Error ? error.message : String(error), {
          name: (error as Error)?.name,
        });
  const { name, stack, timeout, data } = failure.details;
  const frames = stack === undefined ? '' : stackFrames(stack);
  // Only what the sentence does not already say: the class when it is not its first word, the frames.
  const details = {
    ...data,
    ...(name === undefined || name === '' || failure.message.startsWith(name) ? {} : { name }),
    ...(frames === '' ? {} : { stack: frames.slice(0, MAX_TEXT) }),
  };
  return {
    correlation_id: id,
    status: timeout === true ? 'timeout' : 'error',
    error: failure.code,
    message: failure.message.slice(0, MAX_TEXT),
    ...(Object.keys(details).length === 0 ? {} : { result: details }),
  };
}

/** Longest message or stack posted (the daemon takes up to 16 384 characters of each). */
const MAX_TEXT = 16_000;

/** The "at …" lines of a stack (its first line repeats the message). */
function stackFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /^\s*at /.test(line))
    .join('\n');
}
