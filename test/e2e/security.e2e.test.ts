import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { expect } from 'chai';
import { chromium } from 'playwright-core';
import { EXTENSION_HEADERS } from '../support/daemonHarness.js';
import { listenLocal } from '../support/servers.js';
import { CHROMIUM, EXTENSION_ID, launchPlaywright } from './support/chromium.js';
import { eventually, startAgent, type Agent } from './support/stack.js';

/** An HTTP server that records what reaches it and answers like a daemon that has nothing to do. */
async function startRecorder(): Promise<{
  port: number;
  seen: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}> {
  const seen: Array<{ method: string; path: string; headers: IncomingHttpHeaders }> = [];
  const server = await listenLocal((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    seen.push({ method: req.method ?? '', path, headers: req.headers });
    req.resume();
    req.on('end', () => {
      const body =
        path === '/health'
          ? { status: 'ok', version: 'recorder', extension: { connected: true } }
          : path === '/pending-queries'
            ? { queries: [] }
            : { received: 0, rejected: 0, accepted: false };
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        path === '/pending-queries' ? 200 : 0,
      );
    });
  });
  // A WebSocket's opening request (the worker's channel) is recorded and refused: this recorder
  // is a daemon without a channel, so the worker polls over HTTP, as with an older daemon.
  server.server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    seen.push({ method: 'UPGRADE', path: (req.url ?? '/').split('?')[0] as string, headers: req.headers });
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  return { port: server.port, seen, close: server.close };
}

/** Spellings of the extension routes other than the one the daemon serves (docs/security.md: one path, one rule). */
const SPELLINGS = [
  '/pending-queries/',
  '/PENDING-QUERIES',
  '/Pending-Queries',
  '//pending-queries',
  '/pending%2Dqueries',
  '/%70ending-queries',
  '/pending-queries//',
  '/LOGS',
  '/logs/',
  '/Page',
  '/query-result/',
];

/** A page that tries every way a web page can reach the daemon's extension API. */
function attackPage(daemon: number): string {
  const base = `http://127.0.0.1:${daemon}`;
  const poll = `${base}/pending-queries?instance_id=evil-page&boot_id=1&wait_ms=0`;
  const forged = JSON.stringify({
    entries: [{ level: 'error', message: 'forged by a page', source: 'console', url: 'x', ts: 1 }],
  });
  return `<!doctype html><html><head><title>attack</title>
<link rel="stylesheet" href="${poll}&via=link">
<script src="${poll}&via=script"></script>
</head><body>
<img src="${poll}&via=img">
<iframe name="sink" style="display:none"></iframe>
<form id="csrf" method="POST" action="${base}/logs" enctype="text/plain" target="sink">
  <input name='${forged.slice(0, -1)},"x":"' value='"}'>
</form>
<script>
  const done = [];
  done.push(fetch(${JSON.stringify(poll)} + '&via=no-cors', { mode: 'no-cors' }).catch(() => 'blocked'));
  done.push(fetch(${JSON.stringify(`${base}/logs`)}, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(forged)} }).catch(() => 'blocked'));
  done.push(fetch(${JSON.stringify(poll)} + '&via=cors', { mode: 'cors' }).catch(() => 'blocked'));
  // The channel, as a page would open it (browsers send the page's Origin with every WebSocket).
  const socket = (path) =>
    new Promise((resolve) => {
      const ws = new WebSocket(${JSON.stringify(`ws://127.0.0.1:${daemon}`)} + path + '?instance_id=evil-page&boot_id=1&claims=true');
      ws.onmessage = () => resolve('opened');
      ws.onclose = () => resolve('refused');
    });
  done.push(socket('/channel'), socket('/Channel'), socket('/channel/'));
  // Every other spelling of the routes: case, trailing and doubled slashes, percent-encoding.
  for (const path of ${JSON.stringify(SPELLINGS)}) {
    const url = ${JSON.stringify(base)} + path + '?instance_id=evil-page&boot_id=1&wait_ms=0&extension_version=6.6.6';
    const img = new Image();
    img.src = url + '&via=img';
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = url + '&via=link';
    document.head.append(link);
    done.push(fetch(url + '&via=no-cors', { mode: 'no-cors' }).catch(() => 'blocked'));
    done.push(fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(forged)} }).catch(() => 'blocked'));
  }
  document.getElementById('csrf').submit();
  Promise.all(done).then(() => setTimeout(() => (document.title = 'attack done'), 500));
