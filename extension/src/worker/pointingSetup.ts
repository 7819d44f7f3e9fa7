import { COMPONENT_FILE } from '../shared/components.js';
import { PICK_PORT, PICK_SLOT, type PickStart } from '../shared/pick.js';
import { componentsInSource } from './componentsInSource.js';
import type { Forwarder } from './Forwarder.js';
import { PersonPointing, pickPort } from './personPointing.js';
import { Pointing } from './Pointing.js';
import { captureBox } from './screenshot.js';
import type { SourceMaps } from './SourceMaps.js';
import type { TabScope } from './TabScope.js';

/** The pointings going on (Pointing.ts), on real tabs: the overlay and the component reader are injected only now, never before. */
export function chromePointing(sourceMaps: SourceMaps): Pointing {
  return new Pointing({
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
    now: Date.now,
    randomId: () => crypto.randomUUID(),
    inject: async (tabId: number, start: PickStart) => {
      // The component reader in every frame's MAIN world (a frame that refuses leaves its components unknown).
      await chrome.scripting
        .executeScript({
          target: { tabId, allFrames: true },
          world: 'MAIN',
          files: [COMPONENT_FILE],
          injectImmediately: true,
        })
        .catch(() => undefined);
      await chrome.scripting.executeScript({ target: { tabId }, world: 'ISOLATED', files: ['pick.js'], injectImmediately: true });
      await chrome.scripting.executeScript({
        target: { tabId },
        world: 'ISOLATED',
        func: (slot: string, order: PickStart) =>
          (globalThis as unknown as Record<symbol, (order: PickStart) => void>)[Symbol.for(slot)]?.(order),
        args: [PICK_SLOT, start],
        injectImmediately: true,
      });
    },
    capture: async (tabId, box, viewport) => captureBox(await chrome.tabs.get(tabId), box, viewport),
    inSource: async (tabId, answer, pageUrl, frameUrl) => {
      const frameId = frameUrl === undefined ? 0 : await frameIdOf(tabId, frameUrl);
      return componentsInSource(answer, pageUrl, (url, line, column) => sourceMaps.position(tabId, url, line, column, frameId));
    },
  });
}

/**
 * The frame of `tabId` whose document is at `url` (a same-origin child frame the person picked
 * in): its source maps are the ones its scripts were served with. The top frame when none is.
 */
async function frameIdOf(tabId: number, url: string): Promise<number> {
  const found = await chrome.scripting
    .executeScript({ target: { tabId, allFrames: true }, func: () => location.href, injectImmediately: true })
    .catch(() => []);
  return found.find((frame) => frame.result === url)?.frameId ?? 0;
}

/**
 * The person starts pointing themselves: the shortcut, the context menu, the popup's button; the
 * pick script of a tab's top frame connects back (pick/pickScript.ts). Listens at the worker's start.
 */
export function personPointing(scope: TabScope, pointing: Pointing, forwarder: Forwarder): PersonPointing {
  const person = new PersonPointing(scope, pointing, (pick) => forwarder.add('picks', pick, true));
  chrome.runtime.onConnect.addListener((port) => {
    // The pick script of a tab's top frame (pick/pickScript.ts): only the extension's own scripts connect.
    if (port.name === PICK_PORT && port.sender?.id === chrome.runtime.id) pointing.connected(pickPort(port));
  });
  chrome.commands.onCommand.addListener((command, tab) => void person.command(command, tab?.id));
  chrome.contextMenus.onClicked.addListener((info, tab) => void person.menu(info.menuItemId, tab?.id));
  chrome.runtime.onInstalled.addListener(() => person.installMenu());
  return person;
}
