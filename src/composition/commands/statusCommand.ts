import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { StderrLogger } from '../../adapters/outbound/logging/StderrLogger.js';
import { probeHealth } from '../../adapters/outbound/process/probeHealth.js';
import { VERSION } from '../version.js';
import { provenDaemon } from './connectDaemon.js';

/**
 * `browsertap status`: the daemon's health as JSON on stdout, with this CLI's version beside it
 * and whether the daemon proved it holds this state dir's token (`identity`); exit 1 when none
 * runs, 3 when what answers cannot prove it is ours.
 */
export async function statusCommand(options: CliOptions): Promise<number> {
  const health = await probeHealth(options.port, 2_000);
  if (health === undefined) {
    process.stdout.write(`${JSON.stringify({ status: 'not_running', port: options.port, cli_version: VERSION })}\n`);
    return 1;
  }
  let identity: { proven: boolean; pid?: number; problem?: string };
  try {
    const { identity: proven } = await provenDaemon(options.port, options.stateDir, new StderrLogger('warn', process.stderr));
    identity = { proven: true, pid: proven.pid };
  } catch (error) {
    identity = { proven: false, problem: (error as Error).message };
  }
  const versions = { daemon: health.version, cli: VERSION, mismatch: health.version !== VERSION };
  process.stdout.write(`${JSON.stringify({ ...health, port: options.port, versions, identity }, null, 2)}\n`);
  return identity.proven ? 0 : 3;
}
