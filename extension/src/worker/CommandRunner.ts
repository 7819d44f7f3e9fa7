import { ACTION_LIST } from '../../../src/domain/browserActions/table.js';
import { CommandFailure, type Query, type ResultBody } from '../shared/commands.js';

export interface RunnerPorts {
  /**
   * Claims the command for this worker (`pending` with its boot id): true when it is this
   * worker's to run, false when the daemon refused (another start of the worker has it, or it
   * has ended); rejects when the daemon could not be reached.
   */
  claim(correlationId: string): Promise<boolean>;
  /** Runs the command; resolves with the result to post, rejects with a `CommandFailure` (or anything). */
  execute(query: Query, deadline: number, signal: AbortSignal): Promise<unknown>;
  /**
   * A resumed command (`query.resume`): what the page kept of its one run, waited for until
   * `deadline`; it never runs the command. Rejects with `CommandFailure('extension_restarted')`
   * when nothing kept it.
   */
  recall(query: Query, deadline: number, signal: AbortSignal): Promise<unknown>;
  post(body: ResultBody): Promise<void>;
  /**
   * Whether a failure is the browser stopping this worker (workerStopping.ts): then nothing is
   * posted, and the worker's next start tells the daemon, which ends the command with
   * `extension_restarted` (it may have begun), not with the error the stop caused.
   */
  stopping(error: unknown): Promise<boolean>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const RUNNER = Object.freeze({
  /**
   * How long a claim is tried again while the daemon cannot be reached (ms). The daemon waits
   * 3 s from delivery for it; a command not claimed by then never runs, and the daemon says so.
   */
  claimForMs: 2_500,
  /** Pauses between claim attempts (ms), the last one repeated. */
  claimBackoffMs: [50, 100, 250, 500] as readonly number[],
  /** The execution limit when the daemon sends none (it always does). */
  defaultLimitMs: 10_000,
});

/**
 * Commands that change nothing when run twice (a screenshot: at most which tab is in front, as its
 * own run does): they start while their claim is in flight, so the claim's round trip to the
 * daemon (≈ 4 ms from a service worker) hides behind the capture, and their result is posted only
 * once the claim is accepted; refused, the work is stopped and nothing is posted.
 */
const BEFORE_CLAIM: ReadonlySet<string> = new Set(
  ACTION_LIST.filter((action) => action.beforeClaim === true).map((action) => action.name),
);

/**
 * Seed 001's protocol for one command, made to run it at most once: claim it (the claim is the
 * acknowledgement, posted before anything happens, and the daemon accepts it only from the
 * worker the command is leased to); run it; at the execution limit post `timeout` with a clear
 * message (the page may still be busy); else post `complete` with the result, or `error` with
 * the page's message and stack. A command the daemon did not give this worker is never started
 * (a BEFORE_CLAIM one may start, and is stopped unposted).
 * One the daemon claimed for this start as it pushed it on the channel (`claimed`) runs at once.
 * A resumed one (this worker's earlier start claimed it and was stopped) is not run again: its
 * outcome is read from the page that kept it. Exactly one final status is posted per delivery,
 * and a command id already running here is not started twice.
 */
export class CommandRunner {
  private readonly running = new Set<string>();

  constructor(private readonly ports: RunnerPorts) {}

  get active(): number {
    return this.running.size;
  }

  async run(query: Query): Promise<void> {
    const id = query.correlation_id;
    if (this.running.has(id)) return;
    this.running.add(id);
    try {
      if (query.resume === true) await this.perform(query, true);
      else if (query.claimed === true) await this.perform(query, false);
      else if (BEFORE_CLAIM.has(query.type)) await this.perform(query, false, this.claimed(id));
      else if (await this.claimed(id)) await this.perform(query, false);
    } finally {
      this.running.delete(id);
    }
  }

  /** The daemon's answer to this worker's claim; a daemon out of reach for `claimForMs` is a no. */
  private async claimed(id: string): Promise<boolean> {
    const started = this.ports.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.ports.claim(id);
      } catch {
        const pause = RUNNER.claimBackoffMs[Math.min(attempt, RUNNER.claimBackoffMs.length - 1)] as number;
        if (this.ports.now() + pause - started > RUNNER.claimForMs) return false;
        await new Promise<void>((resolve) => this.ports.setTimeout(resolve, pause));
      }
    }
  }

  /** `claim`: the claim still in flight of a BEFORE_CLAIM command (nothing is posted unless it is accepted). */
  private async perform(query: Query, resumed: boolean, claim?: Promise<boolean>): Promise<void> {
    const id = query.correlation_id;
    const limit =
      typeof query.params.timeout_ms === 'number' && query.params.timeout_ms > 0
        ? query.params.timeout_ms
        : RUNNER.defaultLimitMs;
    const deadline = this.ports.now() + limit;
    const abort = new AbortController();
    let settled = false;
    let finish!: (body: ResultBody | undefined) => void;
    const final = new Promise<ResultBody | undefined>((resolve) => (finish = resolve));
    /** `undefined`: nothing is posted (the claim was refused, or the browser is stopping this worker). */
    const settle = (body: ResultBody | undefined) => {
      if (settled) return;
      settled = true;
      this.ports.clearTimeout(limitTimer);
      abort.abort();
      finish(body);
    };
    const limitTimer = this.ports.setTimeout(
      () =>
        settle({
          correlation_id: id,
          status: 'timeout',
          error: 'execution_timeout',
          message: `${query.type} did not finish within its ${resumed ? '' : `${limit} ms `}execution limit (timeout_ms); the page may still be running it`,
        }),
      limit,
    );
    void claim?.then((accepted) => accepted || settle(undefined));
    const work = resumed ? this.ports.recall(query, deadline, abort.signal) : this.ports.execute(query, deadline, abort.signal);
    work.then(
      (result) => settle({ correlation_id: id, status: 'complete', result }),
      async (error: unknown) => {
        if (settled) return;
        const stopped = await this.ports.stopping(error).catch(() => false);
        settle(stopped ? undefined : failureBody(id, error));
      },
    );
    const body = await final;
    if (body === undefined || (claim !== undefined && !(await claim))) return;
    await this.ports.post(body);
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
