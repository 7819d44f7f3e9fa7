import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE } from './packageRoot.js';

/** `dist/cli.cjs`: the installed command, what MCP clients launch, and what a bridge runs to start a daemon (src/bin.ts). */
export const BIN_PATH = join(PACKAGE.root, 'dist', 'cli.cjs');

/** The unpacked extension to load in Chrome (built by `npm install`, shipped in the package). */
export const EXTENSION_DIR = join(PACKAGE.root, 'extension', 'dist');

export const extensionBuilt = (): boolean => existsSync(join(EXTENSION_DIR, 'manifest.json'));
