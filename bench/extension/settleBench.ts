// Settle in real Chromium (docs/mcp-tools.md): an action in the agent's tab once a tab the page opened has put
// it in the background, against the same action while it is visible; type-then-click on a debounced
// field; and what the timer hooks cost a page's setTimeout. Chromium is launched raw: Playwright's
// launch turns Chrome's background-tab throttling off, a user's Chrome has it on.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BrowserCdp } from '../../test/e2e/support/cdp.js';
import { launchRaw, MAP_NOT_DEV, NOT_DEV } from '../../test/e2e/support/chromium.js';
import { type Agent, startAgent } from '../../test/e2e/support/stack.js';
import { median } from '../lib.js';
import type { SettleFigures } from './figures.js';

const ROUNDS = 4; // visible, then hidden, this many times (drift falls on both sides)
const CLICKS = 6; // per side and round, the first a warm-up
const TYPES = 10;
const PAIRS = 3;
const TIMER_CALLS = 20_000;

/** A counter button, a target=_blank link, and a field that reaches what Send reads after 350 ms. */
const ACT_PAGE = `<!doctype html><html><head><title>settle bench</title></head><body>
<button id="count">Count</button> <span id="n">0</span> <a id="blank" href="/other.html" target="_blank">open</a>
<input id="q" value="old"> <button id="send">Send</button><p id="out"></p><script>
const n = document.getElementById('n');
document.getElementById('count').onclick = () => (n.textContent = String(Number(n.textContent) + 1));
let query = 'old';
let debounce = 0;
document.getElementById('q').oninput = (event) => { clearTimeout(debounce); debounce = setTimeout(() => (query = event.target.value), 350); };
document.getElementById('send').onclick = async () => { await fetch('/json?q=' + encodeURIComponent(query)); document.getElementById('out').textContent = query; };
</script></body></html>`;

/**
 * Times `setTimeout` + `clearTimeout` pairs and timers set and run (6 rounds, the first a warm-up),
 * posts its medians, and moves on to the next url of the chain.
 */
const TIMER_PAGE = `<!doctype html><html><head><title>timer cost</title></head><body><script>
(async () => {
  const chain = JSON.parse(new URLSearchParams(location.search).get('chain') || '[]');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const median = (xs) => xs.slice(1).sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const noop = () => undefined;
  const pairs = [];
  const runs = [];
  for (let round = 0; round < 6; round++) {
    let started = performance.now();
    for (let i = 0; i < ${TIMER_CALLS}; i++) clearTimeout(setTimeout(noop, 300));
    pairs.push(((performance.now() - started) / ${TIMER_CALLS}) * 1000);
    started = performance.now();
    await new Promise((resolve) => { let left = 2000; for (let i = 0; i < 2000; i++) setTimeout(() => { if (--left === 0) resolve(); }, 0); });
    runs.push(((performance.now() - started) / 2000) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await fetch('/result', { method: 'POST', body: JSON.stringify({ host: location.hostname, pairUs: median(pairs), runUs: median(runs) }) });
  if (chain.length > 0) location.href = chain[0] + '?chain=' + encodeURIComponent(JSON.stringify(chain.slice(1)));
})();
</script></body></html>`;

interface TimerResult {
  readonly host: string;
  readonly pairUs: number;
  readonly runUs: number;
}

