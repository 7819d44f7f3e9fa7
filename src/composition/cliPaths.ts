import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE } from './packageRoot.js';

/** `dist/cli.js`: the ES module build of the CLI; what a bridge runs to start a daemon. */
export const CLI_PATH = join(PACKAGE.root, 'dist', 'cli.js');

/** `dist/cli.cjs`: the installed command, and what MCP clients launch (it starts the bridge sooner; src/bin.ts). */
export const BIN_PATH = join(PACKAGE.root, 'dist', 'cli.cjs');

/** The unpacked extension to load in Chrome (built by `npm install`, shipped in the package). */
export const EXTENSION_DIR = join(PACKAGE.root, 'extension', 'dist');

export const extensionBuilt = (): boolean => existsSync(join(EXTENSION_DIR, 'manifest.json'));
