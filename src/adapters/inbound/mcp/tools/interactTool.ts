import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { droppedKeys } from '../droppedKeys.js';
import { z } from 'zod';
import { presentInline, presentQueued } from '../../../../application/commands/presentCommand.js';
import type { QueueCommandInput } from '../../../../application/commands/QueueCommand.js';
import type { QueueReplayInput } from '../../../../application/commands/QueueReplay.js';
import type { CommandView } from '../../../../domain/command/Command.js';
import { DomainError } from '../../../../domain/DomainError.js';
import { documented, parseArgs, recordOf, selector, tabId } from '../args.js';
import type { ClientContext, McpToolDeps } from '../McpToolDeps.js';
import { respond } from '../toolResult.js';

const cssSelector = z.string().min(1).max(1_000);
const pageUrl = z
  .string()
  .max(2_048)
  .refine((value) => /^(https?:\/\/|file:\/\/|about:)/i.test(value) && URL.canParse(value), {
    message: 'must be an http(s), file or about: url',
  });

/** A ref from the tab's snapshots (docs/mcp-tools.md): `e12`, or `f7e12` in a cross-origin frame. */
const ref = z
  .string()
  .regex(/^(?:f[1-9][0-9]{0,9})?e[1-9][0-9]{0,8}$/, 'a ref from snapshot looks like e12 (or f7e12 in a frame)');
/** Which element: a ref, or a selector with `nth` among several visible matches (0-based); `frame` is a same-origin iframe. */
const target = {
  ref: ref.optional(),
  selector: cssSelector.optional(),
  nth: z.number().int().min(0).max(10_000).optional(),
  frame: cssSelector.optional(),
};
/** How long an action that changes the page waits for it to settle (docs/mcp-tools.md; 0 skips it). */
const settle = { settle_ms: z.number().int().min(0).max(10_000).optional() };

/** `upload`'s files: all of them at most this many bytes once decoded. */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const OVER_UPLOAD = `the files are over ${MAX_UPLOAD_BYTES} bytes in all`;
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');
const files = z
  .array(
    z.object({
      name: z.string().min(1).max(255),
      mime_type: z.string().max(255).optional(),
      content_base64: base64.max(Math.ceil(MAX_UPLOAD_BYTES / 3) * 4, OVER_UPLOAD),
    }),
  )
  .min(1)
  .max(20)
  .refine((list) => list.reduce((sum, file) => sum + decodedBytes(file.content_base64), 0) <= MAX_UPLOAD_BYTES, {
    message: OVER_UPLOAD,
  });

/** How many bytes base64 text decodes to: its `=` padding carries none (padded or not). */
function decodedBytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor(((text.length - padding) * 3) / 4);
}

/** An action id from `observe {what:"actions"}` (the range checks it names an action). */
const actionId = z.string().min(2).max(20);
/** replay's `values`: text for fills and selects whose value was not recorded, by action id. */
const replayValues = recordOf(actionId, z.string().max(10_000), 'an action id').refine(
  (values) => Object.keys(values).length <= 100,
  { message: 'at most 100 values' },
);

