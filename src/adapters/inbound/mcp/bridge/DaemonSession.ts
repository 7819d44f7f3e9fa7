import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { DaemonConnection } from './DaemonConnection.js';
import type { DaemonStream } from './DaemonStream.js';
import type { UpstreamSettings } from './UpstreamSettings.js';

/**
 * The daemon session behind the client's: found (or started) daemon, proved, version-checked, and
 * re-opened with the client's own `initialize` parameters when the daemon or its session was lost,
 * with the client's `notifications/initialized`, subscription and GET stream renewed on it.
 */
export class DaemonSession {
  private initParams: unknown;
  private clientInitialized = false;
  private recovering: Promise<void> | undefined;
  private reinits = 0;
  /** A daemon session was opened once: opening another is a reconnection worth a warning. */
  private sessionOpened = false;
  private warnedVersion = false;

  constructor(
    private readonly settings: UpstreamSettings,
    private readonly connection: DaemonConnection,
    private readonly stream: DaemonStream,
  ) {}

  /** The client sent its `initialize`: a session can be (re-)opened for it. */
  get hasInitParams(): boolean {
    return this.initParams !== undefined;
  }

  /** The client's `initialize` parameters, for every session opened from now on; the current one is forgotten. */
  initializeWith(params: unknown): void {
    this.initParams = params;
    this.connection.forgetSession();
  }

  /** The client sent `notifications/initialized`: later sessions are told too, and the GET stream opens. */
  clientReady(): void {
    this.clientInitialized = true;
    this.stream.open();
  }

  /** Makes sure a daemon answers and, when asked and possible, re-opens our session on it. Single flight. */
  recover(reinitialize: boolean): Promise<void> {
    this.recovering ??= (async () => {
      try {
        const daemon = await this.settings.ensureDaemon();
        this.checkVersion(daemon.version);
        this.connection.trust(daemon);
        if (reinitialize && this.initParams !== undefined) await this.reinitialize();
      } catch (error) {
        this.connection.distrust(); // whatever holds the port now gets no token until a daemon proves itself
        throw error;
      } finally {
        this.recovering = undefined;
      }
    })();
    return this.recovering;
  }

  /** Opens a daemon session with the client's `initialize` parameters; says so when it replaces a lost one. */
  async reinitialize(): Promise<void> {
    const replacing = this.sessionOpened;
    this.connection.forgetSession();
    const init = {
      jsonrpc: '2.0' as const,
      id: `browsertap-bridge-reinit-${++this.reinits}`,
      method: 'initialize',
      params: this.initParams,
    };
    const { status } = await this.connection.post(init as JSONRPCMessage);
    if (this.connection.sessionId === undefined) throw new Error(`the daemon refused to re-open the session (HTTP ${status})`);
    this.sessionOpened = true;
    if (this.clientInitialized) await this.connection.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const renewed = await this.stream.renew(this.reinits);
    if (replacing) {
      this.settings.logger.warn(
        `reconnected to the daemon with a new MCP session (earlier command ids are gone${renewed ? '; the stream subscription was renewed' : ''})`,
      );
    }
    this.stream.end();
    if (this.clientInitialized) this.stream.open();
  }

  private checkVersion(daemonVersion: string): void {
    if (daemonVersion === this.settings.bridgeVersion || this.warnedVersion) return;
    this.warnedVersion = true;
    const fix =
      this.settings.remote === undefined
        ? "run 'browsertap stop' to restart it with this version"
        : `install the same version on both machines, then on the browser's machine run 'browsertap stop' and start the daemon again (this bridge never starts one at ${this.settings.remote})`;
    this.settings.logger.warn(
      `version mismatch: the running daemon is browsertap ${daemonVersion}, this bridge is ${this.settings.bridgeVersion}; ${fix}`,
      { daemon: daemonVersion, bridge: this.settings.bridgeVersion },
    );
  }
}
