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

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
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

  async send(method: string, params: Record<string, unknown> = {}): Promise<any> {
    const id = ++this.next;
    const answer = new Promise<any>((resolve) => this.waiting.set(id, resolve));
    this.socket.send(JSON.stringify({ id, method, params }));
    const message = await answer;
    if (message.error) throw new Error(`${method}: ${message.error.message}`);
    return message.result;
  }

  async workerTargets(): Promise<string[]> {
    const { targetInfos } = await this.send('Target.getTargets');
    return targetInfos
      .filter((target: any) => target.type === 'service_worker' && target.url.startsWith(`chrome-extension://${EXTENSION_ID}/`))
      .map((target: any) => target.targetId);
  }

  /** Stops the extension's service worker, as Chrome does when it idles it out. */
  async stopWorker(): Promise<void> {
    const targets = await this.workerTargets();
    if (targets.length === 0) throw new Error('no running service worker to stop');
    for (const targetId of targets) await this.send('Target.closeTarget', { targetId });
  }

  /** Opens a tab, which fires tab events that wake a stopped worker. */
  async openTab(url = 'about:blank'): Promise<void> {
    await this.send('Target.createTarget', { url, background: true });
  }

  close(): void {
    this.socket.close();
  }
}
