import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { probeHealth } from '../../adapters/outbound/process/probeHealth.js';
import { VERSION } from '../version.js';

/** `browsertap status`: the daemon's health as JSON on stdout, with this CLI's version beside it; exit 1 when none runs. */
export async function statusCommand(options: CliOptions): Promise<number> {
  const health = await probeHealth(options.port, 2_000);
  if (health === undefined) {
    process.stdout.write(`${JSON.stringify({ status: 'not_running', port: options.port, cli_version: VERSION })}\n`);
    return 1;
  }
  const versions = { daemon: health.version, cli: VERSION, mismatch: health.version !== VERSION };
  process.stdout.write(`${JSON.stringify({ ...health, port: options.port, versions }, null, 2)}\n`);
  return 0;
}
