import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { expect } from 'chai';
import { logEntry, payload, startHarness, type Harness } from '../../support/daemonHarness.js';

// docs/install.md: the human's view at `/`, served by the daemon, live, no secrets.
describe('the status page (GET /, /status.json)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.stop());

  /** The status data as the local user reads it: with the token (docs/security.md). */
  const full = () => h.call('GET', '/status.json', undefined, { authorization: `Bearer ${h.token}` });

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

    const status = await full();
    expect(status.status).to.equal(200);
    expect(status.body.access).to.equal('full');
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
    const errors = (await full()).body.recent_errors as Array<{ message: string; url: string }>;
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

  describe('every view of a command error is redacted (docs/security.md)', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlX29mX3RoZV90b2tlbg';
    const bearer = 'Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddcc';
    const error = `fetch failed: ${bearer}; session ${jwt}; retried with password=hunter2-Tr0ub4dor`;
    const secrets = [jwt, '9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddcc', 'hunter2-Tr0ub4dor'];

    it('hides a JWT, a bearer token and password= in the status data, command_result (message and stack) and failed_commands', async () => {
      const client = await h.client();
      const ext = h.extension();
      const { correlation_id } = payload(
        await client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return 1' } }),
      );
      await ext.poll(0);
      const stack = `    at send (http://localhost:5173/src/api.ts:4:2)\n    at login (${bearer})`;
      const reported = await ext.report(correlation_id, 'error', { error: 'script_error', message: error, result: { stack } });
      expect(reported.body).to.deep.equal({ accepted: true });

      const shown = [
        JSON.stringify((await full()).body.commands.failed),
        JSON.stringify(
          payload(await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id } })),
        ),
        JSON.stringify(payload(await client.callTool({ name: 'observe', arguments: { what: 'failed_commands' } }))),
      ];
      for (const view of shown) {
        for (const secret of secrets) expect(view).to.not.contain(secret);
        expect(view).to.contain('fetch failed: Bearer [REDACTED]');
      }
    });
  });

  describe('who may read the details (docs/security.md: proof of being the local user, or counts only)', () => {
    const key = (token: string) => createHmac('sha256', token).update('status-page').digest('hex');

    /** A tracked tab whose title holds an e-mail address, an error, and a command in flight. */
    async function somethingToShow(): Promise<void> {
      const ext = h.extension();
      await ext.page({ tab_id: 3, url: 'http://app.test/inbox?folder=work', title: 'Inbox – ada@example.com', event: 'load' });
      await ext.send('/logs', [logEntry({ level: 'error', message: 'TypeError: order 4411 for ada failed', tab_id: 3 })]);
      const client = await h.client();
      await client.callTool({ name: 'interact', arguments: { action: 'refresh', tab_id: 3 } });
      await ext.poll(0);
    }

    it('without the token or the cookie, /status.json carries counts and no title, url, message or id', async () => {
      await somethingToShow();
      const status = await h.call('GET', '/status.json');
      expect(status.status).to.equal(200);
      expect(status.body.access).to.equal('counts');
      expect(status.body.counts).to.deep.equal({ tabs: 1, recent_errors: 1, commands_in_flight: 1, commands_failed: 0 });
      expect(status.body.health.extension.connected).to.equal(true);
      const text = JSON.stringify(status.body);
      for (const hidden of ['ada@example.com', 'Inbox', 'app.test', 'TypeError', 'order 4411', 'refresh', '"tab_id"']) {
        expect(text, hidden).to.not.contain(hidden);
      }
      expect(status.body).to.not.have.any.keys('tabs', 'recent_errors', 'commands');
    });

    it('a wrong bearer token or a forged cookie still gets counts only', async () => {
      await somethingToShow();
      const headers: Array<Record<string, string>> = [
        { authorization: `Bearer ${'0'.repeat(64)}` },
        { cookie: `browsertap_status_${h.port}=${key('not-the-token')}` },
        { cookie: `browsertap_status_${h.port}=${h.token}` },
      ];
      for (const header of headers) {
        const status = await h.call('GET', '/status.json', undefined, header);
        expect(status.body.access, JSON.stringify(header)).to.equal('counts');
        expect(JSON.stringify(status.body)).to.not.contain('ada@example.com');
      }
    });

    it('with the bearer token, /status.json is in full', async () => {
      await somethingToShow();
      const status = await full();
      expect(status.body.access).to.equal('full');
      expect(status.body.tabs[0]).to.include({ tab_id: 3, title: 'Inbox – ada@example.com' });
      expect(status.body.recent_errors[0].message).to.equal('TypeError: order 4411 for ada failed');
      expect(status.body.counts).to.deep.equal({ tabs: 1, recent_errors: 1, commands_in_flight: 1, commands_failed: 0 });
    });

    it('/?key=HMAC-SHA256(token, "status-page") sets an HttpOnly SameSite=Strict cookie and sends the browser to /; with it the data is in full', async () => {
      await somethingToShow();
      const unlock = await fetch(`${h.base}/?key=${key(h.token)}`, { redirect: 'manual' });
      expect(unlock.status).to.equal(303);
      expect(unlock.headers.get('location')).to.equal('/');
      const cookies = unlock.headers.getSetCookie();
      expect(cookies).to.have.length(1);
      const cookie = cookies[0] as string;
      expect(cookie).to.match(new RegExp(`^browsertap_status_${h.port}=${key(h.token)};`));
      expect(cookie.toLowerCase()).to.contain('httponly').and.contain('samesite=strict').and.contain('path=/');
      expect(cookie).to.not.contain(h.token);
      const status = await h.call('GET', '/status.json', undefined, { cookie: cookie.split(';')[0] as string });
      expect(status.body.access).to.equal('full');
      expect(status.body.tabs[0].title).to.equal('Inbox – ada@example.com');
      // The page itself, with the cookie, is the plain page (the key has left the address).
      const page = await h.call('GET', '/', undefined, { cookie: cookie.split(';')[0] as string });
      expect(page.status).to.equal(200);
    });

    it('a wrong key (or the token itself) is refused 403 with {error, message} and sets no cookie', async () => {
      for (const wrong of [key('another-token'), h.token, '', 'zz', `${key(h.token)}&key=${key(h.token)}`]) {
        const answer = await fetch(`${h.base}/?key=${wrong}`, { redirect: 'manual' });
        expect(answer.status, wrong).to.equal(403);
        expect(answer.headers.getSetCookie(), wrong).to.deep.equal([]);
        const body = (await answer.json()) as { error: string; message: string };
        expect(body.error).to.equal('wrong_status_key');
        expect(body.message).to.contain('browsertap status --open');
      }
    });

    it('the page tells the person how to unlock it when the data is counts only', async () => {
      const script = (await h.call('GET', '/status.js')).body as string;
      expect(script).to.contain("s.access === 'counts'");
      expect(script).to.contain('browsertap status --open');
    });
  });
});
