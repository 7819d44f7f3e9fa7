import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { APP_BASE } from './fixtureApp.js';
import { noisePng } from './noisePng.js';
import { WebSocketServer } from 'ws';

/** A page of about 500 elements a snapshot has to walk: a header, a nav, a 70-row list, a form. */
export const BIG_PAGE = `<!doctype html><html><head><title>500 nodes</title></head><body>
<header><h1>Inventory</h1><nav>${Array.from({ length: 8 }, (_, i) => `<a href="/s${i}">Section ${i}</a>`).join(' ')}</nav></header>
<main><ul>${Array.from(
  { length: 70 },
  (_, i) =>
    `<li><div class="row"><input type="checkbox" aria-label="Select item ${i}"><span class="name">Item ${i}</span> <span>${i * 3} in stock</span><button>Edit</button><button>Delete</button></div></li>`,
).join('')}</ul>
<form><label>Search <input name="q"></label><select name="sort"><option>Name</option><option>Stock</option></select><button>Go</button></form></main>
<footer><p>Page footer with <a href="/help">help</a></p></footer></body></html>`;

/** How long `/slow-theme.css` takes to answer (ms). */
export const SLOW_CSS_MS = 800;

/** The pages the e2e tests load, served on 127.0.0.1 (a development origin). */
const PAGES: Record<string, { html: string; headers?: Record<string, string>; delayMs?: number }> = {
  '/capture.html': {
    html: `<!doctype html><html><head><title>capture page</title>
<script>throw new Error('early inline failure');</script>
<script>
  console.error('e2e console error', { answer: 42, nested: { deep: true } });
  console.log('e2e console log %s', 'formatted');
  Promise.reject(new Error('e2e rejection'));
  fetch('/missing.json');
  const xhr = new XMLHttpRequest();
  xhr.open('GET', 'http://127.0.0.1:9/nothing-listens-here');
  xhr.send();
  const ws = new WebSocket('ws://' + location.host + '/ws');
  ws.onopen = () => ws.send('ping from page');
  ws.onmessage = () => ws.close(4001, 'e2e done');
  setTimeout(function later() { throw new Error('e2e uncaught later'); }, 0);
</script></head>
<body><h1>Capture page</h1><p>A paragraph large enough to be the largest contentful paint of this page.</p>
<button id="slow">slow</button>
<script>document.getElementById('slow').addEventListener('click', () => { const end = performance.now() + 250; while (performance.now() < end); });</script>
</body></html>`,
  },
  '/app.html': {
    html: `<!doctype html><html><head><title>browsertap e2e app</title></head><body>
<h1>App</h1>
<input id="name" name="name" />
<select id="color"><option value="red">Red</option><option value="green">Green</option><option value="blue">Blue</option></select>
<button id="go">Go</button>
<button id="later">Later</button>
<a id="next" href="/second.html">next page</a>
<ul id="items"><li class="item">one</li><li class="item">two</li><li class="item">three</li></ul>
<div style="height: 3000px"></div><p id="bottom">bottom of the page</p>
<script>
  document.getElementById('go').addEventListener('click', () => {
    const result = document.createElement('div');
    result.id = 'result';
    result.textContent = 'hello ' + document.getElementById('name').value + ' in ' + document.getElementById('color').value;
    document.body.append(result);
  });
  document.getElementById('later').addEventListener('click', () => setTimeout(() => {
    const late = document.createElement('div');
    late.id = 'late';
    late.textContent = 'arrived late';
    document.body.prepend(late);
  }, 400));
</script></body></html>`,
  },
  '/dialogs.html': {
    html: `<!doctype html><html><head><title>dialogs page</title></head><body>
<button id="alert" onclick="alert('Saved!'); document.getElementById('out').textContent = 'after alert'">alert</button>
<button id="confirm" onclick="document.getElementById('out').textContent = 'confirm:' + confirm('Delete it?')">confirm</button>
<button id="prompt" onclick="document.getElementById('out').textContent = 'prompt:' + prompt('Your name?', 'nobody')">prompt</button>
<button id="later" onclick="setTimeout(() => { alert('Later!'); document.getElementById('out').textContent = 'after later'; }, 300)">later</button>
<p id="out"></p>
</body></html>`,
  },
  '/popups.html': {
    html: `<!doctype html><html><head><title>popups page</title></head><body>
<a id="blank" href="/second.html" target="_blank">open in a new tab</a>
<button id="popup" onclick="const w = window.open('/second.html?popup'); document.getElementById('out').textContent = w ? 'opened' : 'blocked'">open a popup</button>
<input type="file" id="one"> <input type="file" id="many" multiple>
<div id="card" draggable="true">card</div> <div id="zone" style="width:100px;height:60px">zone</div>
<p id="out"></p>
<script>
for (const id of ['one', 'many']) document.getElementById(id).onchange = async (event) =>
  (document.getElementById('out').textContent = (await Promise.all([...event.target.files].map(async (f) => f.name + ':' + f.type + ':' + (await f.text())))).join(','));
document.getElementById('card').ondragstart = (event) => event.dataTransfer.setData('text/plain', 'card-1');
document.getElementById('zone').ondragover = (event) => event.preventDefault();
document.getElementById('zone').ondrop = (event) => (document.getElementById('out').textContent = 'dropped ' + event.dataTransfer.getData('text/plain'));
</script>
</body></html>`,
  },
  '/targets.html': {
    html: `<!doctype html><html><head><title>targets page</title></head><body>
<button class="act">Save</button> <button class="act">Cancel</button> <button class="act" style="display:none">Hidden</button>
<div role="button" tabindex="0" aria-label="Close dialog" id="close">×</div>
<iframe id="inner" src="/inner.html" title="inner frame"></iframe>
<fancy-panel id="panel"></fancy-panel>
<iframe id="other" title="other origin"></iframe>
<p id="out"></p>
<script>
// The same server under another name: another origin.
document.getElementById('other').src = location.protocol + '//localhost:' + location.port + '/inner.html';
customElements.define('fancy-panel', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<h2>Shadow panel</h2><button>Shadow action</button>';
    root.querySelector('button').onclick = () => (document.getElementById('out').textContent = 'shadow clicked');
  }
});
</script>
<script>
for (const b of document.querySelectorAll('.act')) b.onclick = () => (document.getElementById('out').textContent = 'clicked ' + b.textContent);
document.getElementById('close').onclick = () => (document.getElementById('out').textContent = 'closed');
</script></body></html>`,
  },
  // Accessible names with inner elements and fields named by label, placeholder or aria-label:
  // the spaces Chrome puts in (and leaves out) between inner elements, each element with an id.
  '/names.html': {
    html: `<!doctype html><html><head><title>names page</title></head><body>
<button id="cart"><span>Add</span> <span>to cart</span></button>
<button id="stuck"><span>Add</span><span>to wishlist</span></button>
<a id="more" href="#more"><span>Read</span><span> more</span></a>
<button id="lines">Line<br>break</button>
<button id="gone"><span>Save</span><span style="display:none">draft</span><span>now</span></button>
<button id="blocks"><div>Open</div><div>details</div></button>
<button id="icon"><img alt="Plus" src="/pixel.png"><span>Add pet</span></button>
<label for="pet">Pet <b>id</b></label> <input id="pet">
<label><b>Pet </b>name <input id="petname"></label>
<input id="petId" placeholder="petId">
<input id="status" aria-label="Pet status">
<input id="secret" type="password" placeholder="Password">
<textarea id="notes" placeholder="Notes"></textarea>
<input id="find" type="search" placeholder="Search pets">
<p id="out"></p>
<script>
for (const element of document.querySelectorAll('button, a')) element.addEventListener('click', (event) => {
  event.preventDefault();
  document.getElementById('out').textContent = 'clicked ' + element.id;
});
</script></body></html>`,
  },
  '/inner.html': {
    html: '<!doctype html><html><head><title>inner</title></head><body><button id="b" onclick="document.body.dataset.clicked = \'yes\'">Inner</button><input id="name"></body></html>',
  },
  '/keys.html': {
    html: `<!doctype html><html><head><title>keys page</title></head><body>
<form id="f" onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'submitted ' + document.getElementById('q').value"><input id="q"></form>
<input id="todo" onkeydown="if (event.keyCode === 13 && this.value) { const li = document.createElement('li'); li.textContent = this.value; document.getElementById('list').append(li); this.value = ''; }">
<ul id="list"></ul>
<button id="h" onmouseenter="document.getElementById('out').textContent = 'hovered'">hover me</button>
<button id="d" ondblclick="document.getElementById('out').textContent = 'double'">double</button>
<input id="a"> <input id="b">
<p id="out"></p>
</body></html>`,
  },
  '/big.html': { html: BIG_PAGE },
  // A page that lies to the settle check (docs/security.md): it answers "0 requests open" itself and keeps
  // the capture's own answer from being heard, then clicks start a 1.5 s fetch.
  '/liar.html': {
    html: `<!doctype html><html><head><title>liar page</title><script>
document.addEventListener('browsertap:inflight', (event) => {
  event.stopImmediatePropagation();
  document.dispatchEvent(new CustomEvent('browsertap:inflight-count', { detail: '0' }));
}, true);
</script></head><body><button id="go">load</button><p id="out"></p><script>
document.getElementById('go').addEventListener('click', async () => {
  const answer = await (await fetch('/slow-json')).json();
  document.getElementById('out').textContent = answer.slow;
});
</script></body></html>`,
  },
  // 1 500 buttons with Chinese labels: three bytes a character (a snapshot counted in characters was 90 KB).
  '/quotes.html': {
    // 2 000 buttons named with quotes, backslashes and control characters: the snapshot writes each as
    // \" \\ \u0001, and JSON escapes every backslash and quote of that again.
    html: `<!doctype html><html><head><title>quotes page</title></head><body><main id="list"></main><script>
const list = document.getElementById('list');
for (let i = 0; i < 2000; i++) {
  const button = document.createElement('button');
  button.setAttribute('aria-label', '"\\\\'.repeat(20) + i + '\\u0001\\u0002');
  list.append(button);
}
</script></body></html>`,
  },
  '/cjk.html': {
    html: `<!doctype html><html><head><title>cjk page</title></head><body><main id="list"></main><script>
const list = document.getElementById('list');
for (let i = 0; i < 1500; i++) {
  const button = document.createElement('button');
  button.textContent = '提交订单并继续购物流程第' + i + '号';
  list.append(button);
}
</script></body></html>`,
  },
  // Web Vitals after a click (docs/extension.md): a heading paints first; a click brings a banner 100 ms
  // later that pushes everything down; 1.8 s after load a 600×400 image appears, far larger than
  // the heading. A person's click ends LCP before the image and excuses the banner's shift.
  '/late-image.html': {
    html: `<!doctype html><html><head><title>late image page</title></head><body style="margin:0">
<h1 style="font-size:32px;margin:8px">Pets for adoption</h1><button id="more">Show more</button><p id="out"></p>
<script>
document.getElementById('more').addEventListener('click', () => {
  window.clickedAt = performance.now();
  setTimeout(() => {
    const banner = document.createElement('div');
    banner.style.height = '300px';
    banner.textContent = 'banner';
    document.body.prepend(banner);
  }, 100);
});
addEventListener('load', () => setTimeout(() => {
  const image = new Image(600, 400);
  image.id = 'late';
  image.style.cssText = 'position:absolute;top:0;right:0';
  image.src = '/noise.png';
  document.body.append(image);
  window.imageAt = performance.now();
}, 1800));
</script></body></html>`,
  },
  '/resources.html': {
    html: `<!doctype html><html><head><title>resources page</title><link rel="stylesheet" href="/style.css">
<script src="/missing.js"></script></head><body><img id="ok" src="/pixel.png"><img id="broken" src="/missing.png">
<script>fetch('/json'); const ws = new WebSocket('ws://' + location.host + '/ws'); ws.onopen = () => ws.close();</script></body></html>`,
  },
  '/profile.html': {
    html: `<!doctype html><html><head><title>profile page</title></head><body><button id="load">load</button>
<button id="safe">load safely</button>
<script>document.getElementById('load').onclick = () => fetch('/api/profile').then((r) => r.json()).then((p) => (document.title = p.name));
document.getElementById('safe').onclick = () => fetch('/api/profile').then((r) => r.json()).catch((e) => (document.title = 'handled ' + e.name));</script></body></html>`,
  },
  '/nomaps.html': {
    html: `<!doctype html><html><head><title>no source maps</title><script src="/plain.js"></script></head><body>
<button id="boom" onclick="boom()">boom</button></body></html>`,
  },
  '/framed.html': {
    html: `<!doctype html><html><head><title>framed page</title></head><body><h1>Top</h1>
<iframe id="same" src="/child.html"></iframe><iframe id="other"></iframe>
<script>document.getElementById('other').src = location.protocol + '//localhost:' + location.port + '/child.html?other';</script></body></html>`,
  },
  // Frames of other origins than the page's: `notdev.example`'s subdomains (MAP_NOT_DEV), for a page
  // on an untracked origin, and the other way round inside a development page.
  '/frames-elsewhere.html': {
    html: `<!doctype html><html><head><title>frames elsewhere</title></head><body><h1>Top</h1><div id="frames"></div>
<script>for (let i = 0; i < 3; i++) { const frame = document.createElement('iframe'); frame.src = location.protocol + '//f' + i + '.notdev.example:' + location.port + '/child.html?f' + i; document.getElementById('frames').append(frame); }</script></body></html>`,
  },
  '/child.html': {
    html: `<!doctype html><html><head><title>child frame</title></head><body><p>child</p><script>
console.error('child console error ' + location.search);
fetch('/child-missing.json' + location.search);
setTimeout(() => { throw new Error('child uncaught ' + location.search); }, 0);
// A long frame of this inline script: the parent's timeline of long frames names this document too.
setTimeout(() => { const end = performance.now() + 120; while (performance.now() < end); }, 50);
</script></body></html>`,
  },
  // A frame of another origin that logs ten errors, each its own batch, then asks to be removed:
  // the page takes it away at once, while what it captured may still be on its way to the worker.
  '/frame-leaves.html': {
    html: `<!doctype html><html><head><title>frame leaves</title></head><body><h1>Top</h1>
<script>addEventListener('message', (event) => { if (event.data === 'remove me') { document.querySelector('iframe').remove(); document.title = 'removed'; } });
const frame = document.createElement('iframe'); frame.src = location.protocol + '//localhost:' + location.port + '/frame-leaving.html' + location.search; document.body.append(frame);</script></body></html>`,
  },
  // The same for a top page: ten errors, then it navigates away in the same task.
  '/leaves-at-once.html': {
    html: `<!doctype html><html><head><title>leaves at once</title></head><body><script>
for (let i = 0; i < 10; i++) console.error('leaving page error ' + i + ' ' + location.search);
location.replace('/second.html' + location.search);
</script></body></html>`,
  },
  // A page that dispatches its own pagehide, then logs 300 errors in one task (each its own batch):
  // the relay still sends one at a time and keeps at most 200 waiting, saying how many it dropped.
  '/forges-pagehide.html': {
    html: `<!doctype html><html><head><title>forges pagehide</title></head><body><script>
dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
for (let i = 0; i < 300; i++) console.error('forged leaving ' + i);
</script></body></html>`,
  },
  '/frame-leaving.html': {
    html: `<!doctype html><html><head><title>leaving frame</title></head><body><p>leaving</p><script>
for (let i = 0; i < 10; i++) console.error('leaving frame error ' + i + ' ' + location.search);
parent.postMessage('remove me', '*');
</script></body></html>`,
  },
  '/a11y.html': {
    html: `<!doctype html><html><head><title>a11y page</title></head><body><main><h1>Shop</h1>
<img id="logo" src="/pixel.png"><button id="cart"></button><img alt="ok" src="/pixel.png"></main></body></html>`,
  },
  '/style.css': { html: 'body { margin: 0 }', headers: { 'content-type': 'text/css' } },
  // Greets with an alert while it loads: outside any action, so the browser's own dialog.
  '/greets.html': {
    html: `<!doctype html><html><head><title>greets page</title></head><body><p id="out">before</p>
<script>alert('Welcome back'); document.getElementById('out').textContent = 'greeted';</script></body></html>`,
  },
  // A beforeunload listener that only notes the unload, as Vite's client does: it never asks.
  '/notes-unload.html': {
    html: `<!doctype html><html><head><title>notes unload</title></head><body><textarea id="draft"></textarea>
<script>addEventListener('beforeunload', () => { window.unloading = true; });</script></body></html>`,
  },
  '/unsaved.html': {
    html: `<!doctype html><html><head><title>unsaved page</title></head><body><textarea id="draft"></textarea>
<script>addEventListener('beforeunload', (event) => { event.preventDefault(); event.returnValue = ''; });</script></body></html>`,
  },
  // Like swagger-ui's "try it out": the field reaches the state Send reads after a 350 ms debounce.
  // A clock re-arms a 200 ms timer from load on (an action must not wait for it); #forever starts
  // a timer chain that never ends; #blank opens a tab, which puts this one in the background.
  '/debounce.html': {
    html: `<!doctype html><html><head><title>debounce page</title></head><body>
<label>Query <input id="q" value="old"></label> <button id="send">Send</button>
<button id="count">Count</button> <span id="n">0</span> <button id="forever">Forever</button>
<a id="blank" href="/second.html" target="_blank">open in a new tab</a> <p id="out"></p>
<script>
let query = 'old';
let debounce = 0;
document.getElementById('q').addEventListener('input', (event) => {
  clearTimeout(debounce);
  debounce = setTimeout(() => (query = event.target.value), 350);
});
document.getElementById('send').addEventListener('click', async () => {
  await fetch('/json?q=' + encodeURIComponent(query));
  document.getElementById('out').textContent = 'sent ' + query;
});
const n = document.getElementById('n');
document.getElementById('count').addEventListener('click', () => (n.textContent = String(Number(n.textContent) + 1)));
document.getElementById('forever').addEventListener('click', () => setTimeout(function again() { setTimeout(again, 50); }, 50));
setTimeout(function tick() { setTimeout(tick, 200); }, 200);
</script></body></html>`,
  },
  // A page that counts what it was made to do: the orders placed with its button.
  '/once.html': {
    html: `<!doctype html><html><head><title>runs once</title></head><body>
<button id="order">Place order</button> <output id="orders">0</output>
<script>
  window.orders = 0;
  document.getElementById('order').addEventListener('click', () => {
    window.orders++;
    document.getElementById('orders').textContent = String(window.orders);
  });
</script></body></html>`,
  },
  '/second.html': { html: '<!doctype html><html><head><title>second page</title></head><body><h1>Second</h1></body></html>' },
  /** A page of fine detail (noise over the whole viewport): its PNG screenshot is too large to send. */
  '/noise.html': {
    html: '<!doctype html><html><head><title>noise page</title></head><body style="margin:0"><img src="/noise.png" alt="" style="display:block;width:100vw;height:100vh"></body></html>',
  },
  '/slow.html': {
    html: '<!doctype html><html><head><title>slow page</title></head><body><h1>Slow</h1></body></html>',
    delayMs: 1_500,
  },
  '/csp.html': {
    html: '<!doctype html><html><head><title>strict csp page</title></head><body><h1>No eval here</h1></body></html>',
    headers: { 'content-security-policy': "script-src 'self'" },
  },
};

