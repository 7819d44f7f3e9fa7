/** The MCP clients `browsertap setup` writes the configuration of (docs/install.md). */
export const MCP_CLIENTS = ['claude', 'cursor', 'vscode', 'codex', 'gemini', 'windsurf'] as const;
export type McpClientName = (typeof MCP_CLIENTS)[number];
