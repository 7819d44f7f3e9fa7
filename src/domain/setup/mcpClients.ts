/** The MCP clients `browsertap setup` writes the configuration of (SPEC 11). */
export const MCP_CLIENTS = ['claude', 'cursor', 'vscode', 'codex', 'gemini', 'windsurf'] as const;
export type McpClientName = (typeof MCP_CLIENTS)[number];
