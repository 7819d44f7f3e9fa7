import { replay } from '../replay.js';
import type { FamilyHandlers } from './WorkerHandler.js';

/** The daemon's steps of a replay (worker/replay.ts), each run as the command it names, in the tab the first acts in. */
export const REPLAYS: FamilyHandlers<'replays'> = {
  replay: async (tools) =>
    replay(tools.params, tools.deadline, {
      run: (type, own) => tools.runStep(type, own),
      url: async () => {
        const tabId = tools.actedIn();
        return tabId === undefined ? undefined : (await chrome.tabs.get(tabId).catch(() => undefined))?.url;
      },
      now: Date.now,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }),
};
