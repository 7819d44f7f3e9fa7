import { PING_MESSAGE } from '../shared/protocol.js';
import type { DialogPorts } from './OpenDialogs.js';

/** `OpenDialogs`' ports on Chrome: the frame's relay answers a ping unless a dialog blocks it. */
export const chromeDialogPorts: DialogPorts = {
  answers: async (tabId, frameId, ms) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const answered = chrome.tabs.sendMessage(tabId, { type: PING_MESSAGE }, { frameId }).then(
      () => true,
      () => true, // no relay there, or no frame: nothing of ours waits in it
    );
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  },
  url: async (tabId) => (await chrome.tabs.get(tabId).catch(() => undefined))?.url,
  navigate: async (tabId, url) => {
    await chrome.tabs.update(tabId, { url });
  },
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
