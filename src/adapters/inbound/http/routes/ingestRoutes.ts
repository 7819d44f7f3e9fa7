import Router, { type RouterContext } from '@koa/router';
import type { IngestBatch } from '../../../../application/capture/IngestEntries.js';
import { LogEntryDto } from '../dto/LogEntryDto.js';
import { NetworkEntryDto } from '../dto/NetworkEntryDto.js';
import { PageEventDto } from '../dto/PageEventDto.js';
import { VitalDto } from '../dto/VitalDto.js';
import { WebSocketEventDto } from '../dto/WebSocketEventDto.js';
import type { ExtensionApi } from '../ExtensionApi.js';
import { validBody, validEntries, type ValidEntries } from '../middleware/validate.js';

/**
 * Capture ingest (SPEC 4). Each answers `{received, rejected}` (together, the entries sent),
 * plus `filtered` when noise rules dropped valid entries, `redacted` when secrets were removed,
 * and `errors` naming the first invalid entries.
 */
export function ingestRoutes(api: ExtensionApi): Router {
  const router = new Router();
  const ingest = (kind: IngestBatch['kind']) => async (ctx: RouterContext) => {
    const valid = ctx.state.valid as ValidEntries<never>;
    const outcome = api.ingest.execute({ kind, entries: valid.entries } as IngestBatch);
    ctx.body = {
      received: outcome.stored,
      rejected: valid.rejected,
      ...(outcome.filtered > 0 ? { filtered: outcome.filtered } : {}),
      ...(outcome.redacted > 0 ? { redacted: outcome.redacted } : {}),
      ...(valid.errors.length > 0 ? { errors: valid.errors } : {}),
    };
  };
  router.post('/logs', validEntries(LogEntryDto), ingest('logs'));
  router.post('/network-bodies', validEntries(NetworkEntryDto), ingest('network'));
  router.post('/websocket-events', validEntries(WebSocketEventDto), ingest('websocket'));
  router.post('/vitals', validEntries(VitalDto), ingest('vitals'));
  router.post('/page', validBody(PageEventDto), (ctx) => {
    api.recordPage.execute(ctx.state.valid as PageEventDto);
    ctx.body = { received: 1, rejected: 0 };
  });
  return router;
}
