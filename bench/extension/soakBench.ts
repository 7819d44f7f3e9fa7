// A soak in real Chromium: a busy tracked page (console logs, fetches, a person's clicks) for a
// given number of minutes, with the memory of the process that hosts the extension's service
// worker (its RSS from /proc) and the worker's JS heap sampled as it goes. Memory that grows
// minute after minute under the same load is a leak; the slope after warm-up says how fast.
//
// Run: `npm run bench -- soak` (docs/benchmarks.md), or on its own for a quick look:
//   BENCH_SOAK_MINUTES=5 BENCH_SOAK_SAMPLE_S=15 node --import tsx bench/extension/soakBench.ts
import { extensionProcess, pageProcesses, rssMb } from '../../test/e2e/support/browserProcesses.js';
import { BrowserCdp } from '../../test/e2e/support/cdp.js';
import { launchPlaywright, launchRaw } from '../../test/e2e/support/chromium.js';
import { startAgent } from '../../test/e2e/support/stack.js';
import { startBusySite } from './busySite.js';
import type { SoakFigures, SoakLoad, SoakSample } from './figures.js';

/** The load of the issue that found the leak: 50 logs/s, 5 requests/s, a person's click every 2 s. */
export const BUSY: SoakLoad = { logsPerS: 50, requestsPerS: 5, clickEveryS: 2 };

const format = (mb: number) => mb.toFixed(1);

/** Least-squares slope of `y` over `x`. */
function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return num / den;
}

export interface SoakOptions {
  readonly minutes: number;
  /** Seconds between samples (60: one a minute). */
  readonly sampleS: number;
  /** Minutes at the start left out of the slope (the caches and buffers filling). */
  readonly warmupMinutes: number;
  readonly load: SoakLoad;
  /** `raw` (default): Chromium with nothing attached, as a person runs it; `playwright`: driven by Playwright. */
  readonly driver?: 'raw' | 'playwright';
  /** DevTools domains enabled on a session held on the worker through the soak (`Network`, `Runtime`): none by default. */
  readonly attach?: readonly string[];
  /**
   * With `Network` attached: the bytes of request and response bodies DevTools may keep for that
   * session (`Network.enable`'s buffer sizes; Chromium's default, what Playwright uses, is 200 MB).
   */
  readonly networkBufferBytes?: number;
  /** Chromium's allocators of the extension's process after warm-up and at the end, their growth said on stderr. */
  readonly dump?: boolean;
  /** Said on stderr as each sample is taken. */
  readonly progress?: (sample: SoakSample) => void;
}

