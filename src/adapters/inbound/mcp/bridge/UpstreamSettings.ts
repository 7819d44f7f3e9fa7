import type { LoggerPort } from '../../../../application/ports/LoggerPort.js';

/** What the bridge's connection to the daemon (`DaemonUpstream`) is made with. */
export interface UpstreamSettings {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly endpoint: string;
  /**
   * Makes sure a daemon answers (starting one if needed) and that it proved it holds the token
   * (docs/security.md); resolves its version and the token to send it. Rejects with the reason for the
   * user (another program on the port, no token file…).
   */
  readonly ensureDaemon: () => Promise<{
    readonly version: string;
    readonly token: string;
    /** The Host header to send, when the endpoint's own would be refused (a daemon reached through a forward). */
    readonly host?: string;
  }>;
  readonly bridgeVersion: string;
  readonly logger: LoggerPort;
  /**
   * The daemon's URL when it runs on another machine (docs/install.md, `--daemon-url`): this bridge never
   * starts or stops it, and its messages say what to do there instead.
   */
  readonly remote?: string;
  /** A request with no answer after this long gets an error response (ms). */
  readonly requestTimeoutMs?: number;
}
