import type Router from '@koa/router';
import type { ExtensionApi } from '../ExtensionApi.js';
import { commandRoutes } from './commandRoutes.js';
import { ingestRoutes } from './ingestRoutes.js';

/** The routes the extension calls: commands and ingest, with their DTO validation (class-validator). */
export function extensionRouters(api: ExtensionApi): Router[] {
  return [commandRoutes(api), ingestRoutes(api)];
}
