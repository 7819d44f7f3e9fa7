import { expect } from 'chai';
import { BATCH_DELAY_MS, IDLE_DELAY_MS, MAX_BATCH, MAX_PENDING, PageBus } from '../../../extension/src/page/PageBus.js';
import {
  callSite,
  captureCallSite,
  describeConsoleCall,
  RESULT_LIMITS,
  SERIAL,
  toJsonSafe,
} from '../../../extension/src/page/serialize.js';
import { vitalTarget } from '../../../extension/src/page/vitals.js';
import { retell } from '../../../extension/src/page/hookFetch.js';
import {
  devServerError,
  devServerLocation,
  HEADER_LIMIT,
  MODULE_WAIT_MS,
  type LoadedModules,
} from '../../../extension/src/page/hookWebSocket.js';
import { cspMessage } from '../../../extension/src/page/hookErrors.js';
import { mixedContent } from '../../../extension/src/page/networkCommon.js';
import { runScript } from '../../../extension/src/inject/runScript.js';
import { isDevelopmentHost, isDevelopmentUrl } from '../../../extension/src/shared/devOrigins.js';
import type { CaptureBatch } from '../../../extension/src/shared/protocol.js';

function bus() {
  const timers: Array<() => void> = [];
  const sent: CaptureBatch[] = [];
  const pageBus = new PageBus(
    (json) => sent.push(JSON.parse(json)),
    { setTimeout: (fn) => timers.push(fn), now: () => 42 },
    () => 'http://localhost/',
  );
  return { pageBus, sent, runTimers: () => timers.splice(0).forEach((fn) => fn()) };
}
const log = (message: string) => ({
  level: 'log' as const,
  message,
  source: 'console' as const,
  url: 'http://localhost/',
  ts: 1,
});