</script></body></html>`;
}

describe('only our extension speaks the extension API, in real Chromium (docs/security.md)', function () {
  this.timeout(60_000);

  it('the worker’s requests carry Origin chrome-extension://<our id>: POSTs do, its GETs carry none, so it polls with POST', async () => {
    const recorder = await startRecorder();
    const page = await startPageServer('<!doctype html><title>tracked</title><script>console.error("to the recorder")</script>');
    const browser = await launchPlaywright(recorder.port);
    try {
      const tab = browser.context.pages()[0] ?? (await browser.context.newPage());
      await eventually(() => recorder.seen.some((r) => r.path === '/pending-queries'), 15_000, 'the worker never polled');
      await tab.goto(page.url);
      await eventually(() => recorder.seen.some((r) => r.path === '/logs'), 15_000, 'the worker never posted the log');
      const api = recorder.seen.filter((r) => r.path !== '/health');
      // Its channel first (a WebSocket, refused here), then polls over HTTP: all with its Origin.
      expect(new Set(api.map((r) => r.method))).to.deep.equal(new Set(['UPGRADE', 'POST']));
      expect(api.filter((r) => r.method === 'UPGRADE').map((r) => r.path)).to.include('/channel');
      expect(new Set(api.map((r) => r.headers.origin))).to.deep.equal(new Set([`chrome-extension://${EXTENSION_ID}`]));
      // What Chromium does with a worker's GET, whatever its options: no Origin (why the poll is a POST).
      const worker = browser.context.serviceWorkers()[0];
      await worker?.evaluate(async (port) => {
        await fetch(`http://127.0.0.1:${port}/probe-get`, { mode: 'cors', headers: { 'x-probe': '1' } });
      }, recorder.port);
      expect(recorder.seen.find((r) => r.path === '/probe-get')?.headers.origin).to.equal(undefined);
    } finally {
      await browser.stop();
      await page.close();
      await recorder.close();
    }
  });

  describe('a web page on localhost', () => {
    let agent: Agent;

    before(async () => {
      agent = await startAgent();
    });
    after(async () => agent.stop());

    it('gets nothing through <img>, <script>, <link>, no-cors fetch, a form POST or a cors fetch, under any spelling of the routes: no command taken, presence unchanged', async () => {
      const queued = await agent.ok('interact', { action: 'refresh' });
      const scripts = [await agent.ok('interact', { action: 'execute_js', script: 'return document.cookie' })];
      scripts.push(await agent.ok('interact', { action: 'execute_js', script: 'return location.href' }));
      const page = await startPageServer(attackPage(agent.port));
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
      });
      try {
        const tab = await browser.newPage();
        await tab.goto(page.url);
        await tab.waitForFunction(() => document.title === 'attack done', undefined, { timeout: 15_000 });
        expect(page.hits()).to.be.at.least(1);
      } finally {
        await browser.close();
        await page.close();
      }
      const health = await agent.health();
      expect(health.extension.connected).to.equal(false);
      expect(health.extension.instance_id).to.equal(undefined);
      expect(health.buffers.logs.size).to.equal(0);
      const result = await agent.ok('observe', { what: 'command_result', correlation_id: queued.correlation_id });
      expect(result.status).to.equal('queued');
      expect(result.timeline.delivered_at).to.equal(undefined);
      // The command was still there for the real extension.
      const poll = await fetch(`http://127.0.0.1:${agent.port}/pending-queries?instance_id=ours&boot_id=1`, {
        headers: EXTENSION_HEADERS,
      });
      const { queries } = (await poll.json()) as { queries: Array<{ correlation_id: string }> };
      expect(queries.map((q) => q.correlation_id)).to.deep.equal([queued, ...scripts].map((q) => q.correlation_id));
    });
  });
});

/** Serves one HTML page on 127.0.0.1 (a development origin) and counts the requests for it. */
async function startPageServer(html: string): Promise<{ url: string; hits(): number; close(): Promise<void> }> {
  let hits = 0;
  const server = await listenLocal((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return { url: `http://127.0.0.1:${server.port}/`, hits: () => hits, close: server.close };
}
