import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import { exactRouter } from '../exactRouter.js';
import { PendingQueriesDto } from '../dto/PendingQueriesDto.js';
import { QueryResultDto } from '../dto/QueryResultDto.js';
import { reportOf } from '../dto/reportOf.js';
import type { ExtensionApi } from '../ExtensionApi.js';
import { validBody, validQuery } from '../middleware/validate.js';
import { sendJson } from '../json.js';

/** The extension's side of the command queue: the long poll and the results (docs/extension-protocol.md). */
export function commandRoutes(api: ExtensionApi): Router {
  const router = exactRouter();

  // POST is what the extension uses: Chromium sends no Origin on a service worker's GET
  // (measured in test/e2e/security.e2e.test.ts), and this route answers only the extension's
  // Origin. GET stays for clients that can set one.
  const poll = async (ctx: RouterContext) => {
    const query = ctx.state.valid as PendingQueriesDto;
    // Nothing may be handed to a request that is gone: abort the wait when the client leaves.
    const gone = new AbortController();
    const onClose = () => {
      if (!ctx.res.writableEnded) gone.abort();
    };
    ctx.res.once('close', onClose);
    try {
      const queries = await api.waitForCommands.execute({
        instanceId: query.instance_id,
        bootId: query.boot_id,
        ...(query.claims === true ? { claims: true } : {}),
        ...(query.extension_version === undefined ? {} : { version: query.extension_version }),
        waitMs: query.wait_ms ?? 0,
        signal: gone.signal,
      });
      // What the extension records travels with every answer, so a change reaches it at once (docs/mcp-tools.md).
      sendJson(ctx, { queries, recording: api.recording.current() });
    } finally {
      ctx.res.off('close', onClose);
    }
  };
  router.post('/pending-queries', validBody(PendingQueriesDto), poll);
  router.get('/pending-queries', validQuery(PendingQueriesDto, ['wait_ms'], ['claims']), poll);

  const recordResult = async (ctx: RouterContext) => {
    sendJson(ctx, api.recordResult.execute(reportOf(ctx.state.valid as QueryResultDto)));
  };
  router.post('/query-result', validBody(QueryResultDto), recordResult);
  router.post('/dom-result', validBody(QueryResultDto), recordResult);
  return router;
}