describe('extension page capture', () => {
  describe('PageBus', () => {
    it('holds entries until the relay listens, then sends them in order', () => {
      const { pageBus, sent } = bus();
      pageBus.add('logs', log('early'), true);
      pageBus.add('vitals', { name: 'TTFB', value: 3, rating: 'good', url: 'http://localhost/', ts: 1 });
      expect(sent).to.have.length(0);
      pageBus.markReady();
      expect(sent).to.deep.equal([
        { logs: [log('early')], vitals: [{ name: 'TTFB', value: 3, rating: 'good', url: 'http://localhost/', ts: 1 }] },
      ]);
    });

    it(`batches for ${BATCH_DELAY_MS} ms, sends urgent entries and full batches at once`, () => {
      const { pageBus, sent, runTimers } = bus();
      pageBus.markReady();
      pageBus.add('logs', log('a'));
      pageBus.add('logs', log('b'));
      expect(sent).to.have.length(0);
      runTimers();
      expect(sent).to.have.length(1);
      pageBus.add('logs', log('boom'), true);
      expect(sent).to.have.length(2);
      for (let i = 0; i < MAX_BATCH; i++) pageBus.add('logs', log(`n${i}`));
      expect(sent).to.have.length(3);
      expect(sent[2]?.logs).to.have.length(MAX_BATCH);
    });

    it(`an entry after a quiet spell goes on the next turn; while entries keep coming they wait ${BATCH_DELAY_MS} ms`, () => {
      let now = 1_000;
      const delays: number[] = [];
      const timers: Array<() => void> = [];
      const sent: string[] = [];
      const pageBus = new PageBus(
        (json) => sent.push(json),
        { setTimeout: (fn, ms) => (delays.push(ms), timers.push(fn)), now: () => now },
        () => 'http://localhost/',
      );
      pageBus.markReady();
      pageBus.add('logs', log('first'));
      timers.splice(0).forEach((fn) => fn());
      now += 5;
      pageBus.add('logs', log('soon after'));
      timers.splice(0).forEach((fn) => fn());
      now += BATCH_DELAY_MS;
      pageBus.add('logs', log('after a quiet spell'));
      expect(delays).to.deep.equal([IDLE_DELAY_MS, BATCH_DELAY_MS, IDLE_DELAY_MS]);
    });

    it(`keeps at most ${MAX_PENDING} entries before the relay is up and says how many it dropped`, () => {
      const { pageBus, sent } = bus();
      for (let i = 0; i < MAX_PENDING + 5; i++) pageBus.add('logs', log(`n${i}`));
      pageBus.markReady();
      const all = sent.flatMap((batch) => batch.logs ?? []);
      expect(all[0]?.message).to.equal(
        `browsertap dropped 5 captured entries: more than ${MAX_PENDING} waited for the extension`,
      );
      expect(all[1]?.message).to.equal('n5');
      expect(all).to.have.length(MAX_PENDING + 1);
      for (const batch of sent) expect((batch.logs ?? []).length).to.be.at.most(MAX_BATCH);
    });
  });

  describe('toJsonSafe and console descriptions', () => {
    it('survives cycles, BigInt, functions, symbols, errors, maps, sets and dates', () => {
      const value: Record<string, unknown> = {
        big: 10n,
        fn: function named() {},
        sym: Symbol('s'),
        err: new RangeError('bad'),
        when: new Date(0),
        map: new Map([['k', 1]]),
        set: new Set([1, 2]),
        nan: NaN,
      };
      value.self = value;
      const safe = toJsonSafe(value) as Record<string, any>;
      expect(safe).to.include({
        big: '10n',
        fn: '[Function named]',
        sym: 'Symbol(s)',
        when: '1970-01-01T00:00:00.000Z',
        self: '[Circular]',
        nan: 'NaN',
      });
      expect(safe.err).to.include({ name: 'RangeError', message: 'bad' });
      expect(safe.map).to.deep.equal({ '[Map]': [['k', 1]] });
      expect(safe.set).to.deep.equal({ '[Set]': [1, 2] });
      expect(() => JSON.stringify(safe)).not.to.throw();
    });

    it('describes DOM-like nodes and caps strings, depth, keys and items', () => {
      expect(toJsonSafe({ nodeType: 1, nodeName: 'DIV', tagName: 'DIV', id: 'main', className: 'a b' })).to.equal(
        '<div#main.a.b>',
      );
      const huge = toJsonSafe('x'.repeat(SERIAL.string + 10)) as string;
      expect(huge).to.match(/…\[truncated 10 chars\]$/);
      expect(toJsonSafe({ a: { b: { c: { d: { e: 1 } } } } })).to.deep.equal({ a: { b: { c: { d: '[Object]' } } } });
      const items = toJsonSafe(Array.from({ length: SERIAL.items + 3 }, (_, i) => i)) as unknown[];
      expect(items.at(-1)).to.equal('… 3 more items');
      const keys = toJsonSafe(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]))) as Record<string, unknown>;
      expect(keys['…']).to.equal('10 more keys');
    });

    it('keeps a __proto__ key as data (a parsed JSON object logged as it is)', () => {
      const safe = toJsonSafe(JSON.parse('{"__proto__":{"admin":true},"b":2}'));
      expect(JSON.stringify(safe)).to.equal('{"__proto__":{"admin":true},"b":2}');
      expect((safe as { admin?: unknown }).admin).to.equal(undefined);
    });

    it('uses toJSON, and treats undefined as JSON does for results', () => {
      expect(toJsonSafe(new URL('http://localhost/a'))).to.equal('http://localhost/a');
      expect(JSON.stringify(toJsonSafe({ a: undefined, b: [undefined] }, RESULT_LIMITS))).to.equal('{"b":[null]}');
      expect(toJsonSafe({ a: undefined })).to.deep.equal({ a: 'undefined' });
    });

    it('formats console messages like the console (%s %d %o %c) and keeps the arguments', () => {
      expect(describeConsoleCall(['%s has %d items%c', 'cart', '3.7', 'color: red', { extra: true }])).to.deep.equal({
        message: 'cart has 3 items {extra: true}',
        args: ['%s has %d items%c', 'cart', '3.7', 'color: red', { extra: true }],
      });
      expect(describeConsoleCall(['plain', 1, null]).message).to.equal('plain 1 null');
    });

    it("keeps the caller's frames and leaves out the extension's own", () => {
      const stack =
        'Error\n    at apply (chrome-extension://abc/capture.js:1:1)\n    at main (http://localhost/app.js:3:5)\n    at http://localhost/app.js:9:1';
      expect(callSite(stack, 'chrome-extension://abc/')).to.equal(
        'at main (http://localhost/app.js:3:5)\nat http://localhost/app.js:9:1',
      );
      expect(callSite(undefined, 'x')).to.equal(undefined);
    });

    it('captures the call site with a lowered stack limit, and gives the page its limit back', () => {
      // captureCallSite's own frame (in serialize.ts) is left out; the page's frames follow.
      function pageCode() {
        return captureCallSite('serialize.ts', 1, 1);
      }
      const before = Error.stackTraceLimit;
      const format = Error.prepareStackTrace;
      let captured = -1; // how many frames V8 collected
      Error.prepareStackTrace = (error, sites) => {
        captured = sites.length;
        return [
          String(error),
          ...sites.map((site) => `    at ${site.getFunctionName() ?? '<anonymous>'} (${site.getFileName()}:1:1)`),
        ].join('\n');
      };
      try {
        expect(pageCode())
          .to.match(/^at pageCode \(/)
          .and.not.include('\n');
      } finally {
        Error.prepareStackTrace = format;
      }
      expect(captured).to.equal(2);
      expect(Error.stackTraceLimit).to.equal(before);
      Error.stackTraceLimit = 2; // too low to lower: captured with the page's own limit
      try {
        expect(pageCode()).to.match(/^at pageCode \(/);
        expect(Error.stackTraceLimit).to.equal(2);
      } finally {
        Error.stackTraceLimit = before;
      }
    });

    it('builds the console message from the same JSON-safe copies as the arguments', () => {
      const cyclic: Record<string, unknown> = { n: 1 };
      cyclic.self = cyclic;
      const described = describeConsoleCall(['%s has %d items, %o', 'cart', 3, cyclic, 'tail', 5n]);
      expect(described.message).to.equal("cart has 3 items, {n: 1, self: '[Circular]'} tail 5n");
      expect(described.args).to.deep.equal(['%s has %d items, %o', 'cart', 3, { n: 1, self: '[Circular]' }, 'tail', '5n']);
    });

    it('writes objects and arrays into the message as Chrome shows them collapsed; the values stay whole in args', () => {
      const user = { id: 42, name: 'Ada', roles: ['admin', 'dev'], 'x-id': 1, address: { city: 'London' }, more: true };
      const described = describeConsoleCall(['user', user, [{ a: 1 }, { b: 2 }], [1, 2, 3, 4, 5, 6, 7]]);
      expect(described.message).to.equal(
        "user {id: 42, name: 'Ada', roles: Array(2), 'x-id': 1, address: {…}, …} (2) [{…}, {…}] (7) [1, 2, 3, 4, 5, …]",
      );
      expect(described.args[1]).to.deep.equal(user);
    });
  });

  describe('development origins (docs/extension.md)', () => {
    it('tracks localhost, loopback, private networks and the reserved dev names', () => {
      for (const url of [
        'http://localhost:3000/',
        'http://app.localhost/',
        'https://shop.test/',
        'http://printer.local/',
        'http://127.0.0.1:8080/',
        'http://10.1.2.3/',
        'http://172.20.0.5/',
        'http://192.168.1.10/',
        'http://[::1]:5173/',
        'http://[fd12:3456::1]/',
      ]) {
        expect(isDevelopmentUrl(url), url).to.equal(true);
      }
      for (const url of [
        'https://example.com/',
        'http://172.32.0.1/',
        'http://11.0.0.1/',
        'http://localhost.example.com/',
        'file:///tmp/a.html',
        'chrome://extensions',
        'not a url',
      ]) {
        expect(isDevelopmentUrl(url), url).to.equal(false);
      }
      expect(isDevelopmentHost('LOCALHOST')).to.equal(true);
    });
  });

  describe('Web Vitals (web-vitals attribution)', () => {
    it('names the element each vital is about: the LCP element, the INP target, the largest CLS source', () => {
      const metric = (name: string, attribution: object) => ({ name, attribution }) as never;
      expect(vitalTarget(metric('LCP', { target: 'main>img.hero' }))).to.equal('main>img.hero');
      expect(vitalTarget(metric('INP', { interactionTarget: '#slow' }))).to.equal('#slow');
      expect(vitalTarget(metric('CLS', { largestShiftTarget: 'div.banner' }))).to.equal('div.banner');
      expect(vitalTarget(metric('TTFB', { waitingDuration: 3 }))).to.equal(undefined);
      expect(vitalTarget(metric('CLS', {}))).to.equal(undefined);
      expect(vitalTarget(metric('LCP', { target: 'x'.repeat(500) }))).to.have.length(300);
    });
  });

  describe('retell: a native rejection as an equal error the page owns', () => {
    const thrown = (error: unknown) => {
      try {
        retell(error);
      } catch (copy) {
        return copy as Error;
      }
      throw new Error('retell returned');
    };
    it('copies class, name, message and stack; leaves non-errors as they are', () => {
      const syntax = new SyntaxError("Unexpected token '<'");
      const copy = thrown(syntax);
      expect(copy).to.be.instanceOf(SyntaxError).and.not.equal(syntax);
      expect([copy.name, copy.message, copy.stack]).to.deep.equal([syntax.name, syntax.message, syntax.stack]);
      const abort = thrown(new DOMException('The user aborted a request.', 'AbortError'));
      expect(abort).to.be.instanceOf(DOMException);
      expect([abort.name, abort.message]).to.deep.equal(['AbortError', 'The user aborted a request.']);
      expect(thrown(new TypeError('Failed to fetch'))).to.be.instanceOf(TypeError);
      const named = Object.assign(new Error('x'), { name: 'NetworkError' });
      expect(thrown(named).name).to.equal('NetworkError');
      expect(thrown('a string')).to.equal('a string');
    });

    it('gives a native error with no frame the page frames of the call that failed, so two failed calls differ', () => {
      const at = (file: string) =>
        Object.assign(new Error(), {
          stack: `Error\n    at Proxy.apply (browsertap-capture.js:1:100)\n    at load (http://localhost:5173/src/${file}:4:9)\n    at main (http://localhost:5173/src/main.ts:1:1)`,
        });
      const retold = (site: Error) => {
        try {
          retell(Object.assign(new TypeError('Failed to fetch'), { stack: 'TypeError: Failed to fetch' }), site);
        } catch (copy) {
          return (copy as Error).stack;
        }
        return undefined;
      };
      expect(retold(at('users.ts'))).to.equal(
        'TypeError: Failed to fetch\n    at load (http://localhost:5173/src/users.ts:4:9)\n    at main (http://localhost:5173/src/main.ts:1:1)',
      );
      expect(retold(at('orders.ts'))).to.contain('src/orders.ts:4:9');
      // A stack that already has frames is kept as it is.
      const own = new SyntaxError('x');
      try {
        retell(own, at('users.ts'));
      } catch (copy) {
        expect((copy as Error).stack).to.equal(own.stack);
      }
    });
  });

  describe('where a dev server compile error points (docs/extension.md)', () => {
    const oxc =
      'Transform failed with 1 error:\n\n[PARSE_ERROR] Unexpected token\n   ╭─[ ../../tmp/app/src/form.jsx?t=1:7:19 ]\n 7 │   const errors = {;\n';
    const loaded = ['/src/form.jsx', '/form.jsx', '/@vite/client'];

    it('reads the oxc header and finds the module url the page loaded (longest suffix of the file)', () => {
      expect(devServerLocation({ message: oxc, id: '/tmp/app/src/form.jsx?t=1' }, loaded)).to.deep.equal({
        path: '/src/form.jsx',
        line: 7,
        column: 19,
      });
    });

    it('prefers loc (0-based column, as Rollup) over the message', () => {
      expect(devServerLocation({ message: oxc, id: '/tmp/app/src/form.jsx', loc: { line: 3, column: 0 } }, loaded)).to.deep.equal(
        { path: '/src/form.jsx', line: 3, column: 1 },
      );
    });

    it('says nothing when the module or the position is unknown, or the header is malformed', () => {
      expect(devServerLocation({ message: oxc, id: '/tmp/app/src/other.jsx' }, loaded)).to.equal(undefined);
      expect(devServerLocation({ message: 'Failed to resolve import', id: '/tmp/app/src/form.jsx' }, loaded)).to.equal(undefined);
      for (const header of [
        '─[ form.jsx:x:19 ]',
        '─[ form.jsx:0:19 ]',
        '─[ form.jsx:19 ]',
        `─[ f:1:${'9'.repeat(10)} ]`,
        '─[ f:1:2',
      ]) {
        expect(devServerLocation({ message: header, id: '/a/src/form.jsx' }, loaded), header).to.equal(undefined);
      }
      expect(devServerLocation({ message: oxc }, loaded)).to.equal(undefined);
      // A header up to HEADER_LIMIT characters is read; one past it is not (a page-controlled frame).
      const header = (length: number) => `─[ ${'a'.repeat(length - 3 - ':7:19'.length)}:7:19 ]`;
      expect(devServerLocation({ message: header(HEADER_LIMIT), id: '/a/src/form.jsx' }, loaded)).to.deep.equal({
        path: '/src/form.jsx',
        line: 7,
        column: 19,
      });
      expect(devServerLocation({ message: header(HEADER_LIMIT + 1), id: '/a/src/form.jsx' }, loaded)).to.equal(undefined);
      expect(devServerLocation({ message: 42, id: '/tmp/app/src/form.jsx' }, loaded)).to.equal(undefined);
    });
  });

  describe('a dev-server compile error heard before the page loaded its module (Vite reloaded the page)', () => {
    const oxc = 'Transform failed\n    ╭─[ ../../tmp/app/src/ProfileCard.jsx:12:22 ]\n';
    const frame = JSON.stringify({
      type: 'error',
      err: { plugin: 'vite:oxc', message: oxc, id: '/tmp/app/src/ProfileCard.jsx' },
    });
    /** Loaded paths the test adds to, a watcher it fires, and a timer it runs. */
    function modules(initial: string[]) {
      const paths = [...initial];
      let onMore: (() => void) | undefined;
      const timers: Array<{ fn: () => void; ms: number }> = [];
      const fake: LoadedModules = {
        paths: () => paths,
        watch(listener) {
          onMore = listener;
          return () => (onMore = undefined);
        },
        setTimeout: (fn, ms) => timers.push({ fn, ms }),
      };
      return { fake, paths, more: () => onMore?.(), watching: () => onMore !== undefined, timers };
    }
    const stacks = (sent: CaptureBatch[]) => sent.flatMap((b) => (b.logs ?? []).map((e) => e.stack));
    let saved: PropertyDescriptor | undefined;
    before(() => {
      saved = Object.getOwnPropertyDescriptor(globalThis, 'location');
      Object.defineProperty(globalThis, 'location', { value: { href: 'http://127.0.0.1:5173/bugs.html' }, configurable: true });
    });
    after(() => {
      if (saved === undefined) delete (globalThis as { location?: unknown }).location;
      else Object.defineProperty(globalThis, 'location', saved);
    });

    it('waits for the module to load and reports the error with its place', () => {
      const b = bus();
      b.pageBus.markReady();
      const m = modules(['/@vite/client']);
      devServerError(frame, b.pageBus, () => 7, m.fake);
      b.runTimers();
      expect(stacks(b.sent)).to.deep.equal([], 'nothing yet: the module is not loaded');
      m.paths.push('/src/ProfileCard.jsx');
      m.more();
      b.runTimers();
      expect(stacks(b.sent)).to.deep.equal(['Error: Transform failed\n    at src/ProfileCard.jsx:12:22']);
      expect(m.watching()).to.equal(false);
      // The bounded wait ending later reports nothing more.
      m.timers.forEach((t) => t.fn());
      b.runTimers();
      expect(stacks(b.sent)).to.have.length(1);
    });

    it('reports it without a place after MODULE_WAIT_MS when the module never loads', () => {
      const b = bus();
      b.pageBus.markReady();
      const m = modules([]);
      devServerError(frame, b.pageBus, () => 7, m.fake);
      expect(m.timers.map((t) => t.ms)).to.deep.equal([MODULE_WAIT_MS]);
      m.more();
      m.timers[0]!.fn();
      b.runTimers();
      expect(stacks(b.sent)).to.deep.equal([undefined]);
      expect(b.sent[0]!.logs![0]).to.include({ level: 'error', ts: 7 });
      expect(m.watching()).to.equal(false);
    });

    it('does not wait when the module is loaded already or the error names no place', () => {
      const b = bus();
      b.pageBus.markReady();
      devServerError(frame, b.pageBus, () => 7, modules(['/src/ProfileCard.jsx']).fake);
      const unplaced = modules([]);
      devServerError(
        JSON.stringify({ type: 'error', err: { message: 'Failed to resolve import', id: '/x.js' } }),
        b.pageBus,
        () => 8,
        unplaced.fake,
      );
      b.runTimers();
      expect(stacks(b.sent)).to.deep.equal(['Error: Transform failed\n    at src/ProfileCard.jsx:12:22', undefined]);
      expect(unplaced.timers).to.deep.equal([]);
    });
  });

  describe('CSP violations in Chrome’s words (docs/extension.md)', () => {
    const violation = (effectiveDirective: string, blockedURI: string, originalPolicy: string, disposition = 'enforce') =>
      cspMessage({
        effectiveDirective,
        blockedURI,
        originalPolicy,
        disposition: disposition as SecurityPolicyViolationEventDisposition,
      });

    it('says what was loaded and quotes the directive that refused it, as Chrome 156 does', () => {
      expect(violation('img-src', 'http://localhost:8765/other.png', "img-src 'self'")).to.equal(
        `Loading the image 'http://localhost:8765/other.png' violates the following Content Security Policy directive: "img-src 'self'". The action has been blocked.`,
      );
      expect(violation('connect-src', 'https://api.example', "default-src 'self'; connect-src 'none'")).to.equal(
        `Connecting to 'https://api.example' violates the following Content Security Policy directive: "connect-src 'none'". The action has been blocked.`,
      );
    });

    it('names the fallback directive and a report-only policy', () => {
      expect(violation('script-src-elem', 'https://cdn.example/a.js', "default-src 'self'", 'report')).to.equal(
        `Loading the script 'https://cdn.example/a.js' violates the following Content Security Policy directive: "default-src 'self'". Note that 'script-src-elem' was not explicitly set, so 'default-src' is used as a fallback. The policy is report-only, so the violation has been reported but not enforced.`,
      );
      expect(violation('script-src-elem', 'inline', "script-src 'self'")).to.match(
        /^Executing inline script violates .*"script-src 'self'"/,
      );
    });
  });

  describe('mixed content in Chrome’s words (docs/extension.md)', () => {
    const page = 'https://app.test:8443/checkout';

    it('an https page’s request for http on another host: Chrome 156’s line, per kind', () => {
      expect(mixedContent('script', 'http://cdn.example/a.js', page)).to.equal(
        "Mixed Content: The page at 'https://app.test:8443/checkout' was loaded over HTTPS, but requested an insecure script 'http://cdn.example/a.js'. This request has been blocked; the content must be served over HTTPS.",
      );
      expect(mixedContent('XMLHttpRequest endpoint', 'http://api.example/x', page)).to.include(
        "requested an insecure XMLHttpRequest endpoint 'http://api.example/x'.",
      );
    });

    it('nothing for an http page, an https request, or a potentially trustworthy host', () => {
      expect(mixedContent('script', 'http://cdn.example/a.js', 'http://app.test/')).to.equal(undefined);
      expect(mixedContent('script', 'https://cdn.example/a.js', page)).to.equal(undefined);
      for (const host of ['localhost:3000', 'api.localhost', '127.0.0.1:9', '127.1.2.3', '[::1]:8080']) {
        expect(mixedContent('resource', `http://${host}/x`, page), host).to.equal(undefined);
      }
      expect(mixedContent('resource', 'http://[bad', page)).to.equal(undefined);
    });
  });

  describe('execute_js runner', () => {
    it('runs the script as the body of an async function and returns a JSON-safe value', async () => {
      expect(await runScript('const a = await Promise.resolve(20); return { sum: a + 22, big: 1n };')).to.deep.equal({
        ok: true,
        data: { sum: 42, big: '1n' },
      });
      expect(await runScript('1 + 1')).to.deep.equal({ ok: true, data: null });
    });

    it("reports the page's error with its name, message and stack", async () => {
      const outcome = await runScript('throw new TypeError("no way")');
      expect(outcome).to.include({ ok: false, code: 'script_error', name: 'TypeError', message: 'no way' });
      expect((outcome as { stack: string }).stack).to.include('TypeError: no way');
      expect(await runScript('throw "plain"')).to.deep.equal({
        ok: false,
        code: 'script_error',
        name: 'Thrown',
        message: 'plain',
      });
      expect(await runScript('return (')).to.include({ ok: false, code: 'script_syntax_error', name: 'SyntaxError' });
    });

    it('cuts a result over 50 000 bytes of JSON and says so, counting UTF-8 bytes', async () => {
      const outcome = (await runScript('return "y".repeat(55000)')) as { ok: true; data: Record<string, unknown> };
      expect(outcome.data).to.include({ truncated: true, bytes: 55_002 });
      expect(outcome.data.message).to.include('over the 50000-byte limit');
      const wide = (await runScript('return "é".repeat(30000)')) as { ok: true; data: Record<string, unknown> };
      expect(wide.data).to.include({ truncated: true, bytes: 60_002 });
    });
  });
});
