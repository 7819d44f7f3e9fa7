import { BlockList, isIP, SocketAddress } from 'node:net';
import { parseArgs } from 'node:util';
import { MCP_CLIENTS, type McpClientName } from '../../../domain/setup/mcpClients.js';
import { EXTENSION_ID, type AllowedExtensions } from '../../../domain/extension/ourExtension.js';
import { unbracketed } from '../../../domain/net/hostText.js';

export const COMMANDS = ['mcp', 'daemon', 'status', 'stop', 'setup', 'doctor', 'launch', 'extension', 'token'] as const;

const CLIENTS = MCP_CLIENTS;
export type CliCommand = (typeof COMMANDS)[number] | 'help' | 'version';
export type CliLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface CliOptions {
  readonly command: CliCommand;
  readonly port: number;
  readonly stateDir: string;
  /** Extension ids allowed on the extension API; absent means browsertap's own. */
  readonly extensions?: AllowedExtensions;
  readonly logLevel?: CliLogLevel;
  /** `daemon`: write the log to this file (rotated at 10 MB) instead of stderr. */
  readonly logFile?: string;
  /** `setup`: the client to configure. */
  readonly client?: McpClientName;
  /** `setup --print`: print the configuration instead of writing it. */
  readonly print?: boolean;
  /** `extension --zip FILE`. */
  readonly zip?: string;
  /** `launch` options. */
  readonly headless?: boolean;
  readonly browser?: string;
  readonly profile?: string;
  readonly url?: string;
  /** `status --open`: open the status page, unlocked, in the person's browser. */
  readonly open?: boolean;
  /** `stop --browser`: end the browser `launch` started (not the daemon). */
  readonly stopBrowser?: boolean;
  /**
   * `mcp`, `setup`, `doctor`: a daemon already running elsewhere, `http://HOST:PORT` (docs/install.md);
   * the bridge never starts one then.
   */
  readonly daemonUrl?: string;
  /** With `daemonUrl`: the file holding that daemon's token (`--token-file`, env BROWSERTAP_TOKEN_FILE). */
  readonly tokenFile?: string;
  /** With `daemonUrl`: the token itself, from env BROWSERTAP_TOKEN (never a flag: the process list is public). */
  readonly token?: string;
  /** `daemon --listen ADDRESS`: an address of this machine served besides 127.0.0.1 (`/mcp` and `/health` only). */
  readonly listen?: string;
}

export const DEFAULT_PORT = 7890;

export const USAGE = `usage: browsertap [command] [options]

  mcp                 MCP on stdio for an AI client (the default); starts the daemon if none answers
  setup <client>      add browsertap to a client's MCP configuration (${CLIENTS.join(', ')});
                      --print shows it instead of writing it
  extension           print the unpacked extension's folder (Chrome: Load unpacked); --zip FILE writes a zip
  doctor              check everything browsertap needs, with a fix for each failure
  launch              start Chrome/Chromium with the extension, on a fresh profile
                      [--headless] [--browser PATH] [--profile DIR] [--url URL]
  daemon              run the daemon in the foreground (127.0.0.1 only); status page at http://127.0.0.1:<port>/
  status              print the daemon's health as JSON; --open also opens the status page, unlocked,
                      in your browser (its address, with a key made from the token, is in status_page)
  stop                stop the running daemon; stop --browser ends the browser launch started
  token               print this state dir's token, to copy to an agent on another machine

agents on another machine (a container, WSL, an SSH host; docs/install.md):
  mcp --daemon-url URL [--token-file FILE]    use the daemon at URL (never start one), e.g. http://127.0.0.1:7890
                      through 'ssh -R 7890:127.0.0.1:7890 host'; the token from FILE (env BROWSERTAP_TOKEN_FILE,
                      or BROWSERTAP_TOKEN itself; default <state-dir>/token); env BROWSERTAP_DAEMON_URL
  setup <client> --daemon-url URL [--token-file FILE]    configure a client there with that bridge
  doctor --daemon-url URL [--token-file FILE]            check the way to that daemon, with the fix
  daemon --listen ADDRESS                     also serve /mcp (token required) on this machine's ADDRESS,
                      e.g. the Docker bridge or the WSL interface; the extension API stays on 127.0.0.1

options:
  --port N              daemon port (env BROWSERTAP_PORT, default ${DEFAULT_PORT})
  --state-dir DIR       token, pid, log and stored data (env BROWSERTAP_HOME, default ~/.browsertap)
  --extension-id IDS    extension ids the extension API answers, comma-separated, or * for any
                        (env BROWSERTAP_EXTENSION_ID; default: browsertap's own extension)
  --log-level LEVEL     debug|info|warn|error|silent (stderr)
  --log-file FILE       daemon: log to FILE, rotated at 10 MB (clients start it with <state-dir>/daemon.log)
  --version, --help`;

/**
 * Reads the command line and the BROWSERTAP_* environment (flags win).
 * @returns the options, or an error sentence for the user.
 */