async function startBenchSite(expected: number) {
  const results: TimerResult[] = [];
  const sent: string[] = [];
  let allIn!: () => void;
  const done = new Promise<void>((resolve) => (allIn = resolve));
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const [path, query] = (request.url ?? '/').split('?');
    if (path === '/result' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        results.push(JSON.parse(body) as TimerResult);
        response.writeHead(204).end();
        if (results.length === expected) allIn();
      });
      return;
    }
    if (path === '/json') {
      sent.push(new URLSearchParams(query).get('q') ?? '');
      return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
    const pages: Record<string, string> = {
      '/act.html': ACT_PAGE,
      '/other.html': '<!doctype html><title>other</title><h1>Other</h1>',
      '/timers.html': TIMER_PAGE,
    };
    const html = pages[path ?? ''];
    if (html === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (host: string, path: string) => `http://${host}:${port}${path}`,
    results,
    sent,
    done,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const must = (answer: any, what: string) => {
  if (answer.status !== 'complete') throw new Error(`${what} answered ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.result.data;
};

/** Clicks in the agent's tab, visible and behind a tab its page opened, in alternating rounds. */
async function measureHidden(agent: Agent, tabId: number) {
  const walls = { visible: [] as number[], hidden: [] as number[] };
  const settles = { visible: [] as number[], hidden: [] as number[] };
  const clicks = async (side: 'visible' | 'hidden') => {
    const state = must(await agent.interact('execute_js', { script: 'return document.visibilityState', tab_id: tabId }), 'state');
    if (state !== side) throw new Error(`the agent's tab is ${state}, not ${side}`);
    for (let i = 0; i < CLICKS; i++) {
      const started = performance.now();
      const data = must(await agent.interact('click', { selector: '#count', tab_id: tabId }), 'click');
      if (i === 0) continue;
      walls[side].push(performance.now() - started);
      settles[side].push(data.effects.settle_ms as number);
    }
  };
  for (let round = 0; round < ROUNDS; round++) {
    await clicks('visible');
    const opened = must(await agent.interact('click', { selector: '#blank', tab_id: tabId }), 'open').effects.new_tabs;
    const other = opened[0]?.tab_id as number;
    await clicks('hidden');
    must(await agent.interact('close_tab', { tab_id: other }), 'close');
    must(await agent.interact('execute_js', { script: 'return 1', tab_id: tabId }), 'back to the tab');
  }
  return {
    clickVisibleP50: median(walls.visible),
    clickHiddenP50: median(walls.hidden),
    settleVisibleP50: median(settles.visible),
    settleHiddenP50: median(settles.hidden),
  };
}

/** `type` then at once `click` Send, with the defaults: did Send carry the typed value? */
async function measureDebounce(agent: Agent, tabId: number, sent: readonly string[]) {
  const typeMs: number[] = [];
  let typedSent = 0;
  for (let i = 0; i < TYPES; i++) {
    const typed = must(await agent.interact('type', { selector: '#q', text: `v${i}`, clear: true, tab_id: tabId }), 'type');
    typeMs.push(typed.effects.settle_ms as number);
    must(await agent.interact('click', { selector: '#send', tab_id: tabId }), 'send');
    if (sent.at(-1) === `v${i}`) typedSent++;
  }
  return { typeSettleP50: median(typeMs), typedSent };
}

export async function runSettleBench(): Promise<SettleFigures> {
  const site = await startBenchSite(PAIRS * 2);
  const agent = await startAgent();
  const browser = launchRaw(agent.port, [MAP_NOT_DEV, '--remote-debugging-port=0']);
  let cdp: BrowserCdp | undefined;
  try {
    await agent.extensionConnected(20_000);
    const opened = must(await agent.interact('navigate', { url: site.url('127.0.0.1', '/act.html') }), 'navigate');
    const tabId = opened.tab_id as number;
    const hidden = await measureHidden(agent, tabId);
    const debounce = await measureDebounce(agent, tabId, site.sent);

    // Captured (127.0.0.1) and uncaptured (a public name mapped to the same server) pages alternate;
    // the browser-level DevTools connection opens the chain without tracking it.
    const chain = Array.from({ length: PAIRS }, () => [
      site.url('127.0.0.1', '/timers.html'),
      site.url(NOT_DEV, '/timers.html'),
    ]).flat();
    cdp = await BrowserCdp.connect(browser.profile);
    await cdp.send('Target.createTarget', {
      url: `${chain[0]}?chain=${encodeURIComponent(JSON.stringify(chain.slice(1)))}`,
      background: false,
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      site.done,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the timer-cost pages did not finish')), 120_000))),
    ]).finally(() => clearTimeout(timer));
    const side = (host: string, key: 'pairUs' | 'runUs') =>
      median(site.results.filter((r) => r.host === host).map((r) => r[key]));
    return {
      ...hidden,
      hiddenRatio: hidden.clickHiddenP50 / hidden.clickVisibleP50,
      ...debounce,
      timerPairCapturedUs: side('127.0.0.1', 'pairUs'),
      timerPairBareUs: side(NOT_DEV, 'pairUs'),
      timerRunCapturedUs: side('127.0.0.1', 'runUs'),
      timerRunBareUs: side(NOT_DEV, 'runUs'),
    };
  } finally {
    cdp?.close();
    await browser.stop();
    await agent.stop();
    await site.close();
  }
}
