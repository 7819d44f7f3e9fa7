import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { zipFolder } from '../../adapters/outbound/fs/zipFolder.js';
import { EXTENSION_DIR, extensionBuilt } from '../cliPaths.js';

/**
 * `browsertap extension`: prints the unpacked extension's folder (stdout, for Chrome's "Load
 * unpacked" or a script); `--zip FILE` writes the zip a store upload takes and prints its path.
 */
export function extensionCommand(options: CliOptions): number {
  if (!extensionBuilt()) {
    process.stderr.write(
      `browsertap: the extension is missing from this installation (${EXTENSION_DIR}); reinstall browsertap, or in a checkout run 'npm run build:extension'\n`,
    );
    return 1;
  }
  if (options.zip === undefined) {
    process.stdout.write(`${EXTENSION_DIR}\n`);
    process.stderr.write(
      'Chrome: chrome://extensions → Developer mode → Load unpacked → the folder above (or: browsertap launch)\n',
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
