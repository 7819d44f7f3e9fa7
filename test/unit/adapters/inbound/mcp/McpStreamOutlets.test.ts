import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { StreamMessage } from '../../../../../src/application/ports/StreamOutletPort.js';
import { MAX_HELD, McpStreamOutlets } from '../../../../../src/adapters/inbound/mcp/McpStreamOutlets.js';

/** Enough of a ServerResponse: close/drain events and the backpressure flag. */
class FakeStream extends EventEmitter {
  writableNeedDrain = false;
}

const message = (n: number): StreamMessage => ({ level: 'error', data: { event_type: 'error', message: `m${n}` } });

describe('McpStreamOutlets', () => {
  let sent: StreamMessage[];
  let outlets: McpStreamOutlets;

  beforeEach(() => {
    sent = [];
    outlets = new McpStreamOutlets();
    outlets.open('c', async (m) => {
      sent.push(m);
    });
  });

  const types = () => sent.map((m) => (m.data.event_type === 'error' ? m.data.message : m.data.event_type));

  it('holds notifications until the session’s stream attaches, then sends them in order', () => {
    outlets.deliver('c', message(1));
    outlets.deliver('c', message(2));
    expect(sent).to.deep.equal([]);
    expect(outlets.state('c')).to.deep.equal({ attached: false, paused: false, held: 2, dropped: 0 });
    outlets.attach('c', new FakeStream() as unknown as ServerResponse);
    expect(types()).to.deep.equal(['m1', 'm2']);
  });

  it('holds at most 100, drops the oldest, and says so when it flushes', () => {
    for (let i = 0; i < MAX_HELD + 3; i++) outlets.deliver('c', message(i));
    expect(outlets.state('c')).to.include({ held: MAX_HELD, dropped: 3 });
    outlets.attach('c', new FakeStream() as unknown as ServerResponse);
    expect(types()[0]).to.equal('buffer_full');
    expect(sent[0]?.data.dropped).to.equal(3);
    expect(types()[1]).to.equal('m3');
  });

  it('pauses with streaming_paused while the stream is backed up, and resumes on drain', () => {
    const stream = new FakeStream();
    outlets.attach('c', stream as unknown as ServerResponse);
    outlets.deliver('c', message(1));
    stream.writableNeedDrain = true;
    outlets.deliver('c', message(2));
    outlets.deliver('c', message(3));
    expect(types()).to.deep.equal(['m1', 'streaming_paused']);
    expect(outlets.state('c')).to.include({ paused: true, held: 2 });
    stream.writableNeedDrain = false;
    stream.emit('drain');
    expect(types()).to.deep.equal(['m1', 'streaming_paused', 'm2', 'm3']);
    expect(outlets.state('c').paused).to.equal(false);
  });

  it('holds again once the stream closes', () => {
    const stream = new FakeStream();
    outlets.attach('c', stream as unknown as ServerResponse);
    stream.emit('close');
    outlets.deliver('c', message(1));
    expect(outlets.state('c')).to.include({ attached: false, held: 1 });
  });

  it('forgets a closed session and ignores unknown clients', () => {
    outlets.deliver('c', message(1));
    outlets.close('c');
    outlets.deliver('c', message(2));
    outlets.deliver('nobody', message(3));
    expect(outlets.state('c')).to.deep.equal({ attached: false, paused: false, held: 0, dropped: 0 });
  });
});
