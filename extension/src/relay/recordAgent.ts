import { MAX_PICKED_FILES, selectValue } from '../record/fields.js';
import type { Recorder } from '../record/Recorder.js';
import { fieldValue, recordedValue } from '../record/values.js';
import { type ActionWire, type AgentRecorder, REDACTED_VALUE } from '../shared/actions.js';
import type { DialogOrder } from '../shared/protocol.js';
import { KIND } from '../../../src/domain/wire/entries.js';

/** Scrolls this soon after browsertap acted are its own (its scrollIntoView lands a frame later), ms. */
export const AGENT_TAIL_MS = 300;
/** Longest a command is taken to act when it never says `end` (ms). */
export const MAX_ACTING_MS = 120_000;

export interface AgentActsPorts {
  readonly recorder: Recorder<Element>;
  /** Whether the frame records now. */
  recording(): boolean;
  /** Whether it records values (off: none, and no file names). */
  values(): boolean;
  /** Hears the person's notes now (they come before the agent's action). */
  hear(): void;
}

/** browsertap's own doing in this frame, which recording must tell from the person's. */
export interface AgentActs {
  /** The worker's word, or browsertap's page action in this isolated world: a command acts (`start`) or has ended (`end`). */
  acting(order: DialogOrder): void;
  /** Whether browsertap is acting now (its events are not the person's). */
  busy(): boolean;
  /** Whether `now` is in the tail after an action (its scroll lands a frame later). */
  quiet(now: number): boolean;
  /** The agent hook (RECORDER_SLOT): browsertap's page actions recorded as `by: "agent"`. */
  readonly hook: AgentRecorder;
}

/**
 * What browsertap does in the frame: told by the worker's own message or by browsertap's action
 * running in this isolated world (`acting`, bounded by MAX_ACTING_MS when it never ends), never
 * by an event the page could dispatch too; the agent hook records those actions as the agent's,
 * its target named before it acts and its value, files or scroll position read when it is done.
 */
export function agentActs({ recorder, recording, values, hear }: AgentActsPorts): AgentActs {
  let acting = 0;
  let actingUntil = 0;
  let agentDepth = 0;
  let quietUntil = 0;

  const hook: AgentRecorder = {
    agent(type, correlationId, element, detail = {}) {
      if (!recording()) return () => undefined;
      hear(); // the person's notes come first
      agentDepth++;
      const done = recorder.agent(type, correlationId, element, {}, detail.to);
      let ended = false;
      return (ok, late = {}) => {
        if (ended) return;
        ended = true;
        agentDepth--;
        quietUntil = Date.now() + AGENT_TAIL_MS;
        if (!ok) return;
        const all = { ...detail, ...late };
        const withValues = values();
        const extra: Partial<ActionWire> = {};
        if (all.key !== undefined) extra.key = all.key;
        if (all.files !== undefined)
          extra.files = all.files
            .slice(0, MAX_PICKED_FILES)
            .map((file) => ({ ...file, name: withValues ? file.name : REDACTED_VALUE }));
        if (type === KIND.fill && element !== undefined)
          Object.assign(extra, recordedValue(element, fieldValue(element), withValues));
        if (type === KIND.select && element?.nodeName === 'SELECT')
          Object.assign(extra, recordedValue(element, selectValue(element as HTMLSelectElement), withValues));
        // A page scroll ends at a position; an element scrolled into view is named by its locator.
        if (type === KIND.scroll && element === undefined)
          Object.assign(extra, { x: Math.round(scrollX), y: Math.round(scrollY) });
        done(extra);
      };
    },
  };

  return {
    acting(order) {
      const now = Date.now();
      if (order.acting === 'start') {
        if (now > actingUntil) acting = 0;
        acting++;
        const forMs = typeof order.for_ms === 'number' && order.for_ms >= 0 ? Math.min(order.for_ms, MAX_ACTING_MS) : 0;
        actingUntil = Math.max(actingUntil, now + forMs);
      } else if (order.acting === 'end') {
        acting = Math.max(0, acting - 1);
        quietUntil = now + AGENT_TAIL_MS;
      }
    },
    busy: () => agentDepth > 0 || (acting > 0 && Date.now() <= actingUntil),
    quiet: (now) => now < quietUntil,
    hook,
  };
}
