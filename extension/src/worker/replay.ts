import {
  LOAD_STEPS,
  MAX_RANGE_ACTIONS,
  REPLAY,
  REPLAY_STEP_TYPES,
  type ReplayStep,
  type ReplayStepResult,
} from '../../../src/domain/wire/replay.js';
import { ACTIONS, actionNamed } from '../../../src/domain/browserActions/table.js';
import { CommandFailure } from '../shared/commands.js';

export interface ReplayPorts {
  /** Runs one step as the command of that type, in the replay's tab; resolves with its `{success, data}`, rejects as that command would. */
  run(type: string, params: Record<string, unknown>): Promise<unknown>;
  /** The url of the replay's tab now (undefined before its first step). */
  url(): Promise<string | undefined>;
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** A `caused` navigation the step before did not show is looked for this long at most (ms). */
const CAUSED_WAIT_MS = 2_000;
/** How often the tab's url is looked at meanwhile (ms). */
const CAUSED_POLL_MS = 100;
/** Characters of JSON the steps may take in the result (the daemon adds the errors; a result stays under 50 000 bytes). */
export const MAX_STEPS_CHARS = 40_000;

/**
 * `replay` (docs/mcp-tools.md): runs the daemon's steps in order, each with the handlers of the action it
 * names (so each settles and reports `effects` as that action does), in one tab. Stops at the
 * first step that fails — its target is gone, the page refused it — with `replay_step_failed`
 * naming the step and its locator, the steps before it in the details; and before a step the
 * time left (`deadline`) cannot hold, with `replay_timeout`. A `caused` step is not run: the step
 * before it did it (a click that navigated, an Enter that submitted); a navigation so caused is
 * `ok` when the page got there.
 */
export async function replay(params: Record<string, unknown>, deadline: number, ports: ReplayPorts): Promise<unknown> {
  const steps = stepsOf(params.steps);
  const settle = typeof params.settle_ms === 'number' ? { settle_ms: params.settle_ms } : {};
  const done: ReplayStepResult[] = [];
  let previous: ReplayStepResult | undefined;
  for (const [i, step] of steps.entries()) {
    if (step.type === 'caused') {
      done.push(await caused(step, previous, deadline, ports));
      continue;
    }
    const need = LOAD_STEPS.has(step.type) ? REPLAY.loadStartMs : REPLAY.elementStartMs;
    if (deadline - ports.now() < need) {
      throw new CommandFailure(
        'replay_timeout',
        `The replay ran out of time before step ${step.id} (${i} of ${steps.length} steps done): replay a shorter range (to) or pass a lower settle_ms`,
        { timeout: true, data: { stopped_at: step.id, ...fit(done) } },
      );
    }
    const { params: own, note } = paramsOf(step);
    // Back and forward as the page's history moves them (the table's replay-only `in_page`: worker/actions/navigation.ts).
    if (actionNamed(step.type)?.args.in_page?.replayOnly === true) own.in_page = true;
    let outcome: unknown;
    try {
      outcome = await ports.run(step.type, { ...own, ...settle });
    } catch (error) {
      const failure =
        error instanceof CommandFailure
          ? error
          : new CommandFailure('extension_error', String((error as Error)?.message ?? error));
      throw new CommandFailure('replay_step_failed', `Step ${step.id} (${named(step)}) failed: ${failure.message}`, {
        data: { failed_step: step.id, error: failure.code, ...fit(done) },
      });
    }
    const effects = (outcome as { data?: { effects?: Record<string, unknown> } } | undefined)?.data?.effects;
    previous = { id: step.id, ok: true, ...(effects === undefined ? {} : { effects }), ...(note === undefined ? {} : { note }) };
    done.push(previous);
  }
  return { success: true, data: fit(done) };
}

/** A step the one before did: a navigation is looked for (briefly), a submit is taken as done. */
async function caused(
  step: ReplayStep,
  previous: ReplayStepResult | undefined,
  deadline: number,
  ports: ReplayPorts,
): Promise<ReplayStepResult> {
  const by = step.caused_by ?? previous?.id ?? 'load';
  const url = typeof step.params.url === 'string' ? step.params.url : undefined;
  if (step.navigates !== true || url === undefined) return { id: step.id, ok: true, caused_by: by };
  if (previous?.effects?.navigated_to !== undefined) return { id: step.id, ok: true, caused_by: by };
  const until = Math.min(deadline - REPLAY.elementStartMs, ports.now() + CAUSED_WAIT_MS);
  for (;;) {
    if (sameUrl(await ports.url(), url)) return { id: step.id, ok: true, caused_by: by };
    if (ports.now() >= until) break;
    await ports.sleep(CAUSED_POLL_MS);
  }
  return { id: step.id, ok: false, caused_by: by, note: `the page did not go to ${url.slice(0, 300)} after ${by}` };
}

/** Same page: the url without what the server never sees changing it (a trailing `#`). */
function sameUrl(now: string | undefined, wanted: string): boolean {
  if (now === undefined) return false;
  return now.replace(/#$/, '') === wanted.replace(/#$/, '');
}

/** How a step is named in a message: its recorded locator, else its selector or url. */
function named(step: ReplayStep): string {
  const target = step.locator ?? step.params.selector ?? step.params.url;
  return typeof target === 'string' ? `${step.type} ${target.slice(0, 300)}` : step.type;
}

/** A step's params as its command takes them: an upload's files generated (same names and sizes, zero bytes). */
function paramsOf(step: ReplayStep): { params: Record<string, unknown>; note?: string } {
  if (step.type !== ACTIONS.upload.name) return { params: { ...step.params } };
  const recorded = Array.isArray(step.params.files) ? (step.params.files as Array<Record<string, unknown>>) : [];
  let left = REPLAY.maxUploadBytes;
  let cut = false;
  const files = recorded.slice(0, 20).map((file) => {
    const size = Math.max(0, Math.floor(Number(file.size) || 0));
    const kept = Math.min(size, left);
    cut ||= kept < size;
    left -= kept;
    return {
      name: String(file.name ?? 'file').slice(0, 255) || 'file',
      ...(typeof file.type === 'string' && file.type !== '' ? { mime_type: file.type.slice(0, 255) } : {}),
      content_base64: zeros(kept),
    };
  });
  const { files: _recorded, ...rest } = step.params;
  return {
    params: { ...rest, files },
    ...(cut ? { note: `the files were cut to ${REPLAY.maxUploadBytes} bytes in all` } : {}),
  };
}

/** Base64 of `size` zero bytes. */
export function zeros(size: number): string {
  const whole = Math.floor(size / 3) * 4;
  const tail = size % 3 === 1 ? 'AA==' : size % 3 === 2 ? 'AAA=' : '';
  return 'A'.repeat(whole) + tail;
}

/** The daemon's steps, checked: a malformed list is the daemon's bug, said plainly. */
function stepsOf(value: unknown): ReplayStep[] {
  const known = new Set<string>(REPLAY_STEP_TYPES);
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_RANGE_ACTIONS + 1) {
    throw new CommandFailure('invalid_params', `replay needs 1 to ${MAX_RANGE_ACTIONS + 1} steps`);
  }
  return value.map((step: Partial<ReplayStep> | null, i) => {
    if (typeof step?.id !== 'string' || typeof step.type !== 'string' || !known.has(step.type)) {
      throw new CommandFailure('invalid_params', `replay step ${i} is not a step this extension runs; update the extension`);
    }
    const params = typeof step.params === 'object' && step.params !== null ? step.params : {};
    return { ...step, params } as ReplayStep;
  });
}

/**
 * The steps within MAX_STEPS_CHARS: first the requests of each step's effects go (counted in
 * `more`), then all but its errors, then the list is cut (`truncated`).
 */
export function fit(steps: readonly ReplayStepResult[]): { steps: ReplayStepResult[]; truncated?: true } {
  const size = (list: readonly ReplayStepResult[]) => JSON.stringify(list).length;
  if (size(steps) <= MAX_STEPS_CHARS) return { steps: [...steps] };
  const lean = steps.map((step) => {
    if (step.effects === undefined) return step;
    const { requests, more, ...rest } = step.effects as { requests?: unknown[]; more?: Record<string, number> };
    const count = (requests?.length ?? 0) + (more?.requests ?? 0);
    const others = { ...more, ...(count > 0 ? { requests: count } : {}) };
    return { ...step, effects: { ...rest, ...(Object.keys(others).length > 0 ? { more: others } : {}) } };
  });
  if (size(lean) <= MAX_STEPS_CHARS) return { steps: lean };
  const bare = lean.map((step) => {
    const errors = (step.effects as { errors?: unknown } | undefined)?.errors;
    const { effects: _effects, ...rest } = step;
    return errors === undefined ? rest : { ...rest, effects: { errors } };
  });
  const shown: ReplayStepResult[] = [];
  let chars = 2;
  for (const step of bare) {
    chars += JSON.stringify(step).length + 1;
    if (chars > MAX_STEPS_CHARS) return { steps: shown, truncated: true };
    shown.push(step);
  }
  return { steps: shown };
}
