import { BUS } from '../shared/protocol.js';
import { hookConsole } from './hookConsole.js';
import { undoDialogFragment } from './dialogFragment.js';
import { hookDialogs } from './hookDialogs.js';
import { hookErrors } from './hookErrors.js';
import { hookBodyReaders, hookFetch } from './hookFetch.js';
import { hookPopups } from './hookPopups.js';
import { hookTimers } from './hookTimers.js';
import { hookWebSocket } from './hookWebSocket.js';
import { hookXhr } from './hookXhr.js';
import { Inflight } from './inflight.js';
import { PageBus } from './PageBus.js';
import { agentInput } from './PersonObserver.js';
import { Resources } from './resources.js';
import { trackPage } from './pageEvents.js';
import { observeVitals } from './vitals.js';
import { observePerformance } from './performance.js';

const INSTALLED = Symbol.for('browsertap.capture');

/**
 * Installs the page hooks once per document, however many times the script is injected (static
 * and per-origin registrations, re-injection): a marker on `window` guards it. Timers and the
 * event dispatch are captured now, so the page replacing them later changes nothing.
 */
export function install(): void {
  const global = window as unknown as Record<symbol, unknown>;
  if (global[INSTALLED] === true) return;
  Object.defineProperty(global, INSTALLED, { value: true, enumerable: false });

  const setTimer = window.setTimeout.bind(window);
  const dispatch = EventTarget.prototype.dispatchEvent;
  const now = Date.now;
  const ownMarker = ownScriptMarker();
  const bus = new PageBus(
    (json) => dispatch.call(document, new CustomEvent(BUS.batch, { detail: json })),
    { setTimeout: (fn, ms) => setTimer(fn, ms), now },
    () => location.href,
  );
  document.addEventListener(BUS.ready, () => {
    bus.markReady();
    dispatch.call(document, new CustomEvent(BUS.capturing));
  });
  document.addEventListener(BUS.flush, () => bus.flush());
  dispatch.call(document, new CustomEvent(BUS.hello));

  const resources = new Resources(bus);
  hookErrors(bus, now, resources);
  hookConsole(bus, ownMarker, now);
  const fragment = undoDialogFragment();
  const orderDialogs = hookDialogs(bus, ownMarker, now, {
    tell: (state) => {
      if (state.state === 'open') fragment.save();
      dispatch.call(document, new CustomEvent(BUS.dialogState, { detail: JSON.stringify(state) }));
    },
    later: (fn) => setTimer(fn, 0),
  });
  document.addEventListener(BUS.dialogs, (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string' || detail.length > 20_000) return;
    try {
      const order = JSON.parse(detail) as Parameters<typeof orderDialogs>[0];
      orderDialogs(order);
      agentInput.order(order);
    } catch {
      // not an order from the relay
    }
  });
  const inflight = new Inflight();
  document.addEventListener(BUS.inflight, (event) => {
    const since = Number((event as CustomEvent<unknown>).detail);
    if (!Number.isFinite(since)) return;
    dispatch.call(document, new CustomEvent(BUS.inflightCount, { detail: String(inflight.since(since)) }));
  });
  const timers = hookTimers(now);
  document.addEventListener(BUS.timers, (event) => {
    const since = Number((event as CustomEvent<unknown>).detail);
    if (!Number.isFinite(since)) return;
    const { pending, waited } = timers.look(since);
    dispatch.call(document, new CustomEvent(BUS.timersCount, { detail: `${pending} ${waited}` }));
  });
  hookPopups(bus, now);
  hookFetch(bus, now, inflight);
  hookBodyReaders();
  hookXhr(bus, now, inflight);
  hookWebSocket(bus, now);
  agentInput.listen(window);
  observeVitals(bus, now);
  observePerformance(bus, { setTimeout: (fn, ms) => setTimer(fn, ms), now });
  trackPage(bus);
  resources.observe();
  addEventListener('pagehide', () => bus.flush());
}

/**
 * The capture bundles end with `//# sourceURL=browsertap-capture….js` (scripts/build-extension.mjs):
 * Chrome does costly extra work for every console call made from a `chrome-extension://` script
 * (about 16 µs per call here, measured in bench/extension), and the name also tells a developer
 * reading a stack whose frames these are.
 */
const SOURCE_NAME = 'browsertap-capture';

/** What marks our own frames in a stack: the bundle's source name, else the extension's origin. */
function ownScriptMarker(): string {
  const lines = new Error().stack?.split('\n') ?? [];
  if (lines.some((l) => l.includes(SOURCE_NAME))) return SOURCE_NAME;
  const line = lines.find((l) => l.includes('chrome-extension://'));
  const match = line === undefined ? null : /chrome-extension:\/\/[a-p]{32}\//.exec(line);
  return match === null ? 'chrome-extension://' : match[0];
}
