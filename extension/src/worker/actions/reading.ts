import { ACTIONS, type ActionsOf } from '../../../../src/domain/browserActions/table.js';
import { SLOT } from '../../shared/commands.js';
import { type FrameSnapshot, frameOf, spliceFrames } from '../frames.js';
import { success } from '../pageCall.js';
import { REPORT_MARGIN_MS } from '../withEffects.js';
import type { Violation, WorkerHandler } from './WorkerHandler.js';

/**
 * The reading family's worker side, where the page's reading is not all (inject/actions/reading.ts):
 * a snapshot with the tab's cross-origin frames in it, an audit with axe-core loaded and its
 * violations logged. The rest of the family runs as any page action does.
 */
export const READING: Readonly<Partial<Record<ActionsOf<'reading'>, WorkerHandler>>> = {
  snapshot: async (tools) => {
    const tab = await tools.pageTab();
    const { frameId, params: own } = frameOf(tools.params);
    const budget = tools.deadline - Date.now() - REPORT_MARGIN_MS;
    return tools.actIn(tab, async () => {
      const taken = success(
        await tools.callInPage(tab, 'ISOLATED', SLOT.dom, 'dom-actions.js', [tools.query.type, own, budget], frameId, tools.once),
      );
      const data = (await withFrames(tab.id as number, taken.data as SnapshotData, own)) as SnapshotData;
      // A snapshot taken inside a cross-origin frame names that frame in its refs.
      const snapshot = frameId === 0 ? data.snapshot : data.snapshot.replaceAll('[ref=e', `[ref=f${frameId}e`);
      return { success: true, data: { ...data, snapshot } };
    });
  },
  audit: async (tools) => {
    const tab = await tools.pageTab();
    const { frameId, params: own } = frameOf(tools.params);
    const budget = tools.deadline - Date.now() - REPORT_MARGIN_MS;
    return tools.actIn(tab, async () => {
      const run = () => tools.callInPage(tab, 'ISOLATED', SLOT.dom, 'dom-actions.js', [tools.query.type, own, budget], frameId);
      let outcome = await run();
      if (!outcome.ok && outcome.code === 'axe_missing') {
        const target = frameId === 0 ? { tabId: tab.id as number } : { tabId: tab.id as number, frameIds: [frameId] };
        await chrome.scripting.executeScript({ target, world: 'ISOLATED', files: ['axe.js'], injectImmediately: true });
        outcome = await run();
      }
      const result = success(outcome);
      const data = result.data as { url: string; violations: Violation[] };
      tools.page.audited(tab.id as number, data.url, data.violations);
      return result;
    });
  },
};

interface SnapshotData {
  snapshot: string;
  frames?: ReadonlyArray<{ ref: string; src: string }>;
}

/**
 * A snapshot with its cross-origin frames filled in (docs/mcp-tools.md): the top document's snapshot shows
 * each as one line; the frames' own snapshots, taken in every frame at once, go under them
 * (frames.ts). A frame that cannot be scripted keeps its line.
 */
async function withFrames(tabId: number, taken: SnapshotData, params: Readonly<Record<string, unknown>>): Promise<unknown> {
  const { frames, ...data } = taken;
  if (frames === undefined || frames.length === 0) return data;
  const target = { tabId, allFrames: true };
  let found: FrameSnapshot[] = [];
  try {
    await chrome.scripting.executeScript({ target, world: 'ISOLATED', files: ['dom-actions.js'], injectImmediately: true });
    const results = await chrome.scripting.executeScript({
      target,
      world: 'ISOLATED',
      func: frameSnapshot,
      args: [SLOT.dom, ACTIONS.snapshot.name, typeof params.max_depth === 'number' ? params.max_depth : null],
      injectImmediately: true,
    });
    found = results
      .filter((r) => r.frameId !== 0 && r.result !== null && typeof r.result === 'object')
      .map((r) => ({ frameId: r.frameId, ...(r.result as Omit<FrameSnapshot, 'frameId'>) }));
  } catch (error) {
    // A frame refused: the frames stay one line each, and the answer says why.
    return { ...data, note: `cross-origin frames are not shown: ${(error as Error).message ?? String(error)}` };
  }
  return { ...data, snapshot: spliceFrames(data.snapshot, frames, found) };
}

/** Runs in every frame (serialised by executeScript): that frame's own snapshot, or null. */
async function frameSnapshot(slot: string, action: string, maxDepth: number | null): Promise<unknown> {
  const helper = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(slot)];
  if (typeof helper !== 'function') return null;
  const outcome = (await (helper as (...a: unknown[]) => Promise<{ ok: boolean; data?: Record<string, unknown> }>)(
    action,
    maxDepth === null ? {} : { max_depth: maxDepth },
    2_000,
  )) as { ok: boolean; data?: { snapshot: string; frames?: unknown } };
  if (!outcome.ok || outcome.data === undefined) return null;
  return { url: location.href, snapshot: outcome.data.snapshot, ...(outcome.data.frames ? { frames: outcome.data.frames } : {}) };
}
