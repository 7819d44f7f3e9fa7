import { request } from 'node:http';
import { expect } from 'chai';
import { logEntry, startHarness, type Harness } from '../../support/daemonHarness.js';

// SPEC 11: the human's view at `/`, served by the daemon, live, no secrets.
describe('the status page (GET /, /status.json)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.stop());

  it('serves plain HTML with its script and stylesheet from its own origin, never framed', async () => {
    const page = await h.call('GET', '/');
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.contain('text/html');
    expect(page.body).to.contain('<script src="/status.js" defer></script>');
    expect(page.headers.get('content-security-policy')).to.contain("script-src 'self'").and.contain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).to.equal('DENY');
    for (const [path, type] of [
      ['/status.js', 'text/javascript'],
      ['/status.css', 'text/css'],
    ] as const) {
      const asset = await h.call('GET', path);
      expect(asset.status, path).to.equal(200);
      expect(asset.headers.get('content-type'), path).to.contain(type);
    }
  });

  it('reports connection, versions, tracked tabs, recent errors, commands and subscribers — and never the token', async () => {
    const ext = h.extension();
    await ext.page({ tab_id: 7, url: 'http://app.test/cart', title: 'Cart', event: 'load' });
    await ext.send('/logs', [
      logEntry({ level: 'error', message: 'TypeError: x is undefined', tab_id: 7 }),
      logEntry({ level: 'log', message: 'just a log', tab_id: 7 }),
    ]);
    const client = await h.client();
    await client.callTool({ name: 'interact', arguments: { action: 'refresh', tab_id: 7 } });
    await client.callTool({ name: 'configure', arguments: { action: 'streaming', enabled: true, subscribe: ['error'] } });
    await fetch(`${h.base}/pending-queries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'chrome-extension://chnkcgfikgkkocojlablgccbkcgijnhm' },
      body: JSON.stringify({ instance_id: 'inst-v', boot_id: 'b', wait_ms: 0, extension_version: '0.1.0' }),
    });

    const status = await h.call('GET', '/status.json');
    expect(status.status).to.equal(200);
    expect(status.body.health.extension).to.include({ connected: true, version: '0.1.0' });
    expect(status.body.tabs).to.deep.equal([
      { tab_id: 7, url: 'http://app.test/cart', title: 'Cart', updated_at: status.body.tabs[0].updated_at },
    ]);
    expect(status.body.recent_errors.map((e: { message: string }) => e.message)).to.deep.equal(['TypeError: x is undefined']);
    expect(status.body.commands.in_flight.map((c: { action: string }) => c.action)).to.deep.equal(['refresh']);
    expect(status.body.subscribed_clients).to.equal(1);
    for (const path of ['/', '/status.js', '/status.css', '/status.json']) {
      expect(JSON.stringify((await h.call('GET', path)).body), path).to.not.contain(h.token);
    }
  });

  it('holds 10 errors at most, the newest, each text cut at 300 characters (one past each bound)', async () => {
    const ext = h.extension();
    const long = 'E'.repeat(301);
    await ext.send('/logs', [
      ...Array.from({ length: 10 }, (_, i) => logEntry({ level: 'error', message: `old ${i}` })),
      logEntry({ level: 'error', message: long, url: `http://app.test/${'u'.repeat(301)}` }),
    ]);
    const errors = (await h.call('GET', '/status.json')).body.recent_errors as Array<{ message: string; url: string }>;
    expect(errors).to.have.length(10);
    expect(errors[0]?.message).to.equal('old 1');
    expect(errors[9]?.message).to.equal(`${'E'.repeat(300)}…`);
    expect(errors[9]?.url).to.have.length(301);
  });

  it('answers its own origin, and refuses other web origins and foreign Hosts (DNS rebinding)', async () => {
    const own = await h.call('GET', '/status.json', undefined, { origin: `http://127.0.0.1:${h.port}` });
    expect(own.status).to.equal(200);
    const web = await h.call('GET', '/status.json', undefined, { origin: 'http://evil.test' });
    expect(web.status).to.equal(403);
    expect(web.body.error).to.equal('forbidden_origin');
    const rebound = await new Promise<number | undefined>((resolve, reject) =>
      request({ port: h.port, host: '127.0.0.1', path: '/status.json', headers: { host: `evil.test:${h.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
        .on('error', reject)
        .end(),
    );
    expect(rebound).to.equal(403);
    // The own origin opens nothing else: the extension API still wants the extension.
    const poll = await h.call(
      'POST',
      '/pending-queries',
      { instance_id: 'i', boot_id: 'b' },
      { origin: `http://127.0.0.1:${h.port}` },
    );
    expect(poll.status).to.equal(403);
  });
});