/** Drives the busy page for `minutes` and samples the extension process's memory every `sampleS` seconds. */
export async function runSoakBench(options: SoakOptions): Promise<SoakFigures> {
  const site = await startBusySite();
  const agent = await startAgent();
  const browser =
    options.driver === 'playwright'
      ? await launchPlaywright(agent.port, ['--remote-debugging-port=0'])
      : launchRaw(agent.port, ['--remote-debugging-port=0']);
  let cdp: BrowserCdp | undefined;
  let clicker: ReturnType<typeof setInterval> | undefined;
  try {
    await agent.extensionConnected(20_000);
    cdp = await BrowserCdp.connect(browser.profile);
    const connection = cdp;
    let clicks = 0;
    let click: () => Promise<void>;
    if ('context' in browser) {
      // As the issue that found the leak drove it: Playwright, attached to every target.
      const page = await browser.context.newPage();
      await page.goto(site.url(options.load));
      click = () => page.mouse.click(100, 40);
    } else {
      // Opened as a person opens a tab (not by an agent's command), and clicked through the page's
      // own DevTools session: trusted input, as a person's (E2E.md). Nothing attaches to the worker
      // but the sampling, for the time of one reading.
      const { targetId } = await connection.send('Target.createTarget', { url: site.url(options.load) });
      const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
      click = async () => {
        for (const type of ['mousePressed', 'mouseReleased'])
          await connection.send('Input.dispatchMouseEvent', { type, x: 100, y: 40, button: 'left', clickCount: 1 }, sessionId);
      };
    }
    /** Requests the worker made, counted from the held session's Network events (only with Network on). */
    const workerRequests = { count: 0, bodyBytes: 0, byPath: new Map<string, number>() };
    if (options.attach !== undefined && options.attach.length > 0) {
      // A DevTools session held on the worker for the whole soak, with these domains on: what a
      // tool attached to the browser (Playwright attaches to every worker) makes the worker keep.
      const [workerId] = await connection.workerTargets();
      const held = await connection.send('Target.attachToTarget', { targetId: workerId, flatten: true });
      connection.onEvent((method, _params, session) => {
        if (method !== 'Network.requestWillBeSent' || session !== held.sessionId) return;
        workerRequests.count++;
        const request = (_params as { request?: { url?: string; postDataEntries?: Array<{ bytes?: string }> } }).request;
        const path = new URL(request?.url ?? 'http://x/?').pathname;
        workerRequests.byPath.set(path, (workerRequests.byPath.get(path) ?? 0) + 1);
        for (const entry of request?.postDataEntries ?? []) workerRequests.bodyBytes += ((entry.bytes ?? '').length * 3) / 4;
      });
      for (const domain of options.attach)
        await connection.send(
          `${domain}.enable`,
          domain !== 'Network'
            ? {}
            : options.networkBufferBytes === undefined
              ? { maxPostDataSize: 1_000_000 }
              : {
                  maxTotalBufferSize: options.networkBufferBytes,
                  maxResourceBufferSize: options.networkBufferBytes,
                  maxPostDataSize: 1_000_000,
                },
          held.sessionId,
        );
    }
    if (options.load.clickEveryS > 0)
      clicker = setInterval(
        () =>
          void click().then(
            () => clicks++,
            () => undefined,
          ),
        options.load.clickEveryS * 1_000,
      );
    const logsReceived = async () => {
      const health = await agent.ok('configure', { action: 'health' });
      const logs = health.buffers?.logs as { size: number; evicted: number } | undefined;
      return logs === undefined ? NaN : logs.size + logs.evicted;
    };
    const started = Date.now();
    const samples: SoakSample[] = [];
    const take = async () => {
      const extension = extensionProcess(browser.profile);
      const sample: SoakSample = {
        minute: (Date.now() - started) / 60_000,
        extensionRssMb: extension === undefined ? NaN : rssMb(extension),
        workerHeapMb: await connection.workerHeapMb(),
        pageRssMb: pageProcesses(browser.profile).reduce((sum, pid) => sum + (rssMb(pid) || 0), 0),
        logsReceived: await logsReceived(),
        clicks,
        workerRequests: workerRequests.count,
      };
      samples.push(sample);
      options.progress?.(sample);
    };
    await take();
    const end = started + options.minutes * 60_000;
    let dumpAfterWarmup: Record<string, number> | undefined;
    while (Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(options.sampleS * 1_000, end - Date.now())));
      await take();
      const pid = extensionProcess(browser.profile);
      if (
        options.dump === true &&
        dumpAfterWarmup === undefined &&
        Date.now() - started >= options.warmupMinutes * 60_000 &&
        pid !== undefined
      )
        dumpAfterWarmup = await connection.allocatorsMb(pid);
    }
    clearInterval(clicker);
    if (workerRequests.count > 0)
      process.stderr.write(
        `soak: the worker's requests ${JSON.stringify(Object.fromEntries(workerRequests.byPath))}, ${format(workerRequests.bodyBytes / 1024 / 1024)} MB of bodies posted\n`,
      );
    const extension = extensionProcess(browser.profile);
    if (options.dump === true && extension !== undefined && dumpAfterWarmup !== undefined) {
      const end = await connection.allocatorsMb(extension);
      for (const [name, mb] of Object.entries(end)) {
        const grew = mb - (dumpAfterWarmup[name] ?? 0);
        if (Math.abs(grew) >= 0.5)
          process.stderr.write(`soak: ${name} ${format(dumpAfterWarmup[name] ?? 0)} -> ${format(mb)} MB since warm-up\n`);
      }
    }
    const heapAfterGcMb = await connection.workerHeapMb(true);
    const steady = samples.filter((s) => s.minute >= options.warmupMinutes);
    const first = samples[0] as SoakSample;
    const last = samples[samples.length - 1] as SoakSample;
    return {
      load: options.load,
      driver: options.driver ?? 'raw',
      attached: options.attach ?? [],
      minutes: options.minutes,
      warmupMinutes: options.warmupMinutes,
      samples,
      rssSlopeMbPerMin: slope(steady.map((s) => [s.minute, s.extensionRssMb] as const)),
      heapSlopeMbPerMin: slope(steady.map((s) => [s.minute, s.workerHeapMb] as const)),
      rssStartMb: first.extensionRssMb,
      rssEndMb: last.extensionRssMb,
      heapAfterGcMb,
      logsPerS: (last.logsReceived - first.logsReceived) / ((last.minute - first.minute) * 60),
    };
  } finally {
    clearInterval(clicker);
    cdp?.close();
    await browser.stop();
    await agent.stop();
    await site.close();
  }
}

/** BENCH_SOAK_LOAD=logs,requests,clicks (any of them; default all): the parts of the load that run. */
export function soakOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SoakOptions {
  const minutes = Number(env.BENCH_SOAK_MINUTES ?? 60);
  const parts = (env.BENCH_SOAK_LOAD ?? 'logs,requests,clicks').split(',');
  return {
    minutes,
    sampleS: Number(env.BENCH_SOAK_SAMPLE_S ?? 60),
    warmupMinutes: Number(env.BENCH_SOAK_WARMUP_MIN ?? Math.min(10, minutes / 4)),
    driver: env.BENCH_SOAK_DRIVER === 'playwright' ? 'playwright' : 'raw',
    dump: env.BENCH_SOAK_DUMP === '1',
    ...(env.BENCH_SOAK_NETWORK_BUFFER === undefined ? {} : { networkBufferBytes: Number(env.BENCH_SOAK_NETWORK_BUFFER) }),
    attach: env.BENCH_SOAK_ATTACH?.split(',').filter((domain) => /^[A-Z][A-Za-z]+$/.test(domain)),
    load: {
      logsPerS: parts.includes('logs') ? BUSY.logsPerS : 0,
      requestsPerS: parts.includes('requests') ? BUSY.requestsPerS : 0,
      clickEveryS: parts.includes('clicks') ? BUSY.clickEveryS : 0,
    },
    progress: (s) =>
      process.stderr.write(
        `soak ${s.minute.toFixed(1)} min: extension RSS ${s.extensionRssMb.toFixed(1)} MB, worker heap ${s.workerHeapMb.toFixed(1)} MB, pages ${s.pageRssMb.toFixed(0)} MB, logs ${s.logsReceived}, clicks ${s.clicks}, worker requests ${s.workerRequests}\n`,
      ),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await runSoakBench(soakOptionsFromEnv());
  const { samples, ...rest } = figures;
  console.log(JSON.stringify(rest, null, 2));
}
