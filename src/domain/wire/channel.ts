/**
 * The command channel between the extension's service worker and the daemon (docs/extension-protocol.md,
 * "The channel"): one WebSocket on the daemon's port, opened by the worker, on which the daemon
 * pushes commands and the worker sends its claims and results, each answered on the same socket.
 * Shared by the daemon, which serves it, and the extension, which opens it: pure types and numbers.
 * Every message is one JSON text frame; every body is the HTTP API's own (`POST /query-result`,
 * the `/pending-queries` answer), so the two ways of speaking to the daemon mean the same.
 */

import type { RecordingSettings } from './recording.js';

/** Where the channel is opened (`GET` with `Upgrade: websocket`), with the lease in its query string. */
export const CHANNEL_PATH = '/channel';

export const CHANNEL_LIMITS = Object.freeze({
  /** Largest message either side accepts (bytes): what `POST /query-result` takes. Past it the socket closes 1009. */
  maxMessageBytes: 1024 * 1024,
  /** The worker pings this often (ms): its traffic keeps an MV3 service worker alive (Chrome ≥ 116). */
  heartbeatMs: 20_000,
  /** A pong later than this after its ping (ms): the worker takes the channel as dead and opens another. */
  pongTimeoutMs: 10_000,
  /** The daemon closes a channel that said nothing for this long (ms): three heartbeats missed. */
  idleMs: 60_000,
  /** Channels the daemon keeps open at once (one per browser profile; more are refused 503). */
  maxChannels: 8,
  /** What the daemon lets wait in one channel's send buffer (bytes) before it closes it as stuck (1008). */
  maxBufferedBytes: 4 * 1024 * 1024,
  /** Requests one worker keeps waiting for answers; past it, its requests go over HTTP. */
  maxPending: 64,
});

/** Close codes the daemon uses besides the protocol's own (1000 normal, 1001 shutting down, 1009 too big). */
export const CHANNEL_CLOSE = Object.freeze({
  /** A message that is not JSON text of a known type, past the point of answering it (binary frames). */
  policy: 1008,
  /** A newer channel of the same browser profile took this one's place. */
  replaced: 4000,
  /** Nothing heard for `idleMs`. */
  idle: 4001,
  /** The send buffer passed `maxBufferedBytes`: the worker is not reading. */
  stuck: 4002,
});

/** What the recording of the person's session is set to (docs/mcp-tools.md), as every poll answer carries it. */
export type ChannelRecording = RecordingSettings;

/** Worker → daemon. */
export type WorkerMessage =
  /** A claim (`status: "pending"` with `boot_id`) or a final status: `POST /query-result`'s body. */
  { readonly type: 'result'; readonly id: number; readonly body: unknown } | { readonly type: 'ping'; readonly id: number };

/** Daemon → worker. */
export type DaemonMessage =
  /**
   * Commands to run, as `/pending-queries` answers them, with the recording settings: sent when
   * the channel opens, whenever commands are handed to this worker, and when recording changes.
   */
  | { readonly type: 'queries'; readonly queries: readonly unknown[]; readonly recording: ChannelRecording }
  /** `POST /query-result`'s answer to the request `id`. */
  | { readonly type: 'answer'; readonly id: number; readonly accepted: boolean; readonly reason?: string }
  | { readonly type: 'pong'; readonly id: number }
  /** A refused message, in the one error shape; `id` when the message had a readable one. */
  | { readonly type: 'error'; readonly id?: number; readonly error: string; readonly message: string };

/** Largest request id (ids are integers the worker counts up from 1). */
export const MAX_MESSAGE_ID = 2 ** 31 - 1;
