import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { statusPageUrl } from '../../adapters/inbound/http/status/statusKey.js';
import { StderrLogger } from '../../adapters/outbound/logging/StderrLogger.js';
import { openUrl } from '../../adapters/outbound/process/openUrl.js';
import { probeHealth } from '../../adapters/outbound/process/probeHealth.js';
import { VERSION } from '../version.js';
import { provenDaemon } from './connectDaemon.js';

/**
 * `browsertap status`: the daemon's health as JSON on stdout, with this CLI's version beside it
 * and whether the daemon proved it holds this state dir's token (`identity`); exit 1 when none
 * runs, 3 when what answers cannot prove it is ours. With `--open`, and only for a daemon that
 * proved itself (the key is made from the token), `status_page` is the address that unlocks the
 * status page, and it is opened in the browser (`BROWSER`, else the platform's opener).
 */
export async function statusCommand(options: CliOptions): Promise<number> {
  const health = await probeHealth(options.port, 2_000);
  if (health === undefined) {
    process.stdout.write(`${JSON.stringify({ status: 'not_running', port: options.port, cli_version: VERSION })}\n`);
    return 1;
  }
  let identity: { proven: boolean; pid?: number; problem?: string };
  let token: string | undefined;
  try {
    const proven = await provenDaemon(options.port, options.stateDir, new StderrLogger('warn', process.stderr));
    identity = { proven: true, pid: proven.identity.pid };
    token = proven.token;
  } catch (error) {
    identity = { proven: false, problem: (error as Error).message };
  }
  const versions = { daemon: health.version, cli: VERSION, mismatch: health.version !== VERSION };
  const page = options.open === true && token !== undefined ? statusPageUrl(options.port, token) : undefined;
  process.stdout.write(
    `${JSON.stringify({ ...health, port: options.port, versions, identity, ...(page === undefined ? {} : { status_page: page }) }, null, 2)}\n`,
  );
  if (options.open === true) await openPage(page, identity.problem);
  return identity.proven ? 0 : 3;
}

async function openPage(page: string | undefined, problem: string | undefined): Promise<void> {
  if (page === undefined) {
    process.stderr.write(`browsertap: not opening the status page: ${problem ?? 'the daemon did not prove itself'}\n`);
    return;
  }
  const failure = await openUrl(page, process.env.BROWSER);
  process.stderr.write(
    failure === undefined
      ? `browsertap: opening the status page in your browser (${page})\n`
      : `browsertap: could not open a browser (${failure}); open ${page} yourself\n`,
  );
}
