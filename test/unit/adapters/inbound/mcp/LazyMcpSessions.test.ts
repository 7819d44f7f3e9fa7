import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'chai';
import { LazyMcpSessions, type LoadedSessions } from '../../../../../src/adapters/inbound/mcp/LazyMcpSessions.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} } as never;

/** A response that records what was written to it. */
function response() {
  const written: { status?: number; body?: string } = {};
  const res = {
    writeHead(status: number) {
      written.status = status;
      return res;
    },
    end(body: string) {
      written.body = body;
    },
  };
  return { res: res as unknown as ServerResponse, written };
}

describe('LazyMcpSessions (the daemon’s MCP side, loaded on first use)', () => {
  it('loads once, however many requests arrive while it loads, and hands every one over', async () => {
    let loads = 0;
    const handled: unknown[] = [];
    const loaded: LoadedSessions = {
      size: 3,
      handle: async (_req, _res, body) => void handled.push(body),
      closeAll: async () => {},
    };
    const lazy = new LazyMcpSessions(async () => {
      loads++;
      return loaded;
    }, silent);
    expect(lazy.size).to.equal(0);
    await Promise.all([1, 2, 3].map((n) => lazy.handle({} as IncomingMessage, response().res, n)));
    expect(loads).to.equal(1);
    expect(handled).to.deep.equal([1, 2, 3]);
    expect(lazy.size).to.equal(3);
  });

  it('answers 500 with a JSON-RPC error when loading fails (the client never hangs), and retries on the next request', async () => {
    let attempts = 0;
    const lazy = new LazyMcpSessions(async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk missing');
      return { size: 0, handle: async (_req, res) => void res.end('ok'), closeAll: async () => {} };
    }, silent);
    const first = response();
    await lazy.handle({} as IncomingMessage, first.res, undefined);
    expect(first.written.status).to.equal(500);
    expect(JSON.parse(first.written.body ?? '{}').error.code).to.equal(-32603);
    const second = response();
    await lazy.handle({} as IncomingMessage, second.res, undefined);
    expect(second.written.body).to.equal('ok');
    expect(attempts).to.equal(2);
  });

  it('says when its sessions are loaded, whoever loaded them, and waits for a load in progress', async () => {
    let finish: (sessions: LoadedSessions) => void = () => {};
    const lazy = new LazyMcpSessions(() => new Promise<LoadedSessions>((resolve) => (finish = resolve)), silent);
    expect(await lazy.whenLoaded()).to.equal(false);
    const handled = lazy.handle({} as IncomingMessage, response().res, undefined);
    const loaded = lazy.whenLoaded();
    finish({ size: 1, handle: async () => {}, closeAll: async () => {} });
    expect(await loaded).to.equal(true);
    await handled;
  });

  it('says its sessions are not loaded when loading failed', async () => {
    const lazy = new LazyMcpSessions(async () => {
      throw new Error('chunk missing');
    }, silent);
    const handled = lazy.handle({} as IncomingMessage, response().res, undefined);
    expect(await lazy.whenLoaded()).to.equal(false);
    await handled;
  });
});
