import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { StderrLogger } from '../../adapters/outbound/logging/StderrLogger.js';
import { probeHealth, probePort } from '../../adapters/outbound/process/probeHealth.js';
import { EXTENSION_DIR, extensionBuilt } from '../cliPaths.js';
import { extensionFolderFor } from '../extensionFolder.js';
import { defaultStateDir } from '../createContainer.js';
import { VERSION } from '../version.js';
import { PortHeldByOtherUser, provenDaemon } from './connectDaemon.js';
import { type Check, nodeCheck, reportChecks } from './doctorChecks.js';

/**
 * `browsertap doctor` (docs/install.md): Node, the state dir, the daemon (running, proven to hold this
 * state dir's token, its version), the extension (shipped, connected, its version) and tracked
 * tabs, each with the fix for a failure. Exit 0 only when every check passes.
 */
export async function doctorCommand(options: CliOptions): Promise<number> {
  // A daemon elsewhere (docs/install.md): its own checks, nothing local to it.
  if (options.daemonUrl !== undefined) return (await import('./remoteDoctor.js')).remoteDoctor(options);
  const checks: Check[] = [];
  const add = (check: Check) => checks.push(check);
  add(nodeCheck());
  add(stateDirCheck(options.stateDir));
  add({
    name: 'extension files',
    ok: extensionBuilt(),
    detail: extensionBuilt() ? EXTENSION_DIR : `missing: ${EXTENSION_DIR}`,
    fix: 'reinstall browsertap (the package carries the built extension), or in a checkout run `npm run build:extension`',
  });

  const base = `http://127.0.0.1:${options.port}`;
  const health = await probeHealth(options.port, 2_000);
  if (health === undefined) {
    const taken = (await probePort(options.port, '/health')) !== undefined;
    add({
      name: 'daemon',
      ok: false,
      detail: taken ? `another program answers on port ${options.port}` : `nothing answers on ${base}`,
      fix: taken
        ? `stop that program, or give browsertap another port (--port N or BROWSERTAP_PORT, in the client's config too: browsertap setup <client> --port N)`
        : 'it starts with your MCP client (set one up: browsertap setup <client>), or run `browsertap daemon`',
    });
    add({
      name: 'extension',
      ok: false,
      detail: 'not checked: no daemon to ask',
      fix: loadExtensionFix(options.port, options.stateDir),
    });
  } else {
    add({ name: 'daemon', ok: true, detail: `browsertap ${health.version} on ${base} (status page: ${base}/)` });
    let proof: Check;
    try {
      const { identity } = await provenDaemon(options.port, options.stateDir, new StderrLogger('error', process.stderr));
      proof = { name: 'token', ok: true, detail: `the daemon (pid ${identity.pid}) proved it holds ${options.stateDir}/token` };
    } catch (error) {
      proof =
        error instanceof PortHeldByOtherUser
          ? {
              name: 'token',
              ok: false,
              detail: error.message,
              fix: `give browsertap a port of your own (--port N or BROWSERTAP_PORT=N, and browsertap setup <client> --port N), or ask ${error.owner.user ?? 'that user'} to stop their daemon`,
            }
          : {
              name: 'token',
              ok: false,
              detail: (error as Error).message,
              fix: `another program or another state dir owns port ${options.port}: use the same --state-dir as the daemon, or 'browsertap stop' it and start again`,
            };
    }
    add(proof);
    add({
      name: 'daemon version',
      ok: health.version === VERSION,
      detail: `daemon ${health.version}, this CLI ${VERSION}`,
      fix: "'browsertap stop': the next client starts this version",
    });
    const extension = (health.extension ?? {}) as { connected?: boolean; last_seen?: string | null; version?: string };
    add({
      name: 'extension',
      ok: extension.connected === true,
      detail:
        extension.connected === true
          ? `connected (${extension.version === undefined ? 'version unknown' : `version ${extension.version}`})`
          : extension.last_seen
            ? `not connected (last seen ${extension.last_seen})`
            : 'never connected to this daemon',
      fix: loadExtensionFix(options.port, options.stateDir),
    });
    if (extension.connected === true) {
      add({
        name: 'extension version',
        ok: extension.version === health.version,
        detail: `extension ${extension.version ?? 'unknown (older than 0.1)'}, daemon ${health.version}`,
        fix: `reload it: chrome://extensions → browsertap → reload (after Load unpacked from ${extensionFolderFor(options.port, options.stateDir)})`,
      });
      const tabs = trackedTabs(await probePort(options.port, '/status.json', 2_000));
      add({
        name: 'tracked tabs',
        ok: tabs > 0,
        detail: `${tabs} tracked tab(s)`,
        fix: 'click the browsertap icon on the tab the agent should see (or let the agent open one: interact new_tab)',
      });
    }
  }

  return reportChecks(checks);
}

/** Tracked tabs in a `/status.json` answer; 0 for anything else (an old daemon, another program). */
function trackedTabs(answer: { readonly status: number; readonly body: string } | undefined): number {
  if (answer?.status !== 200) return 0;
  try {
    const tabs = (JSON.parse(answer.body) as { tabs?: unknown }).tabs;
    return Array.isArray(tabs) ? tabs.length : 0;
  } catch {
    return 0;
  }
}

/**
 * How to get the extension talking to the daemon on `port`. The shipped folder finds 7890; on
 * another port the folder `browsertap extension --port N` makes names that port, and an
 * extension already loaded is pointed there from its popup.
 */
function loadExtensionFix(port: number, stateDir: string): string {
  const folder = extensionFolderFor(port, stateDir);
  if (folder === EXTENSION_DIR) {
    return `load the extension: chrome://extensions → Developer mode → Load unpacked → ${EXTENSION_DIR} (or run: browsertap launch)`;
  }
  const flags = `--port ${port}${stateDir === defaultStateDir() ? '' : ` --state-dir ${stateDir}`}`;
  return (
    `the daemon is on port ${port}, and the shipped extension looks for 7890: run 'browsertap extension ${flags}' and ` +
    `Load unpacked the folder it prints (${folder}) in chrome://extensions → Developer mode, or in the browsertap ` +
    `extension you already have, open its popup, set the port to ${port} and Save (or run: browsertap launch ${flags})`
  );
}

function stateDirCheck(stateDir: string): Check {
  const fix = `make ${stateDir} writable, or choose another with --state-dir (env BROWSERTAP_HOME)`;
  try {
    accessSync(existsSync(stateDir) ? stateDir : dirname(stateDir), constants.W_OK);
    return {
      name: 'state dir',
      ok: true,
      detail: `${stateDir}${existsSync(stateDir) ? '' : ' (created when the daemon starts)'}`,
    };
  } catch (error) {
    return {
      name: 'state dir',
      ok: false,
      detail: `${stateDir}: ${(error as NodeJS.ErrnoException).code ?? 'not writable'}`,
      fix,
    };
  }
}