const ACTIONS = {
  execute_js: { script: z.string().min(1).max(100_000) },
  navigate: { url: pageUrl, ...settle },
  refresh: { ...settle },
  back: { ...settle },
  forward: { ...settle },
  new_tab: { url: pageUrl, ...settle },
  close_tab: {},
  snapshot: { ...target, max_depth: z.number().int().min(1).max(100).optional() },
  click: { ...target, ...settle },
  dblclick: { ...target, ...settle },
  hover: { ...target },
  press_key: { key: z.string().min(1).max(40), ...target, ...settle },
  type: { ...target, text: z.string().max(100_000), clear: z.boolean().optional(), ...settle },
  select: { ...target, value: z.string().max(10_000), ...settle },
  upload: { ...target, files, ...settle },
  drag: { ...target, to_ref: ref.optional(), to_selector: cssSelector.optional(), ...settle },
  scroll: { ...target, x: z.number().int().optional(), y: z.number().int().optional() },
  wait_for: { selector: cssSelector, frame: cssSelector.optional() },
  query_dom: { selector: cssSelector, limit: z.number().int().min(1).max(100).optional(), frame: cssSelector.optional() },
  screenshot: {
    format: z.enum(['png', 'jpeg']).optional(),
    quality: z.number().int().min(0).max(100).optional(),
    full_page: z.boolean().optional(),
    ref: ref.optional(),
    selector: cssSelector.optional(),
  },
  highlight: { ...target },
  dialog: { accept: z.boolean(), text: z.string().max(10_000).optional() },
  replay: { from: actionId, to: actionId.optional(), values: replayValues.optional(), ...settle },
  // The person points; the one command that may wait for minutes.
  pick: { prompt: z.string().min(1).max(500).optional(), timeout_ms: z.number().int().min(1).max(300_000).optional() },
  audit: {
    ref: ref.optional(),
    selector: cssSelector.optional(),
    frame: cssSelector.optional(),
    rules: z
      .array(z.string().regex(/^[a-z0-9-]{1,80}$/, 'an axe-core rule id, like image-alt'))
      .min(1)
      .max(100)
      .optional(),
  },
};
/** Actions on one element: they need its ref or a selector (never both). */
const ON_ELEMENT = new Set(['click', 'dblclick', 'hover', 'type', 'select', 'upload', 'drag', 'highlight']);
type Action = keyof typeof ACTIONS;
const NAMES = Object.keys(ACTIONS) as Action[];

const COMMON = {
  tab_id: tabId.optional(),
  timeout_ms: z.number().int().min(1).max(60_000).optional(),
  wait_ms: z.number().int().min(0).max(15_000).optional(),
};

// An action's own timeout_ms (pick's) takes the place of the common one.
const SCHEMAS = Object.fromEntries(NAMES.map((name) => [name, z.object({ ...COMMON, ...ACTIONS[name] })])) as unknown as Record<
  Action,
  z.ZodObject
>;

const DESCRIPTION =
  'Run a browser command: answers {status:"queued",correlation_id} (observe command_result gets the result), or with wait_ms the result inline. snapshot lists elements with refs to act on. Page-changing actions settle, report effects. execute_js: script is an async function body run in the page, returning JSON. Dialogs are answered (dialog sets the next). replay reruns recorded actions (from..to), says if errors reproduced. pick: the person points at an element for you (prompt).';

/** `interact {action, …}` (docs/mcp-tools.md): queue a browser command for the extension. */
export function registerInteract(server: McpServer, deps: McpToolDeps, client: ClientContext): void {
  server.registerTool(
    'interact',
    {
      description: DESCRIPTION,
      // Loose: unknown keys reach the handler, which names them in its error.
      inputSchema: z.looseObject({
        action: documented('string', NAMES.join('|')),
        script: documented('string'),
        url: documented('string'),
        ref: documented('string', 'e12, from snapshot'),
        selector: documented('string', 'CSS, text=Save, role=button[name="Save"]'),
        nth: documented('integer'),
        frame: documented('string', 'iframe selector'),
        text: documented('string'),
        accept: documented('boolean'),
        key: documented('string', 'Enter, Tab, Control+A…'),
        clear: documented('boolean'),
        value: documented('string'),
        files: documented('array', '[{name,mime_type,content_base64}] ≤5MB'),
        rules: documented('array', 'axe rule ids'),
        to_ref: documented('string'),
        to_selector: documented('string'),
        x: documented('integer'),
        y: documented('integer'),
        limit: documented('integer'),
        max_depth: documented('integer'),
        format: documented('string', 'png|jpeg'),
        quality: documented('integer'),
        full_page: documented('boolean'),
        settle_ms: documented('integer', 'default 2000'),
        from: documented('string', 'action id a12'),
        to: documented('string'),
        values: documented('object', 'redacted fills {a12:"…"}'),
        prompt: documented('string'),
        tab_id: documented('integer', 'default: last acted on'),
        timeout_ms: documented('integer', 'default 10000; pick ≤300000'),
        wait_ms: documented('integer', '≤15000'),
      }),
    },
    async (args, extra) =>
      respond(deps, client, () => {
        const action = selector(args, 'action', NAMES) as Action;
        const parsed = parseArgs(SCHEMAS[action], args, 'action', `interact ${action}`, droppedKeys(extra.requestInfo)) as Record<
          string,
          unknown
        >;
        checkTargets(action, parsed);
        return interact(deps, client, action, parsed, extra.signal);
      }),
  );
}

