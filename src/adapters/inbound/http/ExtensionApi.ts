import type { IngestEntries } from '../../../application/capture/IngestEntries.js';
import type { RecordingSwitch } from '../../../application/capture/RecordingSwitch.js';
import type { RecordPageEvent } from '../../../application/capture/RecordPageEvent.js';
import type { RecordPerformance } from '../../../application/capture/RecordPerformance.js';
import type { RecordCommandResult } from '../../../application/commands/RecordCommandResult.js';
import type { WaitForCommands } from '../../../application/commands/WaitForCommands.js';
import type { GetHealth } from '../../../application/health/GetHealth.js';
import type { GetStatus } from '../../../application/health/GetStatus.js';
import type { ClockPort } from '../../../application/ports/ClockPort.js';

/** The use cases the extension's HTTP API drives. */
export interface ExtensionApi {
  readonly waitForCommands: WaitForCommands;
  readonly recordResult: RecordCommandResult;
  readonly ingest: IngestEntries;
  readonly recordPage: RecordPageEvent;
  /** `POST /performance` (docs/mcp-tools.md). */
  readonly recordPerformance: RecordPerformance;
  readonly health: GetHealth;
  /** The status page's data (`GET /status.json`). */
  readonly status: GetStatus;
  /** What the extension records (docs/mcp-tools.md), sent with every poll answer. */
  readonly recording: RecordingSwitch;
  /** The daemon's clock: the channel's idle limit runs on it (docs/extension-protocol.md, "The channel"). */
  readonly clock: ClockPort;
}
