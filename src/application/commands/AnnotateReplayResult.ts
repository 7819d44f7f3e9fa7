import { inject, injectable } from 'inversify';
import type { ResultReport } from '../../domain/command/trackerTypes.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import { TYPES } from '../tokens.js';
import { errorsSince, reproduction } from './replayErrors.js';
import { ReplayPlans } from './ReplayPlans.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A replay's final report, with what the daemon alone can say added to its result (docs/mcp-tools.md):
 * `reproduced` — whether the errors of the replayed range happened again, by message and `at` —
 * and those errors with their ids then and now (the extension knows neither the range's errors
 * nor the ids the daemon gave the new ones). Its page's entries reached the daemon before its
 * result (read after act), so they are all there to compare. A completed replay says it in its
 * `data`; a failed one (a step whose target is gone) in the details beside the sentence. Any
 * other report is returned as it is.
 */
@injectable()
export class AnnotateReplayResult {
  constructor(
    @inject(ReplayPlans) private readonly plans: ReplayPlans,
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
  ) {}

  execute(report: ResultReport): ResultReport {
    if (report.status === 'pending') return report;
    const plan = this.plans.take(report.correlationId);
    if (plan === undefined) return report;
    const outcome = reproduction(plan.errors, errorsSince(this.store, plan.logsCursor, report.tabId));
    const said = {
      reproduced: outcome.reproduced,
      ...(outcome.errors.length === 0 ? { note: 'the replayed range caused no error to reproduce' } : { errors: outcome.errors }),
    };
    const result = isObject(report.result) ? report.result : {};
    if (report.status === 'complete') {
      const data = isObject(result.data) ? result.data : {};
      return { ...report, result: { ...result, data: { ...said, ...data } } };
    }
    return { ...report, result: { ...said, ...result } };
  }
}
