import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** A request asking to switch protocols (`Upgrade: websocket`), as Node hands it over. */
export interface Upgrade {
  readonly socket: Duplex;
  /** Bytes that came after the request's headers (the protocol's first, usually none). */
  readonly head: Buffer;
  /** The response the app answers on, written to the same socket; a route that takes the socket detaches it. */
  readonly response: ServerResponse;
}

const upgrades = new WeakMap<IncomingMessage, Upgrade>();

/** The upgrade `req` came with, when it asked for one (only the channel's route takes it). */
export function upgradeOf(req: IncomingMessage): Upgrade | undefined {
  return upgrades.get(req);
}

/**
 * Sends every request that asks to switch protocols through the same app as every other request
 * (`handle`, Koa's callback), on a response written to its socket: the guard's rules on Host,
 * path and Origin, the error shape and the routes are the HTTP API's own, so a WebSocket is
 * refused exactly as a request would be (docs/security.md). A route that takes the socket (the
 * channel, `routes/channelRoutes.ts`) does not answer; any answer written ends the connection.
 */
export function serveUpgrades(server: Server, handle: (req: IncomingMessage, res: ServerResponse) => void): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const response = new ServerResponse(req);
    response.assignSocket(socket as Socket);
    response.shouldKeepAlive = false;
    response.once('finish', () => {
      response.detachSocket(socket as Socket);
      socket.end();
    });
    socket.on('error', () => socket.destroy());
    upgrades.set(req, { socket, head, response });
    handle(req, response);
  });
}
