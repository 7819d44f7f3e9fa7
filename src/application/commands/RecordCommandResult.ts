import { inject, injectable } from 'inversify';
import { ACTIONS } from '../../domain/browserActions/table.js';
import type { PageRegistry } from '../../domain/capture/PageRegistry.js';
import type { Sanitizer } from '../../domain/capture/sanitize.js';
import type { CorrelationTracker, ReportAnswer, ResultReport } from '../../domain/command/CorrelationTracker.js';
import type { ClockPort } from '../ports/ClockPort.js';
import { TYPES } from '../tokens.js';
import { ClientTabs } from '../shared/ClientTabs.js';
import { AnnotatePickResult } from './AnnotatePickResult.js';
import { AnnotateReplayResult } from './AnnotateReplayResult.js';
import { CommandDeadlines } from './CommandDeadlines.js';

/**
 * Records what the extension posted for a command: `pending` (the ack) or a final status.
 * Unknown, undelivered and duplicate reports are answered `accepted: false` with a reason.
 * An error's sentence and its stack are redacted before they are kept (docs/security.md: every view of
 * them is redacted the same way). A replay's final result gets whether it reproduced its range's
 * errors (AnnotateReplayResult); a pick's is the stored pick (AnnotatePickResult). A `close_tab`
 * that completed forgets its tab at once: the extension's own "tab closed" page event travels on
 * another request and can come after the agent's next `observe tabs`.
 */
@injectable()
export class RecordCommandResult {
  constructor(
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(CommandDeadlines) private readonly deadlines: CommandDeadlines,
    @inject(ClientTabs) private readonly tabs: ClientTabs,
    @inject(TYPES.Sanitizer) private readonly sanitizer: Sanitizer,
    @inject(AnnotateReplayResult) private readonly replays: AnnotateReplayResult,
    @inject(AnnotatePickResult) private readonly picks: AnnotatePickResult,
    @inject(TYPES.PageRegistry) private readonly pages: PageRegistry,
  ) {}

  execute(raw: ResultReport): ReportAnswer {
    const report = this.picks.execute(this.replays.execute(this.redacted(raw)));
    const { answer, changes } = this.tracker.report(report, this.clock.now());
    if (!answer.accepted) return answer;
    this.deadlines.settle(changes);
    // The tab it ran in is where this client's next command goes by default (docs/mcp-tools.md).
    const command = changes.find((change) => change.command.correlationId === report.correlationId)?.command;
    if (command !== undefined && report.tabId !== undefined) this.tabs.set(command.clientId, report.tabId);
    if (command?.action === ACTIONS.close_tab.name && report.status === 'complete') this.forgetClosed(report.result);
    return answer;
  }

  private forgetClosed(result: unknown): void {
    const closed = (result as { data?: { closed?: unknown } } | undefined)?.data?.closed;
    if (typeof closed !== 'number' || !Number.isSafeInteger(closed)) return;
    this.pages.apply({ tab_id: closed, url: '', title: '', event: 'close' }, this.clock.now());
  }

  private redacted(report: ResultReport): ResultReport {
    if (report.status !== 'error' && report.status !== 'timeout') return report;
    const details = report.result as { stack?: unknown } | undefined;
    return {
      ...report,
      ...(report.message === undefined ? {} : { message: this.sanitizer.commandError(report.message) }),
      ...(typeof details?.stack === 'string'
        ? { result: { ...details, stack: this.sanitizer.commandError(details.stack) } }
        : {}),
    };
  }
}
