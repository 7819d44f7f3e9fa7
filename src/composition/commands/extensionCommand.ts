import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { zipFolder } from '../../adapters/outbound/fs/zipFolder.js';
import { EXTENSION_DIR, extensionBuilt } from '../cliPaths.js';
import { prepareExtensionFolder } from '../extensionFolder.js';

/**
 * `browsertap extension`: prints the unpacked extension's folder (stdout, for Chrome's "Load
 * unpacked" or a script): the shipped one, or for a port other than 7890 a copy in the state dir
 * that finds the daemon there. `--zip FILE` writes the zip a store upload takes (the shipped
 * folder) and prints its path.
 */
export function extensionCommand(options: CliOptions): number {
  if (!extensionBuilt()) {
    process.stderr.write(
      `browsertap: the extension is missing from this installation (${EXTENSION_DIR}); reinstall browsertap, or in a checkout run 'npm run build:extension'\n`,
    );
    return 1;
  }
  if (options.zip === undefined) {
    let folder: string;
    try {
      folder = prepareExtensionFolder(options.port, options.stateDir);
    } catch (error) {
      process.stderr.write(`browsertap: could not set up the extension for port ${options.port}: ${(error as Error).message}\n`);
      return 1;
    }
    process.stdout.write(`${folder}\n`);
    process.stderr.write(
      `Chrome: chrome://extensions → Developer mode → Load unpacked → the folder above (or: browsertap launch)${
        folder === EXTENSION_DIR ? '' : `; this copy finds the daemon on port ${options.port}`
      }\n`,
    );
    return 0;
  }
  const target = resolve(options.zip);
  try {
    writeFileSync(target, zipFolder(EXTENSION_DIR));
  } catch (error) {
    process.stderr.write(`browsertap: could not write ${target}: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`${target}\n`);
  return 0;
}
