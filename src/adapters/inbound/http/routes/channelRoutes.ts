import type Router from '@koa/router';
import type { WebSocketServer } from 'ws';
import { CHANNEL_LIMITS, CHANNEL_PATH } from '../../../../domain/wire/channel.js';
import type { ClockPort } from '../../../../application/ports/ClockPort.js';
import type { LoggerPort } from '../../../../application/ports/LoggerPort.js';
import type { ChannelRegistry } from '../channel/ChannelRegistry.js';
import { ExtensionChannel } from '../channel/ExtensionChannel.js';
import { upgradeOf } from '../channel/upgrades.js';
import { ChannelQueryDto } from '../dto/ChannelQueryDto.js';
import type { ExtensionApi } from '../ExtensionApi.js';
import { HttpProblem } from '../HttpProblem.js';
import { validQuery } from '../middleware/validate.js';
import { exactRouter } from '../exactRouter.js';

export interface ChannelRouteDeps {
  readonly registry: ChannelRegistry;
  readonly clock: ClockPort;
  readonly logger: LoggerPort;
}

/** RFC 6455 4.1: a base64 nonce of 16 bytes. */
const WEBSOCKET_KEY = /^[A-Za-z0-9+/]{22}==$/;

/**
 * `GET /channel` with `Upgrade: websocket` (docs/extension-protocol.md, "The channel"): the guard
 * has already checked Host, path and Origin as for every extension route; the query string is the
 * poll's lease (`instance_id`, `boot_id`, `claims`, `extension_version`), validated as the poll's,
 * and `claim_on_delivery`.
 * Everything that can be refused is refused before the socket switches protocols, as an HTTP
 * answer in the one error shape.
 */
export function channelRoutes(api: ExtensionApi, deps: ChannelRouteDeps): Router {
  const router = exactRouter();
  let server: Promise<WebSocketServer> | undefined;
  router.get(CHANNEL_PATH, validQuery(ChannelQueryDto, ['wait_ms'], ['claims', 'claim_on_delivery']), async (ctx) => {
    const upgrade = upgradeOf(ctx.req);
    if (upgrade === undefined || ctx.get('upgrade').toLowerCase() !== 'websocket') {
      throw new HttpProblem(426, 'upgrade_required', `${CHANNEL_PATH} is a WebSocket: open it with Upgrade: websocket`, {
        Upgrade: 'websocket',
      });
    }
    if (ctx.get('sec-websocket-version') !== '13' || !WEBSOCKET_KEY.test(ctx.get('sec-websocket-key'))) {
      throw new HttpProblem(
        400,
        'invalid_upgrade',
        'a WebSocket handshake needs Sec-WebSocket-Version: 13 and a Sec-WebSocket-Key',
        {
          'Sec-WebSocket-Version': '13',
        },
      );
    }
    const query = ctx.state.valid as ChannelQueryDto;
    if (deps.registry.full(query.instance_id)) {
      throw new HttpProblem(
        503,
        'too_many_channels',
        `${deps.registry.size} extension channels are open, the most the daemon keeps (one per browser profile); close a browser, or poll over HTTP`,
      );
    }
    server ??= import('ws').then(
      ({ WebSocketServer }) =>
        new WebSocketServer({
          noServer: true,
          maxPayload: CHANNEL_LIMITS.maxMessageBytes,
          perMessageDeflate: false,
          clientTracking: false,
        }),
    );
    const wss = await server;
    ctx.respond = false;
    upgrade.response.detachSocket(upgrade.socket as never);
    wss.handleUpgrade(ctx.req, upgrade.socket, upgrade.head, (socket) => {
      const channel = new ExtensionChannel(
        socket,
        {
          instanceId: query.instance_id,
          bootId: query.boot_id,
          claims: query.claims === true,
          claimOnDelivery: query.claims === true && query.claim_on_delivery === true,
          ...(query.extension_version === undefined ? {} : { version: query.extension_version }),
        },
        { api, clock: deps.clock, logger: deps.logger },
      );
      deps.registry.add(query.instance_id, channel);
    });
  });
  return router;
}
