import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { MAX_STORED_BYTES, MAX_STORED_KEYS } from '../../../src/domain/state/storeRules.js';
import { logEntry, payload, startHarness, type Harness } from '../../support/daemonHarness.js';
import { entriesOf } from '../../support/listEntries.js';

const BUDGET = 60_000;
const textBytes = (result: unknown) =>
  Buffer.byteLength(((result as CallToolResult).content[0] as { text: string }).text, 'utf8');

/** docs/mcp-tools.md budgets (UTF-8 bytes of the text block, 60 000 per result), paginated lists, store limits, logged failures. */
describe('result budgets, pagination and store limits (docs/mcp-tools.md, docs/security.md)', function () {
  this.timeout(30_000);
  let h: Harness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

  /** Reads every page of a paged answer, each within the budget; the items `pick` takes from each. */
  const allPages = async <T>(name: string, args: Record<string, unknown>, pick: (answer: any) => T[]): Promise<T[]> => {
    const items: T[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const result = await call(name, { ...args, ...(cursor === undefined ? {} : { after_cursor: cursor }) });
      expect(textBytes(result)).to.be.at.most(BUDGET);
      const answer = payload(result);
      items.push(...pick(answer));
      cursor = answer.cursor;
      if (!answer.has_more) return items;
    }
    return expect.fail('more than 100 pages');
  };

  beforeEach(async () => {
    h = await startHarness({ captureLogs: true });
    client = await h.client();
  });
  afterEach(async () => h.stop());

  it('keeps every list result within 60 000 bytes of UTF-8, multi-byte text included (budgets counted characters)', async () => {
    const wide = '界'.repeat(2_700); // 8 100 bytes per message
    await h.extension().send(
      '/logs',
      Array.from({ length: 40 }, (_, i) => logEntry({ message: `${i} ${wide}`, stack: wide })),
    );
    const result = await call('observe', { what: 'logs', limit: 1000, detail: 'full' });
    expect(textBytes(result)).to.be.at.most(BUDGET);
    const page = payload(result);
    expect(page).to.include({ truncated: true, has_more: true });
    expect(page.count).to.be.above(0);
    // Compact: 200 characters of each message, all 40 in one answer; each entry gives back the rest.
    const compact = await call('observe', { what: 'logs', limit: 1000 });
    expect(textBytes(compact)).to.be.at.most(BUDGET);
    expect(payload(compact)).to.include({ count: 40, has_more: false });
    const full = await call('observe', { what: 'entry', id: entriesOf(payload(compact))[0].id });
    expect(textBytes(full)).to.be.at.most(BUDGET);
    expect(payload(full).message).to.equal(`0 ${wide}`);
  });

  it('returns an entry larger than a whole result cut and marked, so a cursor read moves on past it', async () => {
    const huge = '界'.repeat(8_192);
    await h.extension().send('/logs', [logEntry({ message: huge, stack: huge, args: [huge.slice(0, 2_700)] })]);
    const result = await call('observe', { what: 'logs', after_cursor: 0, detail: 'full' });
    expect(textBytes(result)).to.be.at.most(BUDGET);
    const [entry] = entriesOf(payload(result));
    expect(entry.truncated).to.equal(true);
    expect(entry.message.length).to.be.below(huge.length);
    const single = await call('observe', { what: 'entry', id: entry.id });
    expect(textBytes(single)).to.be.at.most(BUDGET);
    expect(payload(single)).to.include({ id: entry.id, truncated: true });
  });

  it('pages observe tabs within the budget: 100 tabs with 2 KB urls (was one 318 KB answer)', async () => {
    for (let tab = 1; tab <= 100; tab++) {
      await h.extension().page({
        tab_id: tab,
        url: `http://localhost:3000/${String(tab).padStart(3, '0')}/${'p'.repeat(2_000)}`,
        title: 't',
        event: 'load',
      });
    }
    const tabs = await allPages('observe', { what: 'tabs', limit: 100 }, (answer) => answer.tabs as Array<{ tab_id: number }>);
    expect(new Set(tabs.map((tab) => tab.tab_id)).size).to.equal(100);
  });

  it('pages list_keys within the budget: 1 000 keys of 128 characters (was one 1.31 MB answer)', async () => {
    const dir = join(h.stateDir, 'store');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < MAX_STORED_KEYS; i++)
      writeFileSync(join(dir, `${String(i).padStart(4, '0')}${'k'.repeat(124)}.json`), '1');
    const keys = await allPages('configure', { action: 'list_keys', limit: 1000 }, (answer) => answer.keys as string[]);
    expect(keys).to.have.length(MAX_STORED_KEYS);
    expect(new Set(keys).size).to.equal(MAX_STORED_KEYS);
  });

  it('refuses the 1 001st key with store_full and a value over 256 KB with value_too_large, naming the limits (there was no key limit)', async () => {
    const dir = join(h.stateDir, 'store');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < MAX_STORED_KEYS; i++) writeFileSync(join(dir, `k${i}.json`), '1');
    const full = payload(await call('configure', { action: 'store', key: 'one-more', data: 1 }));
    expect(full.error).to.equal('store_full');
    expect(full.message).to.contain(String(MAX_STORED_KEYS));
    expect(payload(await call('configure', { action: 'store', key: 'k1', data: 2 }))).to.include({ stored: true });
    const big = payload(await call('configure', { action: 'store', key: 'k2', data: 'x'.repeat(MAX_STORED_BYTES) }));
    expect(big.error).to.equal('value_too_large');
    expect(big.message).to.contain(String(MAX_STORED_BYTES));
  });

  it('deletes a key (there was no way to), and says when there was nothing to delete', async () => {
    await call('configure', { action: 'store', key: 'notes', data: { a: 1 } });
    expect(payload(await call('configure', { action: 'delete', key: 'notes' }))).to.deep.equal({ key: 'notes', deleted: true });
    expect(payload(await call('configure', { action: 'delete', key: 'notes' }))).to.deep.equal({ key: 'notes', deleted: false });
    expect(payload(await call('configure', { action: 'load', key: 'notes' })).error).to.equal('unknown_key');
  });

  it('loads a value too large for one result in pieces that join to exactly what was stored', async () => {
    const data = { text: '界'.repeat(60_000), list: Array.from({ length: 500 }, (_, i) => ({ i, s: `é${i}` })) };
    expect(payload(await call('configure', { action: 'store', key: 'big', data }))).to.include({ stored: true });
    let json = '';
    let offset: number | undefined;
    for (let pieces = 0; pieces < 50; pieces++) {
      const result = await call('configure', { action: 'load', key: 'big', ...(offset === undefined ? {} : { offset }) });
      expect(textBytes(result)).to.be.at.most(BUDGET);
      const piece = payload(result);
      expect(piece).to.include({ key: 'big', truncated: true });
      json += piece.json;
      offset = piece.next_offset;
      if (offset === undefined) break;
    }
    expect(JSON.parse(json)).to.deep.equal(data);
  });

  it('cuts a command result over the budget, saying how big it was', async () => {
    const queued = payload(await call('interact', { action: 'execute_js', script: 'return 1' }));
    const ext = h.extension();
    const [query] = await ext.poll();
    const posted = { success: true, data: '界'.repeat(40_000) };
    await ext.report(query!.correlation_id, 'complete', { result: posted });
    const result = await call('observe', { what: 'command_result', correlation_id: queued.correlation_id });
    expect(textBytes(result)).to.be.at.most(BUDGET);
    expect(payload(result).result).to.include({ truncated: true, bytes: Buffer.byteLength(JSON.stringify(posted)) });
  });

  it('keeps a snapshot of 2 000 names of quotes and control characters within 60 000 bytes in every copy: text blocks and structuredContent', async () => {
    // As the page writes names: quoted, with \" and \u0001 in them; JSON escapes each backslash again.
    const snapshot = Array.from({ length: 2_000 }, (_, i) => `- button "\\"\\\\${i}\\u0001\u0002\"" [ref=e${i}]`).join('\n');
    const queued = payload(await call('interact', { action: 'snapshot' }));
    const ext = h.extension();
    await ext.poll(0);
    await ext.report(queued.correlation_id, 'complete', {
      result: { success: true, data: { url: 'http://localhost:5173/', title: 'quotes', snapshot } },
    });
    const result = (await call('observe', { what: 'command_result', correlation_id: queued.correlation_id })) as CallToolResult;
    const blocks = result.content as Array<{ text: string }>;
    const text = blocks.reduce((sum, block) => sum + Buffer.byteLength(block.text, 'utf8'), 0);
    const structured = Buffer.byteLength(JSON.stringify(result.structuredContent), 'utf8');
    expect(text, 'text blocks').to.be.at.most(BUDGET);
    expect(structured, 'structuredContent').to.be.at.most(BUDGET);
    // Cut where the JSON copy meets the budget (less what is kept for alerts), not far below it.
    expect(structured).to.be.above(BUDGET - 2_000 - 200);
    expect(blocks[1]!.text.split('\n').at(-1)).to.match(/^- note: cut at \d+ bytes/);
    expect((result.structuredContent as any).result.data).to.include({ snapshot: blocks[1]!.text, truncated: true });
  });

  it('keeps a snapshot that fits as JSON whole, and cuts one that is a line longer', async () => {
    const ext = h.extension();
    const answer = async (snapshot: string) => {
      const queued = payload(await call('interact', { action: 'snapshot' }));
      await ext.poll(0);
      await ext.report(queued.correlation_id, 'complete', {
        result: { success: true, data: { url: 'http://localhost:5173/', title: 't', snapshot } },
      });
      return (await call('observe', { what: 'command_result', correlation_id: queued.correlation_id })) as CallToolResult;
    };
    // Find the longest snapshot of quoted lines that is sent whole: every copy holds it within the budget.
    const line = '- button "\\"" [ref=e1]';
    const lines = (n: number) => Array.from({ length: n }, () => line).join('\n');
    let whole = 0;
    for (let step = 4_096; step >= 1; step = Math.floor(step / 2)) {
      const result = await answer(lines(whole + step));
      if ((result.content[1] as { text: string }).text === lines(whole + step)) whole += step;
    }
    const fits = await answer(lines(whole));
    expect(Buffer.byteLength(JSON.stringify(fits.structuredContent))).to.be.at.most(BUDGET);
    const over = await answer(lines(whole + 1));
    expect((over.structuredContent as any).result.data.truncated).to.equal(true);
    expect(Buffer.byteLength(JSON.stringify(over.structuredContent))).to.be.at.most(BUDGET);
  });

  it('logs an internal_error with its stack (it said "see the daemon log" and logged nothing)', async () => {
    writeFileSync(join(h.stateDir, 'store'), 'a file where the store directory goes');
    const answer = payload(await call('configure', { action: 'store', key: 'k', data: 1 }));
    expect(answer.error).to.equal('internal_error');
    const logged = h.logs().find((line) => line.msg === 'a tool call failed unexpectedly');
    expect(String(logged?.error)).to.match(/Error: .*\n\s+at /);
  });
});
