import { expect } from 'chai';
import fc from 'fast-check';
import { z } from 'zod';
import { CallToolRequestSchema, CallToolResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { documented } from '../../../../../src/adapters/inbound/mcp/args.js';
import { anyObjectKeys, sdkArguments, sdkResult } from '../../../../../src/adapters/inbound/mcp/sdkToolShapes.js';

/** A tool schema as browsertap's are made (observeTool.ts): loose, every property documented only. */
const schema = z.looseObject({ what: documented('string'), id: documented('string'), limit: documented('integer') });
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');
const key = fc.oneof(fc.constantFrom('what', 'id', 'limit', '__proto__', 'zz', 'aa'), fc.string({ maxLength: 3 }));
const args = fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 });

/** Both sides as JSON text, which keeps key order (deep.equal does not look at it). */
const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).to.equal(JSON.stringify(b));

describe('sdkToolShapes (a tools/call as the SDK hands it over and sends it back)', () => {
  it('reads the property names of a schema that takes any object, and of no other', () => {
    expect(anyObjectKeys(schema)).to.deep.equal(['what', 'id', 'limit']);
    expect(anyObjectKeys(z.object({ what: documented('string') }))).to.equal(undefined);
    expect(anyObjectKeys(z.looseObject({ what: z.string().optional() }))).to.equal(undefined);
    expect(anyObjectKeys(undefined)).to.equal(undefined);
  });

  it('hands the tool the arguments the SDK’s parses make: same keys, same order, same values', () => {
    fc.assert(
      fc.property(args, (raw) => {
        const sent = asJson(raw) as Record<string, unknown>;
        const request = CallToolRequestSchema.parse({ method: 'tools/call', params: { name: 't', arguments: sent } });
        const viaSdk = schema.parse(request.params.arguments ?? {});
        const mine = sdkArguments(sent, anyObjectKeys(schema)!);
        same(mine, viaSdk);
        // An own `__proto__` sent must not become the prototype (whose keys the tool would read).
        expect(Object.getPrototypeOf(mine)).to.equal(Object.prototype);
      }),
      { numRuns: 2_000 },
    );
  });

  const block = fc.oneof(
    fc.record({ type: fc.constant('text'), text: fc.string() }),
    fc.record({ text: fc.string(), type: fc.constant('text') }),
    fc.record({ type: fc.constantFrom('image', 'text'), data: fc.base64String(), mimeType: fc.constant('image/png') }),
    fc.record(
      { type: fc.constant('text'), text: fc.jsonValue({ maxDepth: 0 }), annotations: fc.jsonValue() },
      { requiredKeys: ['type'] },
    ),
  );
  const result = fc.record(
    {
      isError: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 0 })),
      content: fc.oneof({ arbitrary: fc.array(block, { maxLength: 3 }), weight: 4 }, { arbitrary: fc.jsonValue(), weight: 1 }),
      structuredContent: fc.oneof(fc.dictionary(key, fc.jsonValue({ maxDepth: 1 })), fc.jsonValue({ maxDepth: 1 })),
      _meta: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 0 })),
      extra: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  );

  it('sends a result as the SDK’s two result checks leave it, or refuses it with their error', () => {
    fc.assert(
      fc.property(result, (raw) => {
        const value = asJson(raw);
        const first = CallToolResultSchema.safeParse(value);
        if (!first.success) {
          expect(() => sdkResult(value)).to.throw(McpError, `Invalid tools/call result: ${first.error.message}`);
          return;
        }
        same(sdkResult(value), CallToolResultSchema.parse(first.data));
      }),
      { numRuns: 3_000 },
    );
  });

  it('keeps a text result’s structuredContent itself (its JSON text is known), not a copy', () => {
    const structuredContent = { a: 1 };
    const sent = sdkResult({ content: [{ type: 'text', text: '{"a":1}' }], structuredContent }) as Record<string, unknown>;
    expect(sent.structuredContent).to.equal(structuredContent);
  });
});
