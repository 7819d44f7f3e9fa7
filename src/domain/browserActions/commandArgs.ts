import { DEFAULT_LIFECYCLE_RULES } from '../command/LifecycleRules.js';
import { optional } from './args.js';

/** Longest an agent's call waits for its command's result inline (`wait_ms`, ms). */
export const MAX_INLINE_WAIT_MS = 15_000;

const { defaultExecutionLimitMs, maxExecutionLimitMs, pickMaxLimitMs } = DEFAULT_LIFECYCLE_RULES;

/**
 * What every `interact` call takes beside its action's own arguments (docs/mcp-tools.md): where,
 * how long it may run, how long the call waits for its result. An action's own argument of the
 * same name (pick's `timeout_ms`) takes the place of the common one.
 */
export const COMMAND_ARGS = {
  tab_id: optional({ kind: 'integer', min: 0, hint: 'default: last acted on' }),
  timeout_ms: optional({
    kind: 'integer',
    min: 1,
    max: maxExecutionLimitMs,
    hint: `default ${defaultExecutionLimitMs}; pick ≤${pickMaxLimitMs}`,
  }),
  wait_ms: optional({ kind: 'integer', min: 0, max: MAX_INLINE_WAIT_MS, hint: `≤${MAX_INLINE_WAIT_MS}` }),
} as const;
