import { expect } from 'chai';
import fc from 'fast-check';
import { MAX_SCAN_DEPTH, scanMessage, type TopLevel } from '../../../../../src/adapters/inbound/mcp/bridge/scanMessage.js';

/** What `scanMessage` must say of `text`, read with `JSON.parse`. */
function oracle(text: string): TopLevel | undefined {
  if (/[\n\r]/.test(text)) return undefined; // one line, as stdio framing needs
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return undefined;
  const hasId = Object.hasOwn(m, 'id');
  const id = m.id;
  if (hasId && !(id === null || typeof id === 'string' || typeof id === 'number')) return undefined;
  return { hasId, id: hasId ? (id as string | number | null) : null, hasMethod: Object.hasOwn(m, 'method') };
}

const scan = (text: string) => {
  const bytes = Buffer.from(`xx${text}yy`, 'utf8');
  return scanMessage(bytes, 2, bytes.length - 2);
};

const text = fc.string({ unit: 'binary' });
const member = fc.oneof(
  fc.constant(['jsonrpc', '2.0'] as const),
  fc.tuple(fc.constantFrom('id', 'method', 'jsonrpc', 'result', 'error', 'params'), fc.jsonValue()),
  fc.tuple(text, fc.jsonValue()),
);
/** A message's JSON text: members in any order, duplicates allowed, as any writer might space it. */
const messageText = fc
  .tuple(fc.array(member, { maxLength: 6 }), fc.constantFrom('', ' ', '\t', '  '))
  .map(
    ([members, gap]) =>
      `{${gap}${members.map(([k, v]) => `${JSON.stringify(k)}${gap}:${gap}${JSON.stringify(v)}`).join(`${gap},${gap}`)}${gap}}`,
  );
/** The same with one character changed, dropped or added somewhere. */
const damaged = fc
  .tuple(
    messageText,
    fc.nat(),
    fc.constantFrom('', '"', '\\', '{', '}', '[', ']', ',', ':', '0', '-', 'e', '.', 'n', ' ', '\n', '\u0001'),
  )
  .map(([s, at, c]) => {
    const i = at % (s.length + 1);
    return s.slice(0, i) + c + s.slice(i + (at % 2));
  });

describe('scanMessage (the bridge reads a daemon answer’s top level without parsing it)', () => {
  it('reads what JSON.parse reads of any message: its id, whether it has a method', () => {
    fc.assert(
      fc.property(messageText, (s) => {
        expect(scan(s)).to.deep.equal(oracle(s));
      }),
      { numRuns: 2_000 },
    );
  });

  it('passes nothing on that JSON.parse would refuse or that spans lines, however it is damaged', () => {
    fc.assert(
      fc.property(damaged, (s) => {
        expect(scan(s)).to.deep.equal(oracle(s));
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes the last of duplicate members, as JSON.parse does', () => {
    expect(scan('{"jsonrpc":"2.0","id":1,"id":"b"}')).to.deep.equal({ hasId: true, id: 'b', hasMethod: false });
    expect(scan('{"jsonrpc":"2.0","jsonrpc":"1.0","id":1}')).to.equal(undefined);
  });

  it('reads escaped keys and ids as their values', () => {
    expect(scan('{"jsonrpc":"2.0","\\u0069d":"\\u00e9\\n","result":{}}')).to.deep.equal({
      hasId: true,
      id: 'é\n',
      hasMethod: false,
    });
  });

  it('leaves to JSON.parse an id it cannot pass on, and nesting past its depth', () => {
    expect(scan('{"jsonrpc":"2.0","id":true,"result":1}')).to.equal(undefined);
    expect(scan('{"jsonrpc":"2.0","id":{"a":1},"result":1}')).to.equal(undefined);
    const deep = (n: number) => `{"jsonrpc":"2.0","id":1,"result":${'['.repeat(n)}${']'.repeat(n)}}`;
    expect(scan(deep(MAX_SCAN_DEPTH - 1))).to.deep.equal({ hasId: true, id: 1, hasMethod: false });
    expect(scan(deep(MAX_SCAN_DEPTH))).to.equal(undefined);
  });

  it('never reads past the end it is given', () => {
    const bytes = Buffer.from('{"jsonrpc":"2.0","id":12}', 'utf8');
    expect(scanMessage(bytes, 0, bytes.length - 2)).to.equal(undefined);
    expect(scanMessage(Buffer.from('{"jsonrpc":"2.0","id":1}5'), 0, 24)).to.deep.equal({ hasId: true, id: 1, hasMethod: false });
  });
});
