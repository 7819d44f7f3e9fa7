import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { droppedKeys } from '../droppedKeys.js';
import { z } from 'zod';
import { presentInline, presentQueued } from '../../../../application/commands/presentCommand.js';
import type { QueueCommandInput } from '../../../../application/commands/QueueCommand.js';
import type { QueueReplayInput } from '../../../../application/commands/QueueReplay.js';
import type { CommandView } from '../../../../domain/command/Command.js';
import { DomainError } from '../../../../domain/DomainError.js';
import type { BrowserAction } from '../../../../domain/browserActions/BrowserAction.js';
import { ACTIONS, type ActionName, AGENT_ACTIONS, documentedArgs } from '../../../../domain/browserActions/table.js';
import { documented, parseArgs, selector, once } from '../args.js';
import { actionSchema } from './actionSchemas.js';
import type { ClientContext, McpToolDeps } from '../McpToolDeps.js';
import { respond } from '../toolResult.js';

type Action = ActionName;
const NAMES = AGENT_ACTIONS.map((action) => action.name as Action);
/**
 * Each action's strict schema, made the first time that action is called: made all at once (a
 * few dozen actions, each a zod object of its arguments) they were ≈ 1 MB of every daemon's
 * memory from its first MCP session on, for actions most agents never call.
 */
const BY_NAME = new Map(AGENT_ACTIONS.map((action) => [action.name as Action, action]));
const SCHEMAS = new Map<Action, z.ZodObject>();
const schemaOf = (action: Action): z.ZodObject => {
  let schema = SCHEMAS.get(action);
  if (schema === undefined) SCHEMAS.set(action, (schema = actionSchema(BY_NAME.get(action)!)));
  return schema;
};

const DESCRIPTION =
  'Run a browser command: answers {status:"queued",correlation_id} (observe command_result gets the result), or with wait_ms the result inline. snapshot lists elements with refs to act on. Page-changing actions settle, report effects. execute_js: script is an async function body run in the page, returning JSON. Dialogs are answered (dialog sets the next). replay reruns recorded actions (from..to), says if errors reproduced. pick: the person points at an element for you (prompt).';

/**
 * The input schema shown to the model. Loose: unknown keys reach the handler, which names them in
 * its error. Made once, on the first session, and shared by every session's server: made per
 * session it was most of the time a new session took (≈ 0.7 ms each).
 */
const interactInput = once(() =>
  z.looseObject({
    action: documented('string', NAMES.join('|')),
    ...Object.fromEntries(documentedArgs().map((arg) => [arg.name, documented(arg.type, arg.hint)])),
  }),
);

/** `interact {action, …}` (docs/mcp-tools.md): queue a browser command for the extension. */
export function registerInteract(server: McpServer, deps: McpToolDeps, client: ClientContext): void {
  server.registerTool(
    'interact',
    {
      description: DESCRIPTION,
      inputSchema: interactInput(),
    },
    async (args, extra) =>
      respond(deps, client, () => {
        const action = selector(args, 'action', NAMES) as Action;
        const parsed = parseArgs(
          schemaOf(action),
          args,
          'action',
          `interact ${action}`,
          droppedKeys(extra.requestInfo),
        ) as Record<string, unknown>;
        checkTargets(action, parsed);
        return interact(deps, client, action, parsed, extra.signal);
      }),
  );
}

/** The combinations a schema cannot say (the table's `onElement` and `rules`): which element, and where to. */
function checkTargets(action: Action, parsed: Record<string, unknown>): void {
  const fail = (message: string) => {
    throw new DomainError('invalid_params', `interact ${action}: ${message}`);
  };
  const given = (name: string) => parsed[name] !== undefined;
  if (given('ref') && given('selector')) fail('pass ref or selector, not both');
  if (given('ref') && given('nth')) fail("nth picks among a selector's matches; a ref is one element");
  const entry = ACTIONS[action] as BrowserAction;
  if (entry.onElement === true && !given('ref') && !given('selector')) fail('needs ref (from snapshot) or selector');
  for (const rule of entry.rules ?? []) {
    const count = (rule.kind === 'not_with' ? rule.others : rule.args).filter(given).length;
    if (rule.kind === 'any_of' && count === 0) fail(rule.message);
    if (rule.kind === 'one_of' && count !== 1) fail(rule.message);
    if (rule.kind === 'not_with' && parsed[rule.flag] === true && count > 0) fail(rule.message);
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
  const queue =
    action === ACTIONS.replay.name ? replayQueue(deps, common, params) : commandQueue(deps, { ...common, action, params });
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
