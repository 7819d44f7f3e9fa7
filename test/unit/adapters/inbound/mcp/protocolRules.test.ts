import { expect } from 'chai';
import {
  batchesAllowed,
  batchRefusal,
  initializeInBatch,
  negotiatedVersion,
  primesStreams,
} from '../../../../../src/adapters/inbound/mcp/protocolRules.js';
import { parseEventId } from '../../../../../src/adapters/inbound/mcp/SseStream.js';

describe('MCP rules by protocol version', () => {
  it('allows batches up to 2025-03-26 and none from 2025-06-18 on', () => {
    expect(['2024-10-07', '2024-11-05', '2025-03-26'].map(batchesAllowed)).to.deep.equal([true, true, true]);
    expect(['2025-06-18', '2025-11-25', undefined].map(batchesAllowed)).to.deep.equal([false, false, false]);
  });

  it('primes SSE streams from 2025-11-25 on only (older clients fail on an event with empty data)', () => {
    expect(['2025-03-26', '2025-06-18', undefined].map(primesStreams)).to.deep.equal([false, false, false]);
    expect(primesStreams('2025-11-25')).to.equal(true);
  });

  it('negotiates the version asked for when spoken, else the newest', () => {
    expect(negotiatedVersion('2025-03-26')).to.equal('2025-03-26');
    expect(negotiatedVersion('1999-01-01')).to.equal('2025-11-25');
    expect(negotiatedVersion(42)).to.equal('2025-11-25');
  });

  it('says why a batch is refused, naming at most 40 characters of a version', () => {
    expect(batchRefusal('2025-06-18', 'line')).to.equal(
      'Invalid Request: JSON-RPC batches are not allowed in protocol version 2025-06-18; send one message per line',
    );
    expect(initializeInBatch('2025-03-26', 'POST')).to.contain('must not be part of a JSON-RPC batch');
    expect(initializeInBatch('nonsense', 'POST')).to.contain('not allowed in protocol version 2025-11-25');
    expect(batchRefusal('x'.repeat(10_000), 'POST').length).to.be.below(150);
  });
});

describe('parseEventId (a Last-Event-ID header is hostile input)', () => {
  it('reads the ids the daemon writes', () => {
    expect(parseEventId('0-12')).to.deep.equal({ stream: 0, event: 12 });
    expect(parseEventId('3-0')).to.deep.equal({ stream: 3, event: 0 });
  });

  it('ignores anything else, long input included, in linear time', () => {
    for (const text of [undefined, '', '3', '3-', '-3', 'a-1', '1-1-1', ' 1-1', '1-1\n', `${'1'.repeat(16)}-1`]) {
      expect(parseEventId(text), String(text)).to.equal(undefined);
    }
    // Microseconds when linear; a backtracking pattern takes minutes on this. The bound only
    // catches that, never a slow machine.
    const started = performance.now();
    expect(parseEventId(`${'1'.repeat(100_000)}-`)).to.equal(undefined);
    expect(performance.now() - started).to.be.below(2_000);
  });
});
