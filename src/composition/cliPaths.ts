import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE } from './packageRoot.js';

/** `dist/cli.js`: what a bridge runs to start a daemon, and what MCP clients launch. */
export const CLI_PATH = join(PACKAGE.root, 'dist', 'cli.js');

/** The unpacked extension to load in Chrome (built by `npm install`, shipped in the package). */
export const EXTENSION_DIR = join(PACKAGE.root, 'extension', 'dist');

export const extensionBuilt = (): boolean => existsSync(join(EXTENSION_DIR, 'manifest.json'));
