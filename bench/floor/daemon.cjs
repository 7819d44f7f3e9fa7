// The floor of the daemon's figures (bench/goPeerBench.ts): bare Node doing the least each figure
// needs, with nothing of browsertap's. `node daemon.cjs <port> <state-dir>`: answers /health,
// keeps the newest 1 000 entries POSTed to /logs (parsed, as objects), and on /mcp answers
// initialize (a session id), notifications (202) and any tools/call with the newest 100 entries
// as rows, the payload twice (text and structuredContent) on an SSE stream, as an MCP server
// must. A payload POSTed to /payload as `{what, payload}` answers every later tools/call whose
// `what` is that one instead (bench/extension/peerBrowserBench.ts: the same bytes as browsertap's
// read). Writes its pid to <state-dir>/daemon.pid; ends on SIGTERM.
'use strict';
const { createServer } = require('node:http');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const [port, stateDir] = [Number(process.argv[2]), process.argv[3]];
const CAPACITY = 1_000;
const entries = [];
let seq = 0;
/** `what` → the payload a tools/call with it answers (POST /payload). */
const payloads = new Map();

function rows() {
  const newest = entries.slice(-100);
  const base = newest[0]?.entry.ts ?? 0;
  return {
    columns: ['id', 'ts', 'message', 'level'],
    rows: newest.map(({ id, entry }) => [`l${id}`, entry.ts - base, entry.message, entry.level]),
    count: newest.length,
    ts_base: base,
  };
}

function mcp(message, res) {
  if (message.id === undefined) return res.writeHead(202).end();
  let result;
  if (message.method === 'initialize') {
    result = {
      protocolVersion: message.params.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'floor', version: '1' },
    };
  } else {
    const payload = payloads.get(message.params?.arguments?.what) ?? rows();
    result = { content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload };
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'floor-session' });
  res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`);
}

const server = createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","version":"floor"}');
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    if (req.url === '/logs') {
      const batch = JSON.parse(body).entries;
      for (const entry of batch) entries.push({ id: ++seq, entry });
      if (entries.length > CAPACITY) entries.splice(0, entries.length - CAPACITY);
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"received":${batch.length},"rejected":0}`);
    } else if (req.url === '/payload' && req.method === 'POST') {
      const { what, payload } = JSON.parse(body);
      payloads.set(what, payload);
      res.writeHead(204).end();
    } else if (req.url === '/mcp' && req.method === 'POST') {
      mcp(JSON.parse(body), res);
    } else {
      res.writeHead(404).end();
    }
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => writeFileSync(join(stateDir, 'daemon.pid'), String(process.pid)));
process.on('SIGTERM', () => process.exit(0));