export function parseCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  defaultStateDir: string,
): CliOptions | { error: string } {
  // `stop --browser` takes no value, `launch --browser PATH` does.
  const stopBrowser = argv[0] === 'stop' && argv.includes('--browser');
  if (stopBrowser) argv = argv.filter((arg) => arg !== '--browser');
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        'state-dir': { type: 'string' },
        'extension-id': { type: 'string' },
        'log-level': { type: 'string' },
        'log-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        print: { type: 'boolean' },
        zip: { type: 'string' },
        headless: { type: 'boolean' },
        browser: { type: 'string' },
        profile: { type: 'string' },
        url: { type: 'string' },
        open: { type: 'boolean' },
        'daemon-url': { type: 'string' },
        'token-file': { type: 'string' },
        listen: { type: 'string' },
      },
    });
  } catch (error) {
    return { error: (error as Error).message };
  }
  const { values, positionals } = parsed;
  const named = positionals[0] ?? 'mcp';
  if (!(COMMANDS as readonly string[]).includes(named)) return { error: `unknown command '${named}'` };
  let client: McpClientName | undefined;
  if (named === 'setup' && values.help !== true) {
    const wanted = positionals[1];
    if (wanted === undefined || !(CLIENTS as readonly string[]).includes(wanted)) {
      return { error: `setup needs one client: ${CLIENTS.join(', ')}${wanted === undefined ? '' : `; got '${wanted}'`}` };
    }
    client = wanted as McpClientName;
    if (positionals.length > 2) return { error: `setup takes one client, got: ${positionals.slice(1).join(' ')}` };
  } else if (positionals.length > 1) return { error: `one command at a time, got: ${positionals.join(' ')}` };
  const misplaced = (
    [
      ['print', 'setup'],
      ['zip', 'extension'],
      ['headless', 'launch'],
      ['browser', 'launch'],
      ['profile', 'launch'],
      ['url', 'launch'],
      ['open', 'status'],
    ] as const
  ).find(([flag, owner]) => values[flag] !== undefined && named !== owner);
  if (misplaced !== undefined) return { error: `--${misplaced[0]} belongs to '${misplaced[1]}', not '${named}'` };
  const remote = remoteOptions(named, values, env);
  if ('error' in remote) return remote;
  if (values.url !== undefined && !/^(https?:\/\/|about:blank$)/i.test(values.url)) {
    return { error: `--url must start with http:// or https://, got '${values.url.slice(0, 100)}'` };
  }
  const command: CliCommand = values.help === true ? 'help' : values.version === true ? 'version' : (named as CliCommand);

  const portText = values.port ?? env.BROWSERTAP_PORT ?? String(DEFAULT_PORT);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65_535)) return { error: `port must be a number from 0 to 65535, got '${portText}'` };

  const extensionText = values['extension-id'] ?? env.BROWSERTAP_EXTENSION_ID;
  const extensions = extensionText === undefined ? undefined : parseExtensions(extensionText);
  if (typeof extensions === 'string' && extensions !== '*') return { error: extensions };
  const logLevel = values['log-level'];
  if (logLevel !== undefined && !['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) {
    return { error: `log level must be debug, info, warn, error or silent, got '${logLevel}'` };
  }
  return {
    command,
    port,
    stateDir: values['state-dir'] ?? env.BROWSERTAP_HOME ?? defaultStateDir,
    ...(extensions === undefined ? {} : { extensions }),
    ...(logLevel === undefined ? {} : { logLevel: logLevel as CliLogLevel }),
    ...(values['log-file'] === undefined ? {} : { logFile: values['log-file'] }),
    ...(client === undefined ? {} : { client }),
    ...(values.print === true ? { print: true } : {}),
    ...(values.zip === undefined ? {} : { zip: values.zip }),
    ...(values.headless === true ? { headless: true } : {}),
    ...(values.browser === undefined ? {} : { browser: values.browser }),
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    ...(values.url === undefined ? {} : { url: values.url }),
    ...(values.open === true ? { open: true } : {}),
    ...(stopBrowser ? { stopBrowser: true } : {}),
    ...remote,
  };
}

/** Commands that can work with a daemon elsewhere (docs/install.md). */
const REMOTE_COMMANDS: readonly string[] = ['mcp', 'setup', 'doctor'];

/**
 * `--daemon-url`, `--token-file` (and their env) for `mcp`, `setup`, `doctor`; `--listen` for
 * `daemon`. The env is read only by the commands it concerns, so an exported
 * BROWSERTAP_DAEMON_URL does not change what `daemon` or `stop` do.
 */
