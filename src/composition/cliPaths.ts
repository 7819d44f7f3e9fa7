import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `dist/cli.js`: what a bridge runs to start a daemon, and what MCP clients launch. */
export const CLI_PATH = fileURLToPath(new URL('../cli.js', import.meta.url));

/** The unpacked extension to load in Chrome (built by `npm install`). */
export const EXTENSION_DIR = fileURLToPath(new URL('../../extension/dist', import.meta.url));

export const extensionBuilt = (): boolean => existsSync(EXTENSION_DIR);
