import { inject, injectable } from 'inversify';
import { compactPick } from '../../domain/capture/compactPick.js';
import type { PickEntry } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import type { ResultReport } from '../../domain/command/trackerTypes.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import { TYPES } from '../tokens.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An `interact pick` result: the extension posts the pick to `/picks` and then
 * completes the command with `{picked: true}`; the result the agent reads is the stored pick —
 * redacted, with its id and the tab's recent errors — in its compact form. The pick reached the
 * daemon before the result (the extension drains what it holds first); if it did not, the result
 * says so instead of carrying an unchecked copy. Any other report is returned as it is.
 */
@injectable()
export class AnnotatePickResult {
  constructor(@inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort) {}

  execute(report: ResultReport): ResultReport {
    if (report.status !== 'complete' || !isObject(report.result)) return report;
    const data = report.result.data;
    if (!isObject(data) || data.picked !== true) return report;
    const found = this.store.read('picks', { limit: 1, filter: (p: PickEntry) => p.correlation_id === report.correlationId })
      .entries[0];
    const pick =
      found === undefined
        ? { picked: false, note: 'the person picked, but the pick did not reach the daemon (see the extension popup)' }
        : compactPick(found.value, entryId('picks', found.seq));
    return { ...report, result: { ...report.result, data: pick } };
  }
}
