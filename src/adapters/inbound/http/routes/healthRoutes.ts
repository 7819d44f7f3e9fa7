import Router from '@koa/router';
import type { ExtensionApi } from '../ExtensionApi.js';

/** `GET /health`: no token needed (it reveals no captured data), so the extension and launcher can probe. */
export function healthRoutes(api: ExtensionApi): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    ctx.body = api.health.execute();
  });
  return router;
}
