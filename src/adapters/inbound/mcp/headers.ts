/** The header a stdio bridge announces its browsertap version in, on every request to `/mcp`. */
export const BRIDGE_VERSION_HEADER = 'x-browsertap-bridge-version';
