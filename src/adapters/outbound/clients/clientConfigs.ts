import { homedir } from 'node:os';
import { join } from 'node:path';
import type { McpClientName } from '../../../domain/setup/mcpClients.js';

/** How a client starts browsertap's stdio bridge. */
export interface ServerLaunch {
  readonly command: string;
  readonly args: readonly string[];
}

export interface ClientConfig {
  /** The file `setup` merges into. */
  readonly path: string;
  /** The file's new text, given its current text (undefined: no file yet). @throws ConfigError when it cannot be read safely. */
  merge(current: string | undefined): string;
  /** What to add by hand (printed by `--print`, and when the file cannot be merged). */
  readonly snippet: string;
  /** Steps the client needs beyond its configuration file. */
  readonly notes: readonly string[];
}

export class ConfigError extends Error {}

const NAME = 'browsertap';

/** The user-level configuration file of each client, on this OS. */
function configPath(client: McpClientName, home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  switch (client) {
    case 'claude':
      return join(home, '.claude.json');
    case 'cursor':
      return join(home, '.cursor', 'mcp.json');
    case 'vscode': {
      if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Code', 'User', 'mcp.json');
      if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Code', 'User', 'mcp.json');
      return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Code', 'User', 'mcp.json');
    }
    case 'codex':
      return join(env.CODEX_HOME ?? join(home, '.codex'), 'config.toml');
    case 'gemini':
      return join(home, '.gemini', 'settings.json');
    case 'windsurf':
      return join(home, '.codeium', 'windsurf', 'mcp_config.json');
  }
}

/**
 * Each client's real MCP configuration format (user scope), merged so that nothing else in the
 * file changes: JSON files keep every other key and server (a file that is not plain JSON, e.g.
 * with comments, is refused, never rewritten); Codex's TOML gets its `[mcp_servers.browsertap]`
 * table replaced or appended as text, the rest untouched.
 */
export function clientConfig(
  client: McpClientName,
  launch: ServerLaunch,
  options: { home?: string; env?: NodeJS.ProcessEnv; platform?: NodeJS.Platform } = {},
): ClientConfig {
  const path = configPath(client, options.home ?? homedir(), options.env ?? process.env, options.platform ?? process.platform);
  const stdio = { command: launch.command, args: [...launch.args] };
  switch (client) {
    case 'claude':
      return jsonConfig(path, 'mcpServers', { type: 'stdio', ...stdio, env: {} }, [
        'Claude Code reads ~/.claude.json at start: restart it, then `claude mcp list` shows browsertap ✔ connected.',
      ]);
    case 'cursor':
      return jsonConfig(path, 'mcpServers', stdio, ['Cursor: Settings → MCP shows browsertap; toggle it on if it is off.']);
    case 'vscode':
      return jsonConfig(path, 'servers', { type: 'stdio', ...stdio }, [
        'VS Code: run "MCP: List Servers" from the command palette and start browsertap (Copilot Chat, agent mode).',
      ]);
    case 'windsurf':
      return jsonConfig(path, 'mcpServers', stdio, ['Windsurf: Cascade → MCP servers → Refresh.']);
    case 'gemini':
      return jsonConfig(path, 'mcpServers', stdio, [
        'Gemini CLI loads MCP servers only in folders you trust: start `gemini` in your project and choose',
        '"Trust folder" when asked (or add the folder to ~/.gemini/trustedFolders.json); then `/mcp` lists browsertap.',
      ]);
    case 'codex':
      return tomlConfig(path, stdio, ['Codex: `codex mcp list` shows browsertap; restart running sessions to load it.']);
  }
}

function jsonConfig(path: string, key: string, entry: object, notes: readonly string[]): ClientConfig {
  return {
    path,
    notes,
    snippet: `${JSON.stringify({ [key]: { [NAME]: entry } }, null, 2)}\n`,
    merge(current) {
      let root: unknown = {};
      if (current !== undefined && current.trim() !== '') {
        try {
          root = JSON.parse(current);
        } catch (error) {
          throw new ConfigError(`${path} is not plain JSON (${(error as Error).message}); left unchanged`);
        }
      }
      if (typeof root !== 'object' || root === null || Array.isArray(root)) {
        throw new ConfigError(`${path} does not hold a JSON object; left unchanged`);
      }
      const servers = (root as Record<string, unknown>)[key] ?? {};
      if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
        throw new ConfigError(`"${key}" in ${path} is not an object; left unchanged`);
      }
      const merged = { ...(root as object), [key]: { ...(servers as object), [NAME]: entry } };
      return `${JSON.stringify(merged, null, 2)}\n`;
    },
  };
}

const tomlString = (text: string) => JSON.stringify(text);

function tomlConfig(path: string, launch: ServerLaunch, notes: readonly string[]): ClientConfig {
  const table = [
    `[mcp_servers.${NAME}]`,
    `command = ${tomlString(launch.command)}`,
    `args = [${launch.args.map(tomlString).join(', ')}]`,
    '',
  ].join('\n');
  return {
    path,
    notes,
    snippet: table,
    merge(current) {
      const lines = (current ?? '').split('\n');
      const header = (line: string) => /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line)?.[1];
      const ours = (name: string | undefined) =>
        name !== undefined && (name === `mcp_servers.${NAME}` || name.startsWith(`mcp_servers.${NAME}.`));
      const kept: string[] = [];
      let inside = false;
      let at = -1;
      for (const line of lines) {
        const name = header(line);
        if (name !== undefined) inside = ours(name);
        if (inside) {
          if (at === -1) at = kept.length;
          continue;
        }
        kept.push(line);
      }
      const block = table.trimEnd().split('\n');
      if (at === -1) {
        while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
        return `${[...kept, ...(kept.length > 0 ? [''] : []), ...block].join('\n')}\n`;
      }
      kept.splice(at, 0, ...block, '');
      return `${kept
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trimEnd()}\n`;
    },
  };
}
