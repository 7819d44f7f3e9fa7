import { expect } from 'chai';
import fc from 'fast-check';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { isPlainMessage } from '../../../../../src/adapters/inbound/mcp/plainMessage.js';

/** A value as a POST body gives it: JSON text parsed (so an own `__proto__` key stays a key). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

const key = fc.constantFrom('name', 'arguments', '_meta', '__proto__', 'cursor', 'requestId', 'progressToken');
const object = fc.dictionary(fc.oneof(key, fc.string({ maxLength: 4 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
const id = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.constantFrom(0, -0, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 1.5, 1e21, null, true),
  fc.jsonValue({ maxDepth: 1 }),
);
/** Messages near JSON-RPC: every key may be missing, right or wrong, and more may be there. */
const nearMessage = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constantFrom('1.0', 2, '2.0 ', null)),
    id,
    method: fc.oneof(fc.constantFrom('tools/call', 'ping', 'notifications/cancelled', ''), fc.jsonValue({ maxDepth: 1 })),
    params: fc.oneof(object, fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }), fc.jsonValue({ maxDepth: 1 })),
    result: fc.oneof(object, fc.jsonValue({ maxDepth: 1 })),
    error: fc.oneof(fc.record({ code: fc.integer(), message: fc.string() }), fc.jsonValue({ maxDepth: 1 })),
    __proto__: fc.jsonValue({ maxDepth: 1 }),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);
/** Requests near plain ones: mostly the right keys, `params` often with a `_meta` right or wrong. */
const meta = fc.oneof(
  fc.record({ progressToken: id, 'io.modelcontextprotocol/related-task': object }, { requiredKeys: [] }),
  fc.jsonValue({ maxDepth: 1 }),
);
const nearRequest = fc.record(
  {
    jsonrpc: fc.oneof({ arbitrary: fc.constant('2.0'), weight: 5 }, { arbitrary: fc.jsonValue({ maxDepth: 0 }), weight: 1 }),
    id,
    method: fc.oneof(
      { arbitrary: fc.string({ maxLength: 4 }), weight: 5 },
      { arbitrary: fc.jsonValue({ maxDepth: 0 }), weight: 1 },
    ),
    params: fc.oneof(
      { arbitrary: fc.record({ _meta: meta, name: fc.string(), arguments: object }, { requiredKeys: [] }), weight: 3 },
      { arbitrary: object, weight: 2 },
      { arbitrary: fc.jsonValue({ maxDepth: 1 }), weight: 1 },
    ),
  },
  { requiredKeys: ['jsonrpc', 'method'] },
);
/** Plain requests and notifications as clients send them. */
const plainMessage = fc.record(
  {
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(fc.string({ maxLength: 8 }), fc.maxSafeInteger(), fc.constant(0)),
    method: fc.string({ maxLength: 12 }),
    params: fc.dictionary(
      fc.string({ maxLength: 6 }).filter((k) => k !== '_meta' && k !== '__proto__'),
      fc.jsonValue(),
    ),
  },
  { requiredKeys: ['jsonrpc', 'method'] },
);

describe('isPlainMessage (JSON-RPC requests taken without the SDK’s schema)', () => {
  it('takes nothing the SDK’s JSONRPCMessageSchema refuses, so every refusal stays the SDK’s', () => {
    fc.assert(
      fc.property(fc.oneof(nearMessage, nearRequest, fc.jsonValue()), (raw) => {
        const value = asJson(raw);
        const schema = JSONRPCMessageSchema.safeParse(value).success;
        // The transport's decision: taken by hand, else the schema's.
        expect(isPlainMessage(value) || schema).to.equal(schema);
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes what the schema would only copy: its parse of a plain message is the message itself', () => {
    fc.assert(
      fc.property(fc.oneof(nearMessage, nearRequest, plainMessage), (raw) => {
        const value = asJson(raw);
        if (!isPlainMessage(value)) return;
        expect(JSONRPCMessageSchema.parse(value)).to.deep.equal(value);
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes every plain request and notification a client sends', () => {
    fc.assert(
      fc.property(plainMessage, (raw) => {
        expect(isPlainMessage(asJson(raw))).to.equal(true);
      }),
    );
  });

  for (const [what, value] of [
    ['an id past 2^53', { jsonrpc: '2.0', id: 2 ** 53, method: 'ping' }],
    ['a fractional id', { jsonrpc: '2.0', id: 0.5, method: 'ping' }],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }],
    ['params with _meta', { jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { progressToken: 1 } } }],
    ['params an array', { jsonrpc: '2.0', id: 1, method: 'ping', params: [] }],
    ['a response', { jsonrpc: '2.0', id: 1, result: {} }],
    ['an unknown key', { jsonrpc: '2.0', id: 1, method: 'ping', extra: 1 }],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'ping' }],
  ] as const) {
    it(`leaves ${what} to the schema`, () => expect(isPlainMessage(asJson(value))).to.equal(false));
  }

  it('leaves params with an own __proto__ to the schema', () => {
    expect(isPlainMessage(JSON.parse('{"jsonrpc":"2.0","id":1,"method":"x","params":{"__proto__":{}}}'))).to.equal(false);
  });
});