function remoteOptions(
  named: string,
  values: { 'daemon-url'?: string; 'token-file'?: string; listen?: string; port?: string },
  env: Readonly<Record<string, string | undefined>>,
): Pick<CliOptions, 'daemonUrl' | 'tokenFile' | 'token' | 'listen'> | { error: string } {
  for (const flag of ['daemon-url', 'token-file'] as const) {
    if (values[flag] !== undefined && !REMOTE_COMMANDS.includes(named)) {
      return { error: `--${flag} belongs to 'mcp', 'setup' or 'doctor', not '${named}'` };
    }
  }
  if (values.listen !== undefined && named !== 'daemon') return { error: `--listen belongs to 'daemon', not '${named}'` };
  const options: { daemonUrl?: string; tokenFile?: string; token?: string; listen?: string } = {};
  if (values.listen !== undefined) {
    const listen = checkListen(values.listen);
    if (typeof listen !== 'string') return listen;
    options.listen = listen;
  }
  if (!REMOTE_COMMANDS.includes(named)) return options;
  const urlText = values['daemon-url'] ?? nonEmpty(env.BROWSERTAP_DAEMON_URL);
  if (urlText === undefined) {
    if (values['token-file'] !== undefined) return { error: '--token-file goes with --daemon-url (a daemon elsewhere)' };
    return options;
  }
  if (values.port !== undefined) {
    return { error: '--port and --daemon-url: the port is in the URL (http://HOST:PORT); give one of them' };
  }
  const url = checkDaemonUrl(urlText);
  if (typeof url !== 'string') return url;
  options.daemonUrl = url;
  const tokenFile =
    values['token-file'] ?? (nonEmpty(env.BROWSERTAP_TOKEN) === undefined ? nonEmpty(env.BROWSERTAP_TOKEN_FILE) : undefined);
  if (tokenFile !== undefined) options.tokenFile = tokenFile;
  else if (nonEmpty(env.BROWSERTAP_TOKEN) !== undefined) options.token = (env.BROWSERTAP_TOKEN as string).trim();
  return options;
}

const nonEmpty = (text: string | undefined): string | undefined => (text === undefined || text.trim() === '' ? undefined : text);

/** `http://HOST:PORT` (a trailing `/` or `/mcp` allowed) → its origin; an error sentence for anything else. */
function checkDaemonUrl(text: string): string | { error: string } {
  const shown = text.slice(0, 200);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `--daemon-url must be http://HOST:PORT, e.g. http://127.0.0.1:7890; got '${shown}'` };
  }
  if (url.protocol !== 'http:') {
    return {
      error:
        `--daemon-url must start with http:// (the daemon speaks plain HTTP: reach it through an SSH forward ` +
        `or a network only this machine has, docs/install.md); got '${shown}'`,
    };
  }
  if (
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== '' ||
    !['/', '/mcp'].includes(url.pathname)
  ) {
    return { error: `--daemon-url is http://HOST:PORT and nothing more (the token goes in --token-file); got '${shown}'` };
  }
  const port = url.port === '' && /^http:\/\/[^/]*:0*80(\/|$)/i.test(text) ? '80' : url.port;
  if (port === '')
    return { error: `--daemon-url needs the daemon's port: http://${url.host}:7890 (7890 unless it was started with --port)` };
  return `http://${url.hostname}:${port}`;
}

/**
 * The unspecified address of each family, judged by the parsed value (`::0.0.0.0`, `0:0::0`,
 * `::%eth0`), and in IPv6 the IPv4-mapped `::ffff:0.0.0.0` (BlockList checks those against the
 * IPv4 rules): binding any of them serves every interface.
 */
const UNSPECIFIED = new BlockList();
UNSPECIFIED.addAddress('0.0.0.0', 'ipv4');
UNSPECIFIED.addAddress('::', 'ipv6');

/**
 * 0.0.0.0 in the older spellings Node's parser refuses but the C library's (inet_aton, which a
 * name lookup falls back to) reads as zero: `0`, `00.0.0.0`, `0x0.0`, `000.000.000.000`.
 */
const LEGACY_ZERO = /^(?:0x0*|0+)(?:\.(?:0x0*|0+)){0,3}$/i;

/** An IP address of this machine to serve besides loopback; not a wildcard, not a name. */
function checkListen(text: string): string | { error: string } {
  const address = unbracketed(text.trim());
  const shown = text.slice(0, 100);
  const family = isIP(address);
  const unspecified = family === 0 ? LEGACY_ZERO.test(address) : UNSPECIFIED.check(address, family === 4 ? 'ipv4' : 'ipv6');
  if (unspecified) {
    const value = family === 6 ? new SocketAddress({ address, family: 'ipv6' }).address : '0.0.0.0';
    return {
      error: `--listen ${shown} would serve every network this machine is on (it reads as ${value}, the unspecified address): give the one address agents reach it by (e.g. 172.17.0.1 for Docker)`,
    };
  }
  if (family === 0) {
    return {
      error: `--listen takes an IP address of this machine (e.g. the Docker bridge's, 172.17.0.1, or WSL's interface; see 'ip addr'), got '${shown}'`,
    };
  }
  return address;
}

/** `ID[,ID…]` or `*` → the allowed list; an error sentence for anything else. */
function parseExtensions(text: string): AllowedExtensions | string {
  if (text.trim() === '*') return '*';
  const ids = text.split(',').map((id) => id.trim());
  const bad = ids.find((id) => !EXTENSION_ID.test(id));
  if (bad !== undefined) {
    return `extension id must be 32 letters a-p (as chrome://extensions shows it), or * for any; got '${bad.slice(0, 40)}'`;
  }
  return ids;
}

/** The `--extension-id` value for a list (to pass it on to a daemon the bridge starts). */
export function formatExtensions(extensions: AllowedExtensions): string {
  return extensions === '*' ? '*' : extensions.join(',');
}
