import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import { exactRouter } from '../exactRouter.js';
import type { IngestBatch } from '../../../../application/capture/IngestEntries.js';
import { ActionDto } from '../dto/ActionDto.js';
import { LogEntryDto } from '../dto/LogEntryDto.js';
import { NetworkEntryDto } from '../dto/NetworkEntryDto.js';
import { PageEventDto } from '../dto/PageEventDto.js';
import { PerformanceDto } from '../dto/PerformanceDto.js';
import { PickDto } from '../dto/PickDto.js';
import { VitalDto } from '../dto/VitalDto.js';
import { WebSocketEventDto } from '../dto/WebSocketEventDto.js';
import type { ExtensionApi } from '../ExtensionApi.js';
import { MAX_REPORTED_ERRORS, validBody, validEntries, type ValidEntries } from '../middleware/validate.js';
import { sendJson } from '../json.js';

/**
 * Capture ingest (docs/extension-protocol.md). Each answers `{received, rejected}` (plus `filtered`: together, the
 * entries sent), `redacted` when secrets were removed, `noise_skipped` when noise matching ran
 * out of its per-request budget, and `errors` naming the first entries refused. `/actions`
 * counts in `filtered` the person's actions that came while recording them is off (docs/mcp-tools.md);
 * `/picks` takes what a person pointed at.
 */
export function ingestRoutes(api: ExtensionApi): Router {
  const router = exactRouter();
  const ingest = (kind: IngestBatch['kind']) => async (ctx: RouterContext) => {
    const valid = ctx.state.valid as ValidEntries<never>;
    const outcome = api.ingest.execute({ kind, entries: valid.entries } as IngestBatch);
    const failed = outcome.failed.map(({ at, message }) => ({ index: valid.positions[at] ?? -1, message }));
    const errors = [...valid.errors, ...failed].sort((a, b) => a.index - b.index).slice(0, MAX_REPORTED_ERRORS);
    sendJson(ctx, {
      received: outcome.stored,
      rejected: valid.rejected + failed.length,
      ...(outcome.filtered > 0 ? { filtered: outcome.filtered } : {}),
      ...(outcome.redacted > 0 ? { redacted: outcome.redacted } : {}),
      ...(outcome.noiseSkipped > 0 ? { noise_skipped: outcome.noiseSkipped } : {}),
      ...(errors.length > 0 ? { errors } : {}),
    });
  };
  router.post('/logs', validEntries(LogEntryDto), ingest('logs'));
  router.post('/network-bodies', validEntries(NetworkEntryDto), ingest('network'));
  router.post('/websocket-events', validEntries(WebSocketEventDto), ingest('websocket'));
  router.post('/vitals', validEntries(VitalDto), ingest('vitals'));
  router.post('/actions', validEntries(ActionDto), ingest('actions'));
  router.post('/picks', validEntries(PickDto), ingest('picks'));
  router.post('/performance', validEntries(PerformanceDto), (ctx) => {
    const valid = ctx.state.valid as ValidEntries<PerformanceDto>;
    const stored = api.recordPerformance.execute(valid.entries);
    sendJson(ctx, { received: stored, rejected: valid.rejected, ...(valid.errors.length > 0 ? { errors: valid.errors } : {}) });
  });
  router.post('/page', validBody(PageEventDto), (ctx) => {
    api.recordPage.execute(ctx.state.valid as PageEventDto);
    sendJson(ctx, { received: 1, rejected: 0 });
  });
  return router;
}