/** The combinations a schema cannot say: which element, and where to. */
function checkTargets(action: Action, parsed: Record<string, unknown>): void {
  const fail = (message: string) => {
    throw new DomainError('invalid_params', `interact ${action}: ${message}`);
  };
  if (parsed.ref !== undefined && parsed.selector !== undefined) fail('pass ref or selector, not both');
  if (parsed.ref !== undefined && parsed.nth !== undefined) fail("nth picks among a selector's matches; a ref is one element");
  if (ON_ELEMENT.has(action) && parsed.ref === undefined && parsed.selector === undefined) {
    fail('needs ref (from snapshot) or selector');
  }
  if (
    action === 'scroll' &&
    parsed.ref === undefined &&
    parsed.selector === undefined &&
    parsed.x === undefined &&
    parsed.y === undefined
  ) {
    fail('needs ref, selector, or x and/or y');
  }
  if (action === 'drag' && (parsed.to_ref === undefined) === (parsed.to_selector === undefined)) {
    fail('needs to_ref or to_selector (one of them)');
  }
  if (action === 'screenshot' && parsed.full_page === true && (parsed.ref !== undefined || parsed.selector !== undefined)) {
    fail('full_page captures the whole page; ref or selector captures one element: not both');
  }
}

async function interact(
  deps: McpToolDeps,
  client: ClientContext,
  action: Action,
  parsed: Record<string, unknown>,
  signal: AbortSignal,
): Promise<object> {
  const { tab_id, timeout_ms, wait_ms, ...params } = parsed as { tab_id?: number; timeout_ms?: number; wait_ms?: number };
  const common = {
    clientId: client.clientId,
    ...(tab_id === undefined ? {} : { tabId: tab_id }),
    ...(timeout_ms === undefined ? {} : { timeoutMs: timeout_ms }),
  };
  const queue = action === 'replay' ? replayQueue(deps, common, params) : commandQueue(deps, { ...common, action, params });
  if (wait_ms === undefined || wait_ms === 0) return presentQueued(queue.execute());
  // With wait_ms, a full queue is waited out (within the same wait) instead of refused.
  const { command, remainingMs } = await queue.admit(wait_ms, signal);
  const result = await deps.awaitCommandResult.execute({
    clientId: client.clientId,
    correlationId: command.correlationId,
    waitMs: remainingMs,
    signal,
  });
  return result === undefined ? presentQueued(command) : presentInline(result);
}

interface Queue {
  execute(): CommandView;
  admit(waitMs: number, signal: AbortSignal): Promise<{ readonly command: CommandView; readonly remainingMs: number }>;
}

function commandQueue(deps: McpToolDeps, input: QueueCommandInput): Queue {
  return {
    execute: () => deps.queueCommand.execute(input),
    admit: (waitMs, signal) => deps.queueCommand.admit(input, waitMs, signal),
  };
}

/** replay (docs/mcp-tools.md): the daemon turns the range into the steps of one command. */
function replayQueue(deps: McpToolDeps, common: Omit<QueueReplayInput, 'from'>, params: Record<string, unknown>): Queue {
  const { from, to, values, settle_ms } = params as {
    from: string;
    to?: string;
    values?: Record<string, string>;
    settle_ms?: number;
  };
  const input: QueueReplayInput = {
    ...common,
    from,
    ...(to === undefined ? {} : { to }),
    ...(values === undefined ? {} : { values }),
    ...(settle_ms === undefined ? {} : { settleMs: settle_ms }),
  };
  return {
    execute: () => deps.queueReplay.execute(input),
    admit: (waitMs, signal) => deps.queueReplay.admit(input, waitMs, signal),
  };
}
