// The floor of the bridge's first call (bench/goPeerBench.ts): bare Node doing the least a stdio
// bridge with no daemon running must. `node bridge.cjs <port> <state-dir>`: answers initialize
// itself, starts bench/floor/daemon.cjs detached at once, asks it for /health every 2 ms, then
// forwards each later request as one POST to its /mcp and writes the answer as one line.
'use strict';
const { spawn } = require('node:child_process');
const { Agent, get, request } = require('node:http');

const [port, stateDir] = [process.argv[2], process.argv[3]];
const daemon = spawn(process.execPath, [require('node:path').join(__dirname, 'daemon.cjs'), port, stateDir], {
  detached: true,
  stdio: 'ignore',
});
daemon.unref();
const agent = new Agent({ keepAlive: true });
const up = new Promise((resolve) => {
  const poll = () =>
    get({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
      res.resume();
      res.on('end', resolve);
    }).on('error', () => setTimeout(poll, 2));
  poll();
});
const post = (message) =>
  new Promise((resolve, reject) => {
    const text = JSON.stringify(message);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
let initialized;
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let newline;
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const message = JSON.parse(buffered.slice(0, newline));
    buffered = buffered.slice(newline + 1);
    if (message.method === 'initialize') {
      const { protocolVersion } = message.params;
      process.stdout.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'floor', version: '1' } } })}\n`,
      );
      initialized = up.then(() => post(message));
    } else if (message.id !== undefined) {
      void initialized
        .then(() => post(message))
        .then((body) => process.stdout.write(`${body.slice(body.indexOf('data: ') + 6).trim()}\n`));
    }
  }
});
process.stdin.on('end', () => process.exit(0));
