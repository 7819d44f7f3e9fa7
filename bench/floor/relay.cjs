// The floor of the bridge's hop (bench/bridgeAbBench.ts): bare Node doing the least a stdio bridge
// must for each call. `node relay.cjs <port> <token>`: every line from stdin is POSTed as it is to
// the daemon's /mcp on keep-alive node:http, and the data line of each SSE event of the answer is
// written to stdout as it came. No checks, no recovery, no cancellation.
'use strict';
const { Agent, request } = require('node:http');

const [port, token] = [process.argv[2], process.argv[3]];
const agent = new Agent({ keepAlive: true });
const headers = {
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};
const DATA = Buffer.from('data: ');

function post(line) {
  const req = request(
    { host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent, headers: { ...headers, 'content-length': line.length } },
    (res) => {
      const session = res.headers['mcp-session-id'];
      if (typeof session === 'string') headers['mcp-session-id'] = session;
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        for (let at = body.indexOf(DATA); at !== -1; at = body.indexOf(DATA, at + 1)) {
          const end = body.indexOf(10, at);
          if (end > at + DATA.length) process.stdout.write(body.subarray(at + DATA.length, end + 1));
        }
      });
    },
  );
  req.end(line);
}

let pending = [];
process.stdin.on('data', (chunk) => {
  let start = 0;
  for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
    pending.push(chunk.subarray(start, end));
    post(Buffer.concat(pending));
    pending = [];
    start = end + 1;
  }
  if (start < chunk.length) pending.push(chunk.subarray(start));
});
