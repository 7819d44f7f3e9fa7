import type Router from '@koa/router';
import type { ExtensionApi } from '../ExtensionApi.js';
import { channelRoutes, type ChannelRouteDeps } from './channelRoutes.js';
import { commandRoutes } from './commandRoutes.js';
import { ingestRoutes } from './ingestRoutes.js';

/** The routes the extension calls: the channel, commands and ingest, with their DTO validation (class-validator). */
export function extensionRouters(api: ExtensionApi, channel: ChannelRouteDeps): Router[] {
  return [channelRoutes(api, channel), commandRoutes(api), ingestRoutes(api)];
}
