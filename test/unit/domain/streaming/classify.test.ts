import { expect } from 'chai';
import {
  eventsFromLog,
  eventsFromNetwork,
  eventsFromVital,
  eventsFromWebSocket,
} from '../../../../src/domain/streaming/classify.js';

const log = (overrides: Record<string, unknown>) =>
  ({ level: 'log', message: 'm', source: 'console', url: 'http://x/', ts: 1, ...overrides }) as never;
const net = (overrides: Record<string, unknown>) =>
  ({ url: 'http://x/api', method: 'GET', status: 200, duration_ms: 10, ts: 1, ...overrides }) as never;
const kinds = (events: Array<{ type: string; severity: string }>) => events.map((e) => `${e.type}/${e.severity}`);

describe('classifying captured entries into stream events (docs/streaming.md severities)', () => {
  it('uncaught exceptions and unhandled rejections are critical errors', () => {
    expect(kinds(eventsFromLog(log({ source: 'exception', level: 'error' })))).to.deep.equal(['error/critical']);
    expect(kinds(eventsFromLog(log({ source: 'unhandledrejection' })))).to.deep.equal(['error/critical']);
  });

  it('console.error is high, console.warn medium, other console levels are no event', () => {
    expect(kinds(eventsFromLog(log({ level: 'error' })))).to.deep.equal(['error/high']);
    expect(kinds(eventsFromLog(log({ level: 'warn' })))).to.deep.equal(['error/medium']);
    for (const level of ['log', 'info', 'debug']) expect(eventsFromLog(log({ level }))).to.deep.equal([]);
  });

  it('an audit violation is an accessibility_violation: critical/serious high, moderate medium, minor low (docs/extension.md)', () => {
    const violation = (impact: string) =>
      log({
        level: 'warn',
        source: 'audit',
        message: `accessibility: x (rule, ${impact})`,
        args: [{ accessibility_violation: { impact } }],
      });
    expect(
      ['critical', 'serious', 'moderate', 'minor', 'odd'].map((impact) => kinds(eventsFromLog(violation(impact)))[0]),
    ).to.deep.equal([
      'accessibility_violation/high',
      'accessibility_violation/high',
      'accessibility_violation/medium',
      'accessibility_violation/low',
      'accessibility_violation/low',
    ]);
  });

  it('a CSP or mixed-content report is a high security_violation', () => {
    expect(
      kinds(
        eventsFromLog(
          log({
            level: 'error',
            message: "Refused to load the script 'x' because it violates the following Content Security Policy directive",
          }),
        ),
      ),
    ).to.deep.equal(['security_violation/high']);
    const chrome = `Loading the image 'http://x/a.png' violates the following Content Security Policy directive: "img-src 'self'". The action has been blocked.`;
    expect(kinds(eventsFromLog(log({ level: 'error', message: chrome })))).to.deep.equal(['security_violation/high']);
    expect(kinds(eventsFromLog(log({ level: 'error', message: 'Mixed Content: The page was loaded over HTTPS' })))).to.deep.equal(
      ['security_violation/high'],
    );
  });

  it('HTTP 5xx and network errors are high failures, 4xx medium, slow successes low', () => {
    expect(kinds(eventsFromNetwork(net({ status: 503 })))).to.deep.equal(['network_failure/high']);
    expect(kinds(eventsFromNetwork(net({ status: 0, error: 'net::ERR_FAILED' })))).to.deep.equal(['network_failure/high']);
    expect(kinds(eventsFromNetwork(net({ status: 404 })))).to.deep.equal(['network_failure/medium']);
    expect(kinds(eventsFromNetwork(net({ duration_ms: 1_500 })))).to.deep.equal(['network_slow/low']);
    expect(eventsFromNetwork(net({ duration_ms: 20 }))).to.deep.equal([]);
  });

  it('describes a failure in its message', () => {
    expect(eventsFromNetwork(net({ status: 500, status_text: 'Internal Server Error', method: 'POST' }))[0]?.message).to.equal(
      'POST http://x/api → 500 Internal Server Error',
    );
    expect(eventsFromNetwork(net({ status: 0, error: 'net::ERR_CONNECTION_REFUSED' }))[0]?.message).to.equal(
      'GET http://x/api failed: net::ERR_CONNECTION_REFUSED',
    );
  });

  it('an abnormal WebSocket close or error is medium, a normal close low, messages no event', () => {
    const ws = (overrides: Record<string, unknown>) =>
      ({ connection_id: 'c', url: 'ws://x/', event: 'close', ts: 1, ...overrides }) as never;
    expect(kinds(eventsFromWebSocket(ws({ code: 1006 })))).to.deep.equal(['websocket_close/medium']);
    expect(kinds(eventsFromWebSocket(ws({ code: 1000 })))).to.deep.equal(['websocket_close/low']);
    expect(kinds(eventsFromWebSocket(ws({ event: 'error' })))).to.deep.equal(['websocket_close/medium']);
    expect(eventsFromWebSocket(ws({ event: 'message' }))).to.deep.equal([]);
  });

  it('a poor vital is a medium performance_degradation, needs-improvement low, good none', () => {
    const vital = (rating: string) => ({ name: 'LCP', value: 4_000, rating, url: 'http://x/', ts: 1 }) as never;
    expect(kinds(eventsFromVital(vital('poor')))).to.deep.equal(['performance_degradation/medium']);
    expect(kinds(eventsFromVital(vital('needs-improvement')))).to.deep.equal(['performance_degradation/low']);
    expect(eventsFromVital(vital('good'))).to.deep.equal([]);
  });
});
