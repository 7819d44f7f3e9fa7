import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { StderrLogger } from '../../adapters/outbound/logging/StderrLogger.js';
import { challengeRemote, REMOTE_ANSWER_MS } from '../../adapters/outbound/process/remoteIdentity.js';
import { VERSION } from '../version.js';
import { type Check, nodeCheck, reportChecks } from './doctorChecks.js';
import { readRemoteToken, remoteProblem, RemoteProblem, remoteTokenSource, type ProvenRemote } from './remoteDaemon.js';
import { unbracketed } from '../../domain/net/hostText.js';

/**
 * `browsertap doctor --daemon-url URL` (docs/install.md), on the agent's machine: the token, the daemon
 * at URL (answers, proves it holds the token, its version), `/mcp` through the same way the
 * bridge takes, and the extension as that daemon sees it; each failure in one line with its fix.
 * Nothing is started, and the token goes only to a daemon that proved it holds it.
 */
export async function remoteDoctor(options: CliOptions): Promise<number> {
  const url = options.daemonUrl as string;
  const checks: Check[] = [nodeCheck()];
  let token: string | undefined;
  try {
    token = await readRemoteToken(options, new StderrLogger('warn', process.stderr));
    const source = remoteTokenSource(options);
    checks.push({ name: 'token', ok: true, detail: 'file' in source ? `read from ${source.file}` : `from ${source.env}` });
  } catch (error) {
    if (!(error instanceof RemoteProblem)) throw error;
    checks.push({ name: 'token', ok: false, detail: error.detail, fix: error.fix });
  }
  // Without a token, a random one still tells whether anything answers, and what.
  const identity = await challengeRemote(new URL(url), token ?? randomBytes(32).toString('hex'));
  let proven: ProvenRemote | undefined;
  if (identity.outcome === 'proven') {
    proven = identity;
    checks.push({
      name: 'daemon',
      ok: true,
      detail: `browsertap ${identity.health.version} at ${url} proved it holds the token (pid ${identity.pid} on its machine)`,
    });
  } else if (token === undefined && identity.outcome === 'wrong_token') {
    checks.push({ name: 'daemon', ok: true, detail: `browsertap ${identity.version} answers at ${url} (not proved: no token)` });
  } else {
    const problem = remoteProblem(url, identity, options);
    checks.push({ name: 'daemon', ok: false, detail: problem.detail, fix: problem.fix });
  }
  if (proven !== undefined && token !== undefined) {
    const version = proven.health.version;
    checks.push({
      name: 'daemon version',
      ok: version === VERSION,
      detail: `daemon ${version}, this CLI ${VERSION}`,
      fix: "install the same browsertap on both machines ('browsertap stop' on the browser's machine restarts its daemon)",
    });
    checks.push(await mcpCheck(url, proven.host, token));
    const extension = (proven.health.extension ?? {}) as { connected?: boolean; version?: string };
    checks.push({
      name: 'extension',
      ok: extension.connected === true,
      detail:
        extension.connected === true
          ? `connected to that daemon (${extension.version === undefined ? 'version unknown' : `version ${extension.version}`})`
          : 'not connected to that daemon',
      fix: "on the browser's machine, load the browsertap extension in Chrome ('browsertap doctor' there says how)",
    });
  }
  return reportChecks(checks);
}

/** An MCP `initialize` on `/mcp` the way the bridge sends it (token, Host), then the session is ended. */
async function mcpCheck(url: string, host: string, token: string): Promise<Check> {
  const headers = {
    host,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'browsertap-doctor', version: VERSION } },
  };
  const answer = await send(url, 'POST', headers, JSON.stringify(init));
  const session = answer.headers?.['mcp-session-id'];
  if (answer.status !== 200 || typeof session !== 'string') {
    return {
      name: 'mcp',
      ok: false,
      detail: `${url}/mcp answered ${answer.status === 0 ? `nothing (${answer.error})` : `HTTP ${answer.status}`} to initialize`,
      fix: "run 'browsertap doctor' on the browser's machine; if it passes there, the forward or --listen address is what fails",
    };
  }
  await send(url, 'DELETE', { host, authorization: headers.authorization, 'mcp-session-id': session }, undefined);
  return { name: 'mcp', ok: true, detail: `${url}/mcp opened and closed a session with the token` };
}

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; headers?: Record<string, string | string[] | undefined>; error?: string }> {
  const target = new URL('/mcp', url);
  return new Promise((resolve) => {
    const req = request(
      {
        host: unbracketed(target.hostname),
        port: Number(target.port),
        path: target.pathname,
        method,
        agent: false,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on('error', (error) => resolve({ status: 0, error: error.message }));
      },
    );
    req.setTimeout(REMOTE_ANSWER_MS, () => req.destroy(new Error('no answer in time')));
    req.on('error', (error) => resolve({ status: 0, error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end(body);
  });
}
