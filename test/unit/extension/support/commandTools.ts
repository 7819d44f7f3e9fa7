import type { CommandTools, Done, PageHooks } from '../../../../extension/src/worker/actions/WorkerHandler.js';
import type { OpenDialogs } from '../../../../extension/src/worker/OpenDialogs.js';
import type { TabScope } from '../../../../extension/src/worker/TabScope.js';
import type { Query } from '../../../../extension/src/shared/commands.js';

/** What a handler did through its tools, in order. */
export type ToolLog = string[];

/**
 * The tools of one command's run (worker/actions/WorkerHandler.ts) for a handler under test: its
 * tab is `tabId` (from `chrome.tabs.get`, so a fake chrome's), work runs at once, and each use of
 * a tool is logged. `overrides` replace any of them.
 */
export function commandTools(
  query: Partial<Query> & { type: string },
  overrides: Partial<CommandTools> = {},
  tabId = 1,
): { tools: CommandTools; log: ToolLog } {
  const log: ToolLog = [];
  let acted: number | undefined;
  const full: Query = { id: 'q-1', correlation_id: 'corr-1-00000000', params: {}, ...query };
  const page: PageHooks = {
    order: async (id, order) => (log.push(`order ${id} ${JSON.stringify(order)}`), true),
    drain: async (id) => void log.push(`drain ${id}`),
    audited: (id, url, violations) => void log.push(`audited ${id} ${url} ${violations.length}`),
  };
  const scope = {
    track: async (id: number, url: string) => void log.push(`track ${id} ${url}`),
    registerOrigin: async (url: string) => void log.push(`registerOrigin ${url}`),
  } as unknown as TabScope;
  const dialogs = { said: () => undefined, blocking: async () => undefined } as unknown as OpenDialogs;
  const tools: CommandTools = {
    query: full,
    params: full.params,
    deadline: Date.now() + 5_000,
    signal: new AbortController().signal,
    once: full.correlation_id,
    scope,
    page,
    dialogs,
    pointing: undefined,
    target: async (allowBlank) => (log.push(`target ${allowBlank}`), (acted = tabId), chrome.tabs.get(tabId)),
    pageTab: async () => (log.push('pageTab'), (acted = tabId), chrome.tabs.get(tabId)),
    actIn: async (tab, work) => {
      try {
        return await work();
      } finally {
        log.push(`drain ${tab.id}`);
      }
    },
    withEffects: async (id: number, work: (since: number) => Promise<Done>, loads?: boolean) => {
      log.push(`withEffects ${id}${loads === true ? ' loads' : ''}`);
      return work(Date.now());
    },
    callInPage: async (_tab, world, _slot, file, args) => (
      log.push(`callInPage ${world} ${file} ${JSON.stringify(args)}`),
      { ok: true, data: { called: args[0] } }
    ),
    enter: async (id) => void (log.push(`enter ${id}`), (acted = id)),
    actedIn: () => acted,
    leftTab: () => void (log.push('leftTab'), (acted = undefined)),
    runStep: async (type, params) => (log.push(`step ${type} ${JSON.stringify(params)}`), { success: true, data: {} }),
    ...overrides,
  };
  return { tools, log };
}
