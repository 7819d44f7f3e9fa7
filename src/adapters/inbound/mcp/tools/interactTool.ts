import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { presentInline, presentQueued } from '../../../../application/commands/presentCommand.js';
import { DomainError } from '../../../../domain/DomainError.js';
import { documented, parseArgs, selector, tabId } from '../args.js';
import type { ClientContext, McpToolDeps } from '../McpToolDeps.js';
import { respond } from '../toolResult.js';

const cssSelector = z.string().min(1).max(1_000);
const pageUrl = z
  .string()
  .max(2_048)
  .refine((value) => /^(https?:\/\/|file:\/\/|about:)/i.test(value) && URL.canParse(value), {
    message: 'must be an http(s), file or about: url',
  });

/** Which element: `nth` among several visible matches (0-based), inside the same-origin iframe `frame`. */
const target = { nth: z.number().int().min(0).max(10_000).optional(), frame: cssSelector.optional() };

const ACTIONS = {
  execute_js: { script: z.string().min(1).max(100_000) },
  navigate: { url: pageUrl },
  refresh: {},
  back: {},
  forward: {},
  new_tab: { url: pageUrl },
  close_tab: {},
  click: { selector: cssSelector, ...target },
  dblclick: { selector: cssSelector, ...target },
  hover: { selector: cssSelector, ...target },
  press_key: { key: z.string().min(1).max(40), selector: cssSelector.optional(), ...target },
  type: { selector: cssSelector, text: z.string().max(100_000), clear: z.boolean().optional(), ...target },
  select: { selector: cssSelector, value: z.string().max(10_000), ...target },
  scroll: { selector: cssSelector.optional(), x: z.number().int().optional(), y: z.number().int().optional(), ...target },
  wait_for: { selector: cssSelector, frame: cssSelector.optional() },
  query_dom: { selector: cssSelector, limit: z.number().int().min(1).max(100).optional(), frame: cssSelector.optional() },
  screenshot: { format: z.enum(['png', 'jpeg']).optional(), quality: z.number().int().min(0).max(100).optional() },
  highlight: { selector: cssSelector, frame: cssSelector.optional() },
  dialog: { accept: z.boolean(), text: z.string().max(10_000).optional() },
};
type Action = keyof typeof ACTIONS;
const NAMES = Object.keys(ACTIONS) as Action[];

const COMMON = {
  tab_id: tabId.optional(),
  timeout_ms: z.number().int().min(1).max(60_000).optional(),
  wait_ms: z.number().int().min(0).max(15_000).optional(),
};

const SCHEMAS = Object.fromEntries(NAMES.map((name) => [name, z.object({ ...ACTIONS[name], ...COMMON })])) as unknown as Record<
  Action,
  z.ZodObject
>;

const DESCRIPTION =
  'Run a browser command. Answers {status:"queued",correlation_id} at once (observe command_result gets the result), or with wait_ms (≤15000) the result inline if it finishes in time. execute_js: script is the body of an async function in the page; its JSON return value is the result. Dialogs are answered (dialog sets the next answer).';

/** `interact {action, …}` (SPEC 2): queue a browser command for the extension. */
export function registerInteract(server: McpServer, deps: McpToolDeps, client: ClientContext): void {
  server.registerTool(
    'interact',
    {
      description: DESCRIPTION,
      // Loose: unknown keys reach the handler, which names them in its error.
      inputSchema: z.looseObject({
        action: documented('string', NAMES.join('|')),
        script: documented('string', 'execute_js'),
        url: documented('string', 'navigate, new_tab'),
        selector: documented('string', 'CSS, text=Save or role=button[name="Save"]'),
        nth: documented('integer', 'of several matches, 0-based'),
        frame: documented('string', 'iframe CSS selector'),
        text: documented('string', 'type, dialog'),
        accept: documented('boolean', 'dialog: next answer'),
        key: documented('string', 'press_key: Enter, Tab, Control+A…'),
        clear: documented('boolean', 'type: clear first'),
        value: documented('string', 'select'),
        x: documented('integer', 'scroll'),
        y: documented('integer', 'scroll'),
        limit: documented('integer', 'query_dom, ≤100'),
        format: documented('string', 'screenshot: png|jpeg'),
        quality: documented('integer', 'jpeg 0-100'),
        tab_id: documented('integer', 'default: the tab you last acted on'),
        timeout_ms: documented('integer', 'limit, default 10000, ≤60000'),
        wait_ms: documented('integer', 'wait for the result, ≤15000'),
      }),
    },
    async (args, extra) =>
      respond(deps, client, () => {
        const action = selector(args, 'action', NAMES) as Action;
        const parsed = parseArgs(SCHEMAS[action], args, 'action', `interact ${action}`) as Record<string, unknown>;
        if (action === 'scroll' && parsed.selector === undefined && parsed.x === undefined && parsed.y === undefined) {
          throw new DomainError('invalid_params', 'interact scroll needs a selector, or x and/or y');
        }
        return interact(deps, client, action, parsed, extra.signal);
      }),
  );
}

async function interact(
  deps: McpToolDeps,
  client: ClientContext,
  action: Action,
  parsed: Record<string, unknown>,
  signal: AbortSignal,
): Promise<object> {
  const { tab_id, timeout_ms, wait_ms, ...params } = parsed as { tab_id?: number; timeout_ms?: number; wait_ms?: number };
  const input = {
    clientId: client.clientId,
    action,
    params,
    ...(tab_id === undefined ? {} : { tabId: tab_id }),
    ...(timeout_ms === undefined ? {} : { timeoutMs: timeout_ms }),
  };
  if (wait_ms === undefined || wait_ms === 0) return presentQueued(deps.queueCommand.execute(input));
  // With wait_ms, a full queue is waited out (within the same wait) instead of refused.
  const { command, remainingMs } = await deps.queueCommand.admit(input, wait_ms, signal);
  const result = await deps.awaitCommandResult.execute({
    clientId: client.clientId,
    correlationId: command.correlationId,
    waitMs: remainingMs,
    signal,
  });
  return result === undefined ? presentQueued(command) : presentInline(result);
}
