import { AgentInput } from './AgentInput.js';

/** The agent's input in this page (install.ts feeds it; every PersonObserver consults it). */
export const agentInput = new AgentInput(() => performance.now());

/** Whether a person acting where the agent did would have had this entry: Chrome's rules for trusted input. */
function seenByPerson(entry: PerformanceEntry): boolean {
  if (entry.entryType === 'largest-contentful-paint') return agentInput.lcpCounts(entry.startTime);
  if (entry.entryType === 'layout-shift') return agentInput.shiftCounts(entry.startTime);
  return true;
}

function personList(list: PerformanceObserverEntryList): PerformanceObserverEntryList {
  return {
    getEntries: () => list.getEntries().filter(seenByPerson),
    getEntriesByType: (type) => list.getEntriesByType(type).filter(seenByPerson),
    getEntriesByName: (name, type) => list.getEntriesByName(name, type).filter(seenByPerson),
  };
}

/**
 * The `PerformanceObserver` the bundled web-vitals library gets in place of the page's
 * (scripts/build-extension.mjs swaps it in for that package only; the page's own observers are
 * untouched): it hands the library the page's entries as a person's input would have left them.
 * LCP candidates painted after browsertap's first click or key are not handed out (Chrome emits
 * none after a person's), and layout shifts within 500 ms after its input are not either (a
 * person's would carry `hadRecentInput`, which web-vitals skips). So LCP stays at its value as of
 * the agent's first input, and CLS's session windows are made of the shifts a person would have
 * been counted for — the library's own computation, fed what Chrome would have fed it.
 */
export class PersonObserver extends PerformanceObserver {
  constructor(callback: PerformanceObserverCallback) {
    super((list, observer) => callback(personList(list), observer));
  }

  override takeRecords(): PerformanceEntryList {
    return super.takeRecords().filter(seenByPerson);
  }
}
