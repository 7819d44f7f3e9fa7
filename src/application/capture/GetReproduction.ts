import { inject, injectable } from 'inversify';
import type { Sequenced } from '../../domain/buffer/RingBuffer.js';
import { type ActionEntry, KIND, type LogEntry, type NetworkEntry } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { checkEnds, heldAction, MAX_RANGE_ACTIONS, tooManyActions } from '../shared/actionRange.js';
import { isError, isFailedRequest, requestType } from '../../domain/capture/levels.js';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import { DomainError } from '../../domain/DomainError.js';
import { playwrightFile } from '../../domain/reproduction/playwrightFile.js';
import type {
  ReproError,
  ReproExpect,
  ReproFormat,
  ReproRequest,
  Reproduction,
  ReproStep,
} from '../../domain/reproduction/reproduction.js';
import { reproductionSteps } from '../../domain/reproduction/reproductionSteps.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import { ATTACHED_TEXT, type WithAttachedText } from '../shared/attachedText.js';
import { TYPES } from '../tokens.js';
import { CAUSE_WINDOW_MS, causesOfStored, isDialogLog } from './actionCauses.js';
import { ENVELOPE_BYTES } from './ReadEntries.js';

export interface GetReproductionInput {
  /** The first action (`a12`); default: the last full load before the tab's latest error. */
  readonly from?: string;
  /** The last action; default: the tab's latest. */
  readonly to?: string;
  /** Default: the tab of `from`/`to`, else of the latest error, else of the latest action. */
  readonly tabId?: number;
  /** Default `playwright`. */
  readonly format?: ReproFormat;
  /** Default `errors` when the range caused an error or a failed request, else `no_errors`. */
  readonly expect?: ReproExpect;
}

/** The answer's JSON; the file or the steps are its attached text block. */
export interface ReproductionHeader {
  readonly from: string;
  readonly to: string;
  readonly actions: number;
  readonly expect: ReproExpect;
  readonly file_name: string;
}

/**
 * `observe {what:"reproduction"}` (docs/mcp-tools.md): one tab's actions from `from` to `to` with the
 * responses, errors and failed requests they caused (actionCauses.ts), as a runnable Playwright
 * test or as plain steps. Reads only; work is bounded by the buffers' capacities.
 * @throws DomainError `invalid_params` for an id that is not an action's, `from` after `to`, a
 *   range over two tabs or not in `tab_id`, over `MAX_RANGE_ACTIONS` actions, or `expect:"errors"`
 *   on a range where nothing went wrong; `unknown_entry` / `entry_evicted` naming an action not
 *   held; `no_actions` when the tab has no recorded action.
 */
