import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { droppedKeys } from '../droppedKeys.js';
import { z } from 'zod';
import { LIST_SOURCES, type ListWhat } from '../../../../application/capture/entryFilters.js';
import { LOG_LEVELS, REQUEST_TYPES } from '../../../../domain/wire/entries.js';
import { REPRO_EXPECT, REPRO_FORMATS } from '../../../../domain/reproduction/reproduction.js';
import { documented, id, parseArgs, selector, tabId, once } from '../args.js';
import type { ClientContext, McpToolDeps } from '../McpToolDeps.js';
import { respond } from '../toolResult.js';

const listArgs = {
  limit: z.number().int().min(1).max(1000).optional(),
  after_cursor: z.union([z.string().max(64), z.number().int().nonnegative()]).optional(),
  wait_ms: z.number().int().min(0).max(25_000).optional(),
  url: z.string().max(2_048).optional(),
  tab_id: tabId.optional(),
  detail: z.enum(['compact', 'full']).optional(),
};
const networkArgs = {
  ...listArgs,
  status_min: z.number().int().min(0).max(999).optional(),
  status_max: z.number().int().min(0).max(999).optional(),
  method: z.string().max(16).optional(),
  failed_only: z.boolean().optional(),
  type: z.enum(REQUEST_TYPES).optional(),
};

const SCHEMAS = {
  errors: z.object(listArgs),
  logs: z.object({ ...listArgs, min_level: z.enum(LOG_LEVELS).optional() }),
  network: z.object(networkArgs),
  network_bodies: z.object(networkArgs),
  websocket_events: z.object({
    ...listArgs,
    connection_id: z.string().max(256).optional(),
    direction: z.enum(['sent', 'received']).optional(),
  }),
  vitals: z.object(listArgs),
  actions: z.object({ ...listArgs, by: z.enum(['human', 'agent']).optional() }),
  picks: z.object(listArgs),
  timeline: z.object({
    around: z.string().min(1).max(32).optional(),
    after_cursor: z.string().max(64).optional(),
    tab_id: tabId.optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  }),
  reproduction: z.object({
    from: z.string().min(1).max(32).optional(),
    to: z.string().min(1).max(32).optional(),
    tab_id: tabId.optional(),
    format: z.enum(REPRO_FORMATS).optional(),
    expect: z.enum(REPRO_EXPECT).optional(),
  }),
  performance: z.object({ tab_id: tabId.optional(), url: z.string().max(2_048).optional() }),
  summary: z.object({ after_cursor: z.string().max(64).optional(), tab_id: tabId.optional() }),
  entry: z.object({ id: z.string().min(1).max(32), image: z.boolean().optional() }),
  page: z.object({}),
  tabs: z.object({ limit: z.number().int().min(1).max(100).optional(), after_cursor: z.string().max(64).optional() }),
  command_result: z.object({ correlation_id: id }),
  pending_commands: z.object({}),
  failed_commands: z.object({}),
};
type What = keyof typeof SCHEMAS;
const WHATS = Object.keys(SCHEMAS) as What[];

const DESCRIPTION =
  'Read what the browser captured (never waits). Start with summary (what is wrong, with ids); entry {id}: one entry in full. Lists: {columns,rows,count,has_more,cursor}, a row per entry in columns order (short row: rest absent; ts: ms after ts_base; identical runs folded, count); newest `limit`, or after_cursor: only newer; detail:"full": {entries}. performance: why a page is slow (vitals, scripts in source, hints). picks: what the person pointed at.';

/**
 * The input schema shown to the model. Loose: unknown keys reach the handler, which names them in
 * its error. Made once, on the first session, and shared by every session's server: made per
 * session it was most of the time a new session took (≈ 0.7 ms each).
 */
