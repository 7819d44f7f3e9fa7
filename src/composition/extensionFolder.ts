import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PORT } from '../adapters/inbound/cli/parseCli.js';
import { EXTENSION_DIR } from './cliPaths.js';

/**
 * The unpacked extension to load for a daemon on `port`. The extension finds its daemon on the
 * port its `defaults.json` names (7890 in the shipped folder) unless the person set another in
 * its popup; for another port, a copy in the state dir names that port
 * (`<state-dir>/extension-port-<port>`). Same manifest key, so the same extension id.
 */
export function extensionFolderFor(port: number, stateDir: string): string {
  return port === DEFAULT_PORT ? EXTENSION_DIR : join(stateDir, `extension-port-${port}`);
}

/** Makes the folder of `extensionFolderFor` (a fresh copy for another port) and returns it. */
export function prepareExtensionFolder(port: number, stateDir: string): string {
  const folder = extensionFolderFor(port, stateDir);
  if (folder === EXTENSION_DIR) return folder;
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  rmSync(folder, { recursive: true, force: true });
  cpSync(EXTENSION_DIR, folder, { recursive: true });
  writeFileSync(join(folder, 'defaults.json'), `${JSON.stringify({ daemonPort: port })}\n`);
  return folder;
}
