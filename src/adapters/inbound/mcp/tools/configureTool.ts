import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { droppedKeys } from '../droppedKeys.js';
import { z } from 'zod';
import { documented, id, parseArgs, selector, once } from '../args.js';
import type { ClientContext, McpToolDeps } from '../McpToolDeps.js';
import { respond } from '../toolResult.js';

const SCHEMAS = {
  health: z.object({}),
  query_status: z.object({ correlation_id: id }),
  store: z.object({
    key: z.string(),
    data: z.unknown().refine((v) => v !== undefined, { message: 'data is required (any JSON value)' }),
  }),
  load: z.object({ key: z.string(), offset: z.number().int().nonnegative().optional() }),
  list_keys: z.object({
    limit: z.number().int().min(1).max(1000).optional(),
    after_cursor: z.string().max(128).optional(),
  }),
  delete: z.object({ key: z.string() }),
  noise: z.object({
    op: z.enum(['add', 'remove', 'list']),
    pattern: z.string().max(100).optional(),
    category: z.string().optional(),
  }),
  clear: z.object({ buffer: z.string().optional() }),
  streaming: z.object({
    enabled: z.boolean(),
    subscribe: z.array(z.string()).optional(),
    filters: z
      .object({
        severity: z.string().optional(),
        url_pattern: z.string().optional(),
        exclude_pattern: z.string().optional(),
        rate_limit: z.number().int().optional(),
        overflow: z.string().optional(),
        slow_ms: z.number().int().optional(),
      })
      .strict()
      .optional(),
  }),
  streaming_status: z.object({}),
  recording: z.object({ actions: z.boolean().optional(), values: z.boolean().optional() }),
};
type Action = keyof typeof SCHEMAS;
const NAMES = Object.keys(SCHEMAS) as Action[];

const DESCRIPTION =
  'Settings and state: health (extension connected?, buffers, versions), query_status (= observe command_result), store/load/list_keys/delete (JSON kept across restarts), noise (drop matching entries at ingest), clear (buffers), streaming/streaming_status (push matched events).';

/**
 * The input schema shown to the model. Loose: unknown keys reach the handler, which names them in
 * its error. Made once, on the first session, and shared by every session's server: made per
 * session it was most of the time a new session took (≈ 0.7 ms each).
 */
const configureInput = once(() =>
  z.looseObject({
    action: documented('string', NAMES.join('|')),
    correlation_id: documented('string'),
    key: documented('string', 'store, load, delete'),
    offset: documented('integer', 'load: next_offset'),
    limit: documented('integer', 'list_keys, ≤1000'),
    after_cursor: documented('string', 'list_keys'),
    data: documented('object', 'store: any JSON'),
    op: documented('string', 'noise: add|remove|list'),
    pattern: documented('string', 'noise: regex on url/message'),
    category: documented('string', 'noise: logs|network|websocket|all'),
    buffer: documented('string', 'clear: logs|network|websocket|vitals|actions|picks|performance|all'),
    enabled: documented('boolean'),
    subscribe: documented('array', 'streaming: event types'),
    filters: documented('object', 'streaming: severity, url_pattern, exclude_pattern, rate_limit, overflow, slow_ms'),
    actions: documented('boolean', 'recording'),
    values: documented('boolean', 'recording'),
  }),
);

/** `configure {action, …}` (docs/mcp-tools.md). */
export function registerConfigure(server: McpServer, deps: McpToolDeps, client: ClientContext): void {
  server.registerTool(
    'configure',
    {
      description: DESCRIPTION,
      inputSchema: configureInput(),
    },
    async (args, extra) =>
      respond(deps, client, () => {
        const action = selector(args, 'action', NAMES) as Action;
        const parsed = parseArgs(
          SCHEMAS[action],
          args,
          'action',
          `configure ${action}`,
          droppedKeys(extra.requestInfo),
        ) as Record<string, unknown>;
        return configure(deps, client, action, parsed);
      }),
  );
}

async function configure(deps: McpToolDeps, client: ClientContext, action: Action, a: Record<string, unknown>): Promise<object> {
  switch (action) {
    case 'health':
      return deps.getHealth.execute({
        clientId: client.clientId,
        ...(client.bridgeVersion === undefined ? {} : { bridgeVersion: client.bridgeVersion }),
      });
    case 'query_status':
      return deps.getCommandResult.execute({ clientId: client.clientId, correlationId: a.correlation_id as string });
    case 'store':
      return deps.storeValue.execute({ key: a.key as string, data: a.data });
    case 'load':
      return deps.loadValue.execute({ key: a.key as string, ...(a.offset === undefined ? {} : { offset: a.offset as number }) });
    case 'list_keys':
      return deps.listKeys.execute({
        ...(a.limit === undefined ? {} : { limit: a.limit as number }),
        ...(a.after_cursor === undefined ? {} : { afterCursor: a.after_cursor as string }),
      });
    case 'delete':
      return deps.deleteValue.execute({ key: a.key as string });
    case 'noise':
      await deps.patternsReady();
      return deps.manageNoise.execute({
        op: a.op as string,
        ...(a.pattern === undefined ? {} : { pattern: a.pattern as string }),
        ...(a.category === undefined ? {} : { category: a.category as string }),
      });
    case 'clear':
      return deps.clearBuffers.execute({ buffer: (a.buffer as string | undefined) ?? 'all' });
    case 'streaming':
      await deps.patternsReady();
      return deps.configureStreaming.execute({
        clientId: client.clientId,
        enabled: a.enabled as boolean,
        ...(a.subscribe === undefined ? {} : { subscribe: a.subscribe as string[] }),
        ...(a.filters === undefined ? {} : { filters: a.filters as Record<string, never> }),
      });
    case 'streaming_status':
      return deps.getStreamingStatus.execute({ clientId: client.clientId });
    case 'recording':
      return deps.configureRecording.execute({ actions: a.actions, values: a.values });
  }
}
