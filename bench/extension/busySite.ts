// The soak's page (bench/extension/soakBench.ts): it logs and fetches at the rates its url says,
// with a button a person clicks, served with the JSON it fetches.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SoakLoad } from './figures.js';

const JSON_BODY = JSON.stringify({ items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `item ${i}`, price: i * 3 })) });

/** A page that logs and fetches at the rates its query says, with a button a person clicks. */
const BUSY_PAGE = `<!doctype html><html><head><title>busy page</title></head><body>
<button id="buy" style="position:fixed;left:20px;top:20px;width:160px;height:40px">Add to cart</button>
<p id="out" style="margin-top:80px">nothing yet</p><script>
const query = new URLSearchParams(location.search);
const logsPerS = Number(query.get('logs')), requestsPerS = Number(query.get('requests'));
let n = 0;
// Ten ticks a second, each logging its share (a page's logs come in bursts, as renders and handlers run).
if (logsPerS > 0) setInterval(() => {
  for (let i = 0; i < logsPerS / 10; i++) console.log('cart item %d', ++n, { user: 'u' + (n % 7), items: [n, n + 1], total: n * 3 });
}, 100);
if (requestsPerS > 0) setInterval(() => fetch('/api/items?n=' + n).then((r) => r.json()), 1000 / requestsPerS);
document.getElementById('buy').addEventListener('click', () => {
  document.getElementById('out').textContent = 'added item ' + n;
});
</script></body></html>`;

/** The busy page's server on 127.0.0.1 (a development origin: the page is tracked). */
export async function startBusySite() {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/busy.html') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BUSY_PAGE);
    if (path === '/api/items') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON_BODY);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (load: SoakLoad) =>
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/busy.html?logs=${load.logsPerS}&requests=${load.requestsPerS}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
