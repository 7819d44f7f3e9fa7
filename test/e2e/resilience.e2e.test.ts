import { expect } from 'chai';
import { killDaemons } from '../support/processes.js';
import { BrowserCdp } from './support/cdp.js';
import { launchRaw } from './support/chromium.js';
import { startSite, type Site } from './support/site.js';
import { type Agent, eventually, observeUntil, startAgent } from './support/stack.js';

const ms = (iso: string) => Date.parse(iso);

/** Polls a command's result until `accept` holds for it. */
async function follow(agent: Agent, correlationId: string, accept: (payload: any) => boolean, timeoutMs: number): Promise<any> {
  let payload: any;
  await eventually(
    async () => {
      payload = await agent.ok('observe', { what: 'command_result', correlation_id: correlationId });
      return accept(payload);
    },
    timeoutMs,
    () => `command ${correlationId} never reached the expected state: ${JSON.stringify(payload)}`,
  );
  return payload;
}

const finished = (payload: any) => !['queued', 'pending'].includes(payload.status);
const delivered = (payload: any) => payload.timeline.delivered_at !== undefined;

// Worker lifetime and reconnection, in browsers with no automation attached to the service
// worker (Playwright would keep it awake forever and hide exactly what these tests look for).
describe('e2e: the connection survives idling, daemon restarts and worker restarts', function () {
  this.timeout(120_000);
  let site: Site;

  before(async function () {
    site = await startSite();
  });

  after(async function () {
    await site?.close();
  });

  describe('a browser left alone', function () {
    let agent: Agent;
    let browser: ReturnType<typeof launchRaw>;

    before(async function () {
      agent = await startAgent();
      browser = launchRaw(agent.port);
      await agent.extensionConnected();
      // The browser started on about:blank; the agent's own navigate opens the page (E2E.md).
      const opened = await agent.interact('navigate', { url: site.url('/app.html') });
      expect(opened.result.data.title).to.equal('browsertap e2e app');
    });

    after(async function () {
      await browser?.stop();
      await agent?.stop();
    });

    it('after 60 s idle on its channel, the same worker picks a new command up within 1 s', async function () {
      // What keeps the MV3 worker running here is its channel's traffic and the extension API call
      // beside it (docs/extension-protocol.md, "The channel"): nothing else is attached to it.
      const samples: boolean[] = [];
      const workers = new Set<string>();
      const channels = new Set<string>();
      const idleUntil = Date.now() + 60_000;
      while (Date.now() < idleUntil) {
        const { extension } = await agent.health();
        samples.push(extension.connected === true);
        workers.add(extension.since);
        channels.add(extension.channel);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      expect([...channels], 'how the worker was connected').to.deep.equal(['websocket']);
      expect(workers.size, `one worker start the whole minute: ${[...workers].join(', ')}`).to.equal(1);
      const answer = await agent.interact('execute_js', { script: 'return document.title' });
      expect(answer.result).to.deep.equal({ success: true, data: 'browsertap e2e app' });
      // An inline final answer carries no correlation id: the client's completed commands list it.
      const { completed } = await agent.ok('observe', { what: 'pending_commands' });
      const id = completed.at(-1).correlation_id as string;
      const { timeline } = await agent.ok('observe', { what: 'command_result', correlation_id: id });
      const pickup = ms(timeline.delivered_at) - ms(timeline.queued_at);
      console.log(
        `      after 60 s idle: picked up in ${pickup} ms; connected in ${samples.filter(Boolean).length}/${samples.length} one-second samples`,
      );
      expect(pickup).to.be.below(1_000);
      expect(samples.every(Boolean), 'the worker held a poll the whole time').to.equal(true);
    });

    it('reconnects within 2 s of the daemon coming back after a crash, and the next command works', async function () {
      await killDaemons(agent.port, 'SIGKILL');
      let up = 0;
      let connected = 0;
      const watch = (async () => {
        const end = Date.now() + 20_000;
        while (connected === 0 && Date.now() < end) {
          try {
            const health = await agent.health();
            up ||= Date.now();
            if (health.extension?.connected === true) connected = Date.now();
          } catch {
            // not up yet
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // the extension is failing to poll meanwhile
      await agent.ok('observe', { what: 'tabs' }); // the bridge restarts the daemon on this call
      await watch;
      expect(up, 'the daemon came back').to.be.above(0);
      expect(connected, 'the extension reconnected').to.be.above(0);
      console.log(`      daemon restart → extension polling again in ${connected - up} ms`);
      expect(connected - up).to.be.below(2_000);
      const answer = await agent.interact('execute_js', { script: 'return location.pathname' });
      expect(answer.result).to.deep.equal({ success: true, data: '/app.html' });
    });
  });

  describe('a service worker stopped by Chrome', function () {
    let agent: Agent;
    let browser: ReturnType<typeof launchRaw>;
    let cdp: BrowserCdp;
    let tabId: number;

    before(async function () {
      agent = await startAgent();
      browser = launchRaw(agent.port, ['--remote-debugging-port=0']);
      cdp = await BrowserCdp.connect(browser.profile);
      await agent.extensionConnected();
      tabId = (await agent.interact('navigate', { url: site.url('/app.html') })).result.data.tab_id;
      await observeUntil(agent, { what: 'tabs' }, (tabs) => tabs.some((tab) => tab.tab_id === tabId));
    });

    after(async function () {
      cdp?.close();
      await browser?.stop();
      await agent?.stop();
    });

    it('a worker stopped 0–900 ms into a command never runs it twice, and each result says what happened (execute_js and a click, 24 trials)', async function () {
      this.timeout(90_000);
      await agent.interact('navigate', { tab_id: tabId, url: site.url('/once.html') });
      // The page's own count of what it was made to do, read over CDP (not through the extension).
      const page = await cdp.attachPage((url) => url.endsWith('/once.html'));
      const count = async (expression: string): Promise<number> =>
        (await cdp.send('Runtime.evaluate', { expression, returnByValue: true }, page)).result.value as number;
      const TRIALS = 24;
      const seen: Record<string, number> = {};
      const started = Date.now();
      for (let trial = 0; trial < TRIALS; trial++) {
        const stopAt = Math.round((Math.floor(trial / 2) * 900) / (TRIALS / 2 - 1));
        const click = trial % 2 === 1;
        const key = `t${trial}`;
        const before = click ? await count('window.orders') : 0;
        // Stopped `stopAt` ms after the agent's call went out: at 0 the stop races the delivery itself.
        const stop = new Promise((resolve) => setTimeout(resolve, stopAt)).then(() => cdp.stopAllWorkers(page));
        const queued = await agent.ok(
          'interact',
          click
            ? { action: 'click', tab_id: tabId, selector: '#order' }
            : {
                action: 'execute_js',
                tab_id: tabId,
                script: `window.runs = window.runs || {}; window.runs.${key} = (window.runs.${key} || 0) + 1; await new Promise((r) => setTimeout(r, 300)); return '${key}';`,
              },
        );
        await stop;
        await cdp.blinkTab(); // its tab events start the worker again
        const final = await follow(agent, queued.correlation_id, finished, 15_000);
        const ran = click ? (await count('window.orders')) - before : await count(`(window.runs || {}).${key} || 0`);
        const outcome = `${final.status}${final.error === undefined ? '' : `/${final.error}`}`;
        const what = `${click ? 'click' : 'execute_js'} stopped at ${stopAt} ms ran ${ran}×: ${JSON.stringify(final)}`;
        const how =
          final.timeline.resumed_at !== undefined ? ' (resumed)' : final.timeline.attempts > 1 ? ' (delivered again)' : '';
        const tally = `${click ? 'click' : 'execute_js'} ${outcome}${how}, ran ${ran}`;
        seen[tally] = (seen[tally] ?? 0) + 1;
        expect(ran, what).to.be.at.most(1);
        if (final.status === 'complete') {
          // Ran, and this is that one run's result (read from the page when its worker was stopped mid-run).
          expect(ran, what).to.equal(1);
          if (!click) expect(final.result.data, what).to.equal(key);
        } else if (final.error === 'extension_no_response') {
          expect(ran, what).to.equal(0); // never claimed, so never started: the hint says sending it again is safe
          expect(final.hint, what).to.be.a('string');
        } else {
          // Started, outcome lost: it may have run, and the answer says to check the page.
          expect(outcome, what).to.be.oneOf(['error/extension_restarted', 'timeout/execution_timeout']);
          expect(final.hint, what).to.be.a('string');
        }
      }
      console.log(`      ${TRIALS} trials in ${Date.now() - started} ms: ${JSON.stringify(seen)}`);
    });

    it('a command the page cannot keep (navigate), stopped after its claim: extension_restarted at once with a hint, never silently', async function () {
      const queued = await agent.ok('interact', { action: 'navigate', tab_id: tabId, url: site.url('/slow.html') });
      await follow(agent, queued.correlation_id, (p) => p.status === 'pending', 5_000);
      const stopped = Date.now();
      await cdp.stopWorker();
      await cdp.openTab();
      const final = await follow(agent, queued.correlation_id, finished, 15_000);
      expect(final).to.deep.include({ status: 'error', error: 'extension_restarted' });
      expect(final.hint).to.equal('Check the page (snapshot, observe) before sending it again.');
      expect(Date.now() - stopped).to.be.below(3_000);
      const next = await agent.interact('execute_js', { tab_id: tabId, script: 'return 1 + 1' });
      expect(next.result).to.deep.equal({ success: true, data: 2 });
    });

    it('stopped with nothing to wake it: the command still ends, and says whether it had started', async function () {
      const queued = await agent.ok('interact', {
        action: 'execute_js',
        tab_id: tabId,
        timeout_ms: 2_000,
        script: 'await new Promise((r) => setTimeout(r, 1500)); return "lost";',
      });
      await follow(agent, queued.correlation_id, delivered, 5_000);
      await cdp.stopWorker();
      const final = await follow(agent, queued.correlation_id, finished, 15_000);
      // Stopped before its claim: expired after the 3 s acknowledgement window, never started.
      // After it: the backstop (limit + 2 s) ends it, saying it had started. Chrome may still wake
      // the worker on its own (the earlier test's slow page finishing its load): then the new
      // worker reads the page's outcome of the one run, or says it was lost (stopped before the
      // page got it). Either way it ends clearly, never silently.
      const outcome = `${String(final.status)}/${String(final.error)}`;
      expect(
        ['expired/extension_no_response', 'timeout/execution_timeout', 'complete/undefined', 'error/extension_restarted'],
        JSON.stringify(final),
      ).to.include(outcome);
      if (final.status === 'expired') expect(final.message).to.equal('Extension did not respond within 3s of receiving command');
      if (final.status !== 'complete') expect(final.hint).to.be.a('string').and.not.equal('');
      await cdp.openTab(); // wake it for whatever comes next
      await agent.extensionConnected();
    });
  });
});