@injectable()
export class GetReproduction {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.CorrelationTracker) private readonly commands: CorrelationTracker,
    @inject(TYPES.ResultBudget) private readonly budget: number,
  ) {}

  execute(input: GetReproductionInput): WithAttachedText<ReproductionHeader> {
    const from = input.from === undefined ? undefined : heldAction(this.store, input.from, 'from');
    const to = input.to === undefined ? undefined : heldAction(this.store, input.to, 'to');
    if (from !== undefined && to !== undefined) {
      checkEnds(from, to, { from: input.from as string, to: input.to as string }, 'reproduction');
    }
    const named = from ?? to;
    if (named !== undefined && input.tabId !== undefined && named.value.tab_id !== input.tabId) {
      const id = from !== undefined ? input.from : input.to;
      throw new DomainError(
        'invalid_params',
        `${id} happened in tab ${String(named.value.tab_id)}, not in tab_id ${input.tabId}`,
      );
    }
    const tab = named !== undefined ? named.value.tab_id : (input.tabId ?? this.defaultTab());
    const inTab = (entry: { readonly tab_id?: number }) => entry.tab_id === tab;
    const all = <B extends 'actions' | 'logs' | 'network'>(buffer: B) =>
      this.store.read(buffer, { limit: Number.MAX_SAFE_INTEGER, afterCursor: 0, filter: inTab as never }).entries;
    const actions = all('actions') as ReadonlyArray<Sequenced<ActionEntry>>;
    const logs = all('logs') as ReadonlyArray<Sequenced<LogEntry>>;
    const network = all('network') as ReadonlyArray<Sequenced<NetworkEntry>>;
    if (actions.length === 0) {
      throw new DomainError(
        'no_actions',
        `no recorded action in ${tab === undefined ? 'any tab' : `tab ${tab}`}: the person's actions are recorded in tracked tabs while recording is on (configure {action:"recording"})`,
      );
    }
    const last = to === undefined ? actions.length - 1 : actions.findIndex((action) => action.seq === to.seq);
    const first =
      from === undefined ? defaultStart(actions, logs, last, to !== undefined) : actions.findIndex((a) => a.seq === from.seq);
    const count = last - first + 1;
    if (count > MAX_RANGE_ACTIONS) {
      const from = entryId('actions', (actions[last - MAX_RANGE_ACTIONS + 1] as Sequenced<ActionEntry>).seq);
      throw tooManyActions({ keep: 'last', from, count });
    }
    const repro = this.reproduction(actions, logs, network, first, last, tab, input.expect);
    const fromId = (repro.steps[0] as ReproStep).id;
    const toId = (repro.steps[repro.steps.length - 1] as ReproStep).id;
    if (input.expect === 'errors' && repro.errors.length === 0 && repro.failed.length === 0) {
      throw new DomainError(
        'invalid_params',
        `nothing went wrong in ${fromId} to ${toId} (no error, no failed request): ask for expect:"no_errors", or a range that holds the error`,
      );
    }
    const format = input.format ?? 'playwright';
    const text = format === 'steps' ? reproductionSteps(repro) : playwrightFile(repro);
    if (utf8Length(text) > this.budget - ENVELOPE_BYTES) {
      throw new DomainError(
        'invalid_params',
        `the test for ${fromId} to ${toId} is ${utf8Length(text)} bytes, over what one answer holds: narrow the range`,
      );
    }
    const name = `${fromId}-${toId}`;
    return {
      from: fromId,
      to: toId,
      actions: repro.steps.length,
      expect: repro.expect,
      file_name:
        format === 'steps' ? `steps-${name}.txt` : `${repro.expect === 'errors' ? 'reproduce' : 'regression'}-${name}.spec.ts`,
      [ATTACHED_TEXT]: text,
    };
  }

  private reproduction(
    actions: ReadonlyArray<Sequenced<ActionEntry>>,
    logs: ReadonlyArray<Sequenced<LogEntry>>,
    network: ReadonlyArray<Sequenced<NetworkEntry>>,
    first: number,
    last: number,
    tab: number | undefined,
    expect: ReproExpect | undefined,
  ): Reproduction {
    // An agent's action caused what happened until its command ended, as its effects said.
    const causes = causesOfStored(actions, logs, network, (id) => this.commands.finishedAt(id));
    const logsById = new Map(logs.map((log) => [entryId('logs', log.seq), log.value]));
    const requestsById = new Map(network.map((request) => [entryId('network', request.seq), request.value]));
    const errors: ReproError[] = [];
    const failed: ReproRequest[] = [];
    const steps = actions.slice(first, last + 1).map(({ seq, value }): ReproStep => {
      const id = entryId('actions', seq);
      const responses: ReproRequest[] = [];
      for (const caused of causes.get(id) ?? []) {
        const log = logsById.get(caused);
        if (log !== undefined && isError(log) && !isDialogLog(log)) {
          errors.push({
            id: caused,
            message: log.message,
            source: log.source,
            ...(log.args === undefined ? {} : { args: log.args }),
          });
        }
        const request = requestsById.get(caused);
        if (request === undefined) continue;
        const shaped = { id: caused, method: request.method, url: request.url, status: request.status };
        if (isFailedRequest(request) && !browsersOwn(request.url)) failed.push(shaped);
        const type = requestType(request);
        if ((type === 'fetch' || type === 'xhr') && request.status > 0) responses.push(shaped);
      }
      return { id, action: value, responses };
    });
    const wrong = errors.length > 0 || failed.length > 0;
    return {
      steps,
      errors,
      failed,
      expect: expect ?? (wrong ? 'errors' : 'no_errors'),
      ...(tab === undefined ? {} : { tabId: tab }),
    };
  }

  /** The tab of the latest error, or of the latest action. */
  private defaultTab(): number | undefined {
    const error = this.store.read('logs', { limit: 1, filter: isError }).entries[0];
    const action = this.store.read('actions', { limit: 1 }).entries[0];
    if (
      error !== undefined &&
      this.store.read('actions', { limit: 1, filter: (a) => a.tab_id === error.value.tab_id }).entries.length > 0
    ) {
      return error.value.tab_id;
    }
    return action?.value.tab_id;
  }
}

/**
 * Where a range starts by default (docs/mcp-tools.md): the last full load (navigate: load or reload) at or
 * before the tab's latest error — with `to` given, the latest error up to what `to` caused — and
 * at or before the last action; the tab's first held action when there is none.
 */
function defaultStart(
  actions: ReadonlyArray<Sequenced<ActionEntry>>,
  logs: ReadonlyArray<Sequenced<LogEntry>>,
  last: number,
  bounded: boolean,
): number {
  const end = actions[last] as Sequenced<ActionEntry>;
  const limit = bounded ? end.value.ts + CAUSE_WINDOW_MS : Infinity;
  let errorTs: number | undefined;
  for (let i = logs.length - 1; i >= 0 && errorTs === undefined; i--) {
    const log = (logs[i] as Sequenced<LogEntry>).value;
    if (isError(log) && !isDialogLog(log) && log.ts <= limit) errorTs = log.ts;
  }
  const before = errorTs ?? end.value.ts;
  for (let i = last; i >= 0; i--) {
    const action = (actions[i] as Sequenced<ActionEntry>).value;
    const full = action.type === KIND.navigate && (action.navigation === 'load' || action.navigation === 'reload');
    if (full && action.ts <= before) return i;
  }
  return 0;
}

/**
 * A request the browser makes for itself, not the page: `/favicon.ico` after a load. A test
 * never sees it (Playwright reports the page's requests), so it is not expected to fail again.
 */
function browsersOwn(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/favicon\.ico(?:[?#]|$)/i.test(url);
}