export interface Site {
  readonly port: number;
  /** `http://127.0.0.1:<port><path>` */
  url(path: string, host?: string): string;
  /** Every request's path and query, in the order they came (bounded: the last 10 000). */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

/** A 1×1 transparent PNG. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.css': 'text/css',
};

/** The fixture app's API (test/e2e/fixtures/app): a sign-up, a failing stats call, pets by id, orders. */
function api(path: string, request: IncomingMessage, response: ServerResponse): boolean {
  const json = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (path === '/api/stats') {
    json(500, { error: 'stats are down' });
    return true;
  }
  const pet = /^\/api\/pets\/([^/]*)$/.exec(path);
  if (pet !== null) {
    json(200, { id: decodeURIComponent(pet[1] as string), name: `pet ${decodeURIComponent(pet[1] as string)}` });
    return true;
  }
  if (path === '/api/orders' && request.method === 'POST') {
    // The order page's API (order.jsx): a plan's value is accepted, anything else is a 500.
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const { plan } = JSON.parse(body) as { plan: string };
      if (['free', 'pro', 'team'].includes(plan)) json(200, { order: { id: 'o-1', plan } });
      else json(500, { error: `unknown plan: ${plan}` });
    });
    return true;
  }
  if (path === '/api/signup' && request.method === 'POST') {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const fields = JSON.parse(body) as { name: string; plan: string };
      json(201, { name: fields.name, plan: fields.plan });
    });
    return true;
  }
  return false;
}

