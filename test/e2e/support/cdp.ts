import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { EXTENSION_ID } from './chromium.js';

/**
 * A browser-level DevTools connection that never attaches to the extension's service worker
 * (attaching would keep it alive): it only lists targets, closes the worker, and opens tabs.
 */
export class BrowserCdp {
  private next = 0;
  private readonly waiting = new Map<number, (message: any) => void>();
  private readonly listeners: Array<(method: string, params: any, sessionId?: string) => void> = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.id === undefined) {
        for (const listener of this.listeners) listener(message.method, message.params, message.sessionId);
        return;
      }
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    });
  }

  /** Connects to the browser started with `--remote-debugging-port=0` on `profile`. */
  static async connect(profile: string, timeoutMs = 10_000): Promise<BrowserCdp> {
    const file = join(profile, 'DevToolsActivePort');
    const end = Date.now() + timeoutMs;
    while (!existsSync(file) || readFileSync(file, 'utf8').split('\n').length < 2) {
      if (Date.now() > end) throw new Error('the browser never wrote DevToolsActivePort');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [port, path] = readFileSync(file, 'utf8').split('\n');
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new BrowserCdp(socket);
  }

  /** A command to the browser, or with `sessionId` to a target attached with `flatten`. */
  async send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<any> {
    const id = ++this.next;
    const answer = new Promise<any>((resolve) => this.waiting.set(id, resolve));
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) }));
    const message = await answer;
    if (message.error) throw new Error(`${method}: ${message.error.message}`);
    return message.result;
  }

  /** Every event the browser or an attached target sends, until the returned function is called. */
  onEvent(listener: (method: string, params: any, sessionId?: string) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at !== -1) this.listeners.splice(at, 1);
    };
  }

  /**
   * What the DevTools console of each page and frame whose url `accept`s holds from the
   * Log domain (failed loads, security messages): attaching replays the entries stored so far.
   */
  async consoleLog(
    accept: (url: string) => boolean,
  ): Promise<Array<{ source: string; level: string; text: string; url?: string; frame: string }>> {
    const entries: Array<{ source: string; level: string; text: string; url?: string; frame: string }> = [];
    const frames = new Map<string, string>();
    this.onEvent((method, params, sessionId) => {
      if (method === 'Log.entryAdded' && sessionId !== undefined && frames.has(sessionId)) {
        entries.push({ ...params.entry, frame: frames.get(sessionId) as string });
      }
    });
    const { targetInfos } = await this.send('Target.getTargets');
    for (const target of targetInfos) {
      if ((target.type !== 'page' && target.type !== 'iframe') || !accept(String(target.url))) continue;
      const { sessionId } = await this.send('Target.attachToTarget', { targetId: target.targetId, flatten: true });
      frames.set(sessionId, target.url);
      await this.send('Log.enable', {}, sessionId);
      await this.send('Log.disable', {}, sessionId);
    }
    return entries;
  }

  async workerTargets(): Promise<string[]> {
    const { targetInfos } = await this.send('Target.getTargets');
    return targetInfos
      .filter((target: any) => target.type === 'service_worker' && target.url.startsWith(`chrome-extension://${EXTENSION_ID}/`))
      .map((target: any) => target.targetId);
  }

  /**
   * The extension's service worker's JS heap in use (MB), over a session opened for this reading
   * only (a session held on the worker would keep it alive); after a full collection when
   * `collect`. NaN when no worker runs.
   */
  async workerHeapMb(collect = false): Promise<number> {
    const [targetId] = await this.workerTargets();
    if (targetId === undefined) return NaN;
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    try {
      if (collect) await this.send('HeapProfiler.collectGarbage', {}, sessionId);
      const { usedSize } = await this.send('Runtime.getHeapUsage', {}, sessionId);
      return usedSize / 1024 / 1024;
    } finally {
      await this.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    }
  }

  /**
   * Chromium's own account of process `pid`'s memory (a `memory-infra` dump): MB per allocator,
   * two levels deep (`malloc/partitions`, `v8/workers`, `blink_gc/workers`…), shared memory and
   * Blink's object counts left out. Where memory outside the JS heap goes.
   */
  async allocatorsMb(pid: number): Promise<Record<string, number>> {
    const events: Array<{ ph?: string; pid?: number; args?: { dumps?: { allocators?: Record<string, any> } } }> = [];
    let complete!: () => void;
    const done = new Promise<void>((resolve) => (complete = resolve));
    const stop = this.onEvent((method, params) => {
      if (method === 'Tracing.dataCollected') events.push(...(params.value as typeof events));
      if (method === 'Tracing.tracingComplete') complete();
    });
    try {
      await this.send('Tracing.start', {
        traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], memoryDumpConfig: { triggers: [] } },
        transferMode: 'ReportEvents',
      });
      await this.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' });
      await this.send('Tracing.end');
      await done;
    } finally {
      stop();
    }
    const dump = events.find((e) => e.ph === 'v' && e.pid === pid && e.args?.dumps?.allocators !== undefined);
    return Object.fromEntries(
      Object.entries(dump?.args?.dumps?.allocators ?? {})
        .filter(([name]) => name.split('/').length <= 2 && !/^(?:shared_memory|blink_objects)\//.test(name))
        .map(([name, entry]) => [name, parseInt(entry?.attrs?.size?.value ?? '0', 16) / 1024 / 1024]),
    );
  }

  /** Stops the extension's service worker, as Chrome does when it idles it out. */
  async stopWorker(): Promise<void> {
    const targets = await this.workerTargets();
    if (targets.length === 0) throw new Error('no running service worker to stop');
    for (const targetId of targets) await this.send('Target.closeTarget', { targetId });
  }

  /**
   * A session on the first page whose url `accept`s. Attaching to a page does not keep the
   * extension's worker alive (attaching to the worker would).
   */
  async attachPage(accept: (url: string) => boolean): Promise<string> {
    const { targetInfos } = await this.send('Target.getTargets');
    const page = targetInfos.find((target: any) => target.type === 'page' && accept(String(target.url)));
    if (page === undefined) throw new Error('no such page to attach to');
    const { sessionId } = await this.send('Target.attachToTarget', { targetId: page.targetId, flatten: true });
    await this.send('ServiceWorker.enable', {}, sessionId);
    return sessionId;
  }

  /**
   * Stops every service worker of the profile, the extension's among them, as Chrome does when
   * it idles one out (`ServiceWorker.stopAllWorkers`, through a page's session from `attachPage`).
   */
  async stopAllWorkers(sessionId: string): Promise<void> {
    await this.send('ServiceWorker.stopAllWorkers', {}, sessionId);
  }

  /** Opens a tab, which fires tab events that wake a stopped worker. */
  async openTab(url = 'about:blank'): Promise<void> {
    await this.send('Target.createTarget', { url, background: true });
  }

  /** Opens a tab and closes it again: its events wake a stopped worker, and no tab is left behind. */
  async blinkTab(): Promise<void> {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank', background: true });
    await this.send('Target.closeTarget', { targetId });
  }

  close(): void {
    this.socket.close();
  }
}