const observeInput = once(() =>
  z.looseObject({
    what: documented('string', WHATS.join('|')),
    id: documented('string', 'entry'),
    image: documented('boolean', 'pick: screenshot'),
    detail: documented('string', 'compact|full'),
    limit: documented('integer', '≤1000, default 100'),
    after_cursor: documented('string', 'from a previous read'),
    wait_ms: documented('integer', 'with after_cursor: wait ≤25000 for newer'),
    url: documented('string', 'substring'),
    tab_id: documented('integer'),
    min_level: documented('string', 'debug|log|info|warn|error'),
    status_min: documented('integer'),
    status_max: documented('integer'),
    method: documented('string'),
    failed_only: documented('boolean'),
    type: documented('string', REQUEST_TYPES.join('|')),
    connection_id: documented('string'),
    direction: documented('string', 'sent|received'),
    correlation_id: documented('string'),
    by: documented('string', 'human|agent'),
    around: documented('string', 'timeline: entry id'),
    from: documented('string', 'reproduction: action id'),
    to: documented('string', 'last action id'),
    format: documented('string', 'playwright|steps'),
    expect: documented('string', 'errors|no_errors'),
  }),
);

/** `observe {what, …}` (docs/mcp-tools.md). */
export function registerObserve(server: McpServer, deps: McpToolDeps, client: ClientContext): void {
  server.registerTool(
    'observe',
    {
      description: DESCRIPTION,
      inputSchema: observeInput(),
    },
    async (args, extra) =>
      respond(deps, client, () => {
        const what = selector(args, 'what', WHATS) as What;
        const parsed = parseArgs(SCHEMAS[what], args, 'what', `observe ${what}`, droppedKeys(extra.requestInfo)) as Record<
          string,
          unknown
        >;
        return observe(deps, client, what, parsed, extra.signal);
      }),
  );
}

async function observe(
  deps: McpToolDeps,
  client: ClientContext,
  what: What,
  a: Record<string, unknown>,
  signal: AbortSignal,
): Promise<object> {
  switch (what) {
    case 'summary':
      return deps.getSummary.execute({
        ...(a.after_cursor === undefined ? {} : { afterCursor: a.after_cursor as string }),
        ...(a.tab_id === undefined ? {} : { tabId: a.tab_id as number }),
      });
    case 'entry':
      return deps.readEntry.execute({ id: a.id as string, ...(a.image === undefined ? {} : { image: a.image as boolean }) });
    case 'timeline':
      return deps.readTimeline.execute(
        defined({ around: a.around, afterCursor: a.after_cursor, tabId: a.tab_id, limit: a.limit }),
      );
    case 'reproduction':
      return deps.getReproduction.execute(
        defined({ from: a.from, to: a.to, tabId: a.tab_id, format: a.format, expect: a.expect }),
      );
    case 'performance':
      return deps.readPerformance.execute(defined({ tabId: a.tab_id, url: a.url }));
    case 'page':
      return deps.readPages.execute({ what });
    case 'tabs':
      return deps.readPages.execute({
        what,
        ...(a.limit === undefined ? {} : { limit: a.limit as number }),
        ...(a.after_cursor === undefined ? {} : { afterCursor: a.after_cursor as string }),
      });
    case 'command_result':
      return deps.getCommandResult.execute({ clientId: client.clientId, correlationId: a.correlation_id as string });
    case 'pending_commands':
      return deps.listCommands.execute({ clientId: client.clientId });
    case 'failed_commands':
      return deps.listFailedCommands.execute({ clientId: client.clientId });
    default:
      return deps.readEntries.execute({
        what: what satisfies keyof typeof LIST_SOURCES as ListWhat,
        signal,
        ...defined({
          detail: a.detail,
          limit: a.limit,
          afterCursor: a.after_cursor,
          waitMs: a.wait_ms,
          url: a.url,
          tabId: a.tab_id,
          minLevel: a.min_level,
          statusMin: a.status_min,
          statusMax: a.status_max,
          method: a.method,
          failedOnly: a.failed_only,
          type: a.type,
          connectionId: a.connection_id,
          direction: a.direction,
          by: a.by,
        }),
      });
  }
}

/** Drops undefined values so optional inputs stay absent. */
function defined(values: Record<string, unknown>): Record<string, never> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<string, never>;
}