/** A built app's file under APP_BASE, or false when `path` is not one. */
async function appFile(appDir: string, path: string, response: ServerResponse): Promise<boolean> {
  if (!path.startsWith(APP_BASE)) return false;
  const relative = normalize(decodeURIComponent(path.slice(APP_BASE.length)) || 'index.html');
  if (relative.startsWith('..')) return false;
  try {
    const body = await readFile(join(appDir, relative));
    response.writeHead(200, { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream' }).end(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * A static HTTP server for the pages above plus a WebSocket echo at `/ws`; with `appDir` (a built
 * fixture app, fixtureApp.ts) also the app under `/app/` and its API under `/api/`.
 */
export async function startSite(appDir?: string): Promise<Site> {
  const requests: string[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? '/');
    if (requests.length > 10_000) requests.shift();
    const path = (request.url ?? '/').split('?')[0] as string;
    if (path.startsWith('/cdn-missing/')) {
      // A CDN's 404 for a stylesheet, typed as one (so Chrome's ORB lets it through to the page).
      response.writeHead(404, { 'content-type': 'text/css' }).end('/* not found */');
      return;
    }
    if (path === '/plain.js') {
      // A script with no source map, cacheable as a dev server's or a CDN's would be.
      response
        .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' })
        .end("console.error('plain script error');\nfunction boom() {\n  throw new Error('plain script throw');\n}\n");
      return;
    }
    if (path === '/json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    if (path === '/slow-json') {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"slow":"done"}'), 1_500);
      return;
    }
    if (path === '/slow-theme.css') {
      // A stylesheet in the head that answers late: the browser holds the first render for it.
      setTimeout(() => response.writeHead(200, { 'content-type': 'text/css' }).end('body { font-family: serif; }'), SLOW_CSS_MS);
      return;
    }
    if (path === '/noise.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(noisePng(600, 400));
      return;
    }
    if (path === '/pixel.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PIXEL_PNG, 'base64'));
      return;
    }
    if (appDir !== undefined && (api(path, request, response) || (await appFile(appDir, path, response)))) return;
    if (path === '/api/profile') {
      // A missing API route answered by an HTML 404 page, as dev servers do: res.json() rejects.
      response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title>');
      return;
    }
    const page = PAGES[path];
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const send = () =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...page.headers })
        .end(page.html);
    if (page.delayMs === undefined) send();
    else setTimeout(send, page.delayMs);
  });
  const sockets = new WebSocketServer({ noServer: true });
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo: ${String(data)}`)));
  server.on('upgrade', (request, socket, head) => {
    if (request.url !== '/ws') return socket.destroy();
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path, host = '127.0.0.1') => `http://${host}:${port}${path}`,
    requests,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
