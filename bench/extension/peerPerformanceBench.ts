// `observe performance` side by side with Chrome DevTools MCP's performance trace (docs/mcp-tools.md), on the
// same page of the same site: the built fixture shop (test/e2e/fixtures/app/perf.html: a 300 ms
// click handler in src/slow.ts, a lazy LCP image, a stylesheet answered after 800 ms, a late
// banner that pushes the product down).
// Ours: the page in a tracked tab, a person's click on the slow button (Playwright's trusted
// mouse), then one `observe performance`. Theirs: `navigate_page` to the page, then
// `performance_start_trace` with reload and autoStop (its documented way to get insights of a page
// load), and `performance_analyze_insight` for each insight it lists. The texts go to
// $OUT (default /tmp/browsertap-peer-performance) for the table in docs/benchmarks.md; the
// figures are the UTF-8 bytes of each tool result's text blocks (what the model reads).
//
// Run: node --import tsx bench/extension/peerPerformanceBench.ts  (build first)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFixtureApp } from '../../test/e2e/support/fixtureApp.js';
import { startPageSession } from '../../test/e2e/support/session.js';
import { eventually } from '../../test/e2e/support/stack.js';
import { startPeer } from './peerBench.js';

const OUT = process.env.OUT ?? '/tmp/browsertap-peer-performance';

interface Block {
  readonly type: string;
  readonly text?: string;
}
const textOf = (content: unknown) => (content as Block[]).map((block) => block.text ?? `[${block.type}]`).join('\n');
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const session = await startPageSession('/second.html', await buildFixtureApp());
  const peer = await startPeer();
  try {
    const url = session.site.url('/app/perf.html');
    const { agent, page, tabId } = session;
    await page.goto(url);
    await page.waitForFunction("document.getElementById('promo') !== null && document.getElementById('hero').complete");
    const box = await page.locator('#add-to-cart').boundingBox();
    if (box === null) throw new Error('no button');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    let ours = '';
    await eventually(
      async () => {
        const answer = await agent.call('observe', { what: 'performance', tab_id: tabId });
        ours = textOf(answer.raw.content);
        return answer.payload.pages?.[0]?.vitals?.INP?.scripts?.[0]?.at !== undefined;
      },
      20_000,
      () => `our answer never named the script: ${ours}`,
    );
    writeFileSync(join(OUT, 'ours.json'), ours);

    const callPeer = async (name: string, args: Record<string, unknown>) =>
      textOf((await peer.callTool({ name, arguments: { pageId: 1, ...args } }, undefined, { timeout: 120_000 })).content);
    await callPeer('navigate_page', { type: 'url', url });
    const trace = await callPeer('performance_start_trace', { reload: true, autoStop: true });
    writeFileSync(join(OUT, 'peer-trace.txt'), trace);
    const set = /insight set id: ?([\w-]+)/i.exec(trace)?.[1] ?? /insightSetId[^\w]+([\w-]+)/.exec(trace)?.[1];
    const names = [...new Set([...trace.matchAll(/insight name: ?(\w+)/gi)].map((m) => m[1] as string))];
    let analyzed = 0;
    for (const name of names) {
      const detail = await callPeer('performance_analyze_insight', { insightSetId: set ?? '', insightName: name });
      writeFileSync(join(OUT, `peer-${name}.txt`), detail);
      analyzed += bytes(detail);
    }
    console.log(
      JSON.stringify({
        oursBytes: bytes(ours),
        peerTraceBytes: bytes(trace),
        peerInsights: names,
        peerInsightDetailBytes: analyzed,
        insightSet: set,
        out: OUT,
      }),
    );
  } finally {
    await peer.close().catch(() => undefined);
    await session.stop();
  }
}

await main();
