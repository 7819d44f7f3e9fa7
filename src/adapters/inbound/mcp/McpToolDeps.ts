import type { ClearBuffers } from '../../../application/capture/ClearBuffers.js';
import type { ConfigureRecording } from '../../../application/capture/ConfigureRecording.js';
import type { GetReproduction } from '../../../application/capture/GetReproduction.js';
import type { GetSummary } from '../../../application/capture/GetSummary.js';
import type { ReadEntries } from '../../../application/capture/ReadEntries.js';
import type { ReadEntry } from '../../../application/capture/ReadEntry.js';
import type { ReadPages } from '../../../application/capture/ReadPages.js';
import type { ReadPerformance } from '../../../application/capture/ReadPerformance.js';
import type { ReadTimeline } from '../../../application/capture/ReadTimeline.js';
import type { AwaitCommandResult } from '../../../application/commands/AwaitCommandResult.js';
import type { GetCommandResult } from '../../../application/commands/GetCommandResult.js';
import type { ListCommands } from '../../../application/commands/ListCommands.js';
import type { ListFailedCommands } from '../../../application/commands/ListFailedCommands.js';
import type { QueueCommand } from '../../../application/commands/QueueCommand.js';
import type { QueueReplay } from '../../../application/commands/QueueReplay.js';
import type { GetHealth } from '../../../application/health/GetHealth.js';
import type { DeleteValue } from '../../../application/state/DeleteValue.js';
import type { ListKeys } from '../../../application/state/ListKeys.js';
import type { LoadValue } from '../../../application/state/LoadValue.js';
import type { ManageNoise } from '../../../application/state/ManageNoise.js';
import type { StoreValue } from '../../../application/state/StoreValue.js';
import type { ConfigureStreaming } from '../../../application/streaming/ConfigureStreaming.js';
import type { GetStreamingStatus } from '../../../application/streaming/GetStreamingStatus.js';
import type { TakeAlerts } from '../../../application/streaming/TakeAlerts.js';
import type { LoggerPort } from '../../../application/ports/LoggerPort.js';

/** The use cases the MCP tools drive. */
export interface McpToolDeps {
  readonly readEntries: ReadEntries;
  readonly readEntry: ReadEntry;
  readonly getSummary: GetSummary;
  readonly readPages: ReadPages;
  readonly readPerformance: ReadPerformance;
  readonly readTimeline: ReadTimeline;
  readonly getReproduction: GetReproduction;
  readonly queueCommand: QueueCommand;
  readonly queueReplay: QueueReplay;
  readonly awaitCommandResult: AwaitCommandResult;
  readonly getCommandResult: GetCommandResult;
  readonly listCommands: ListCommands;
  readonly listFailedCommands: ListFailedCommands;
  readonly storeValue: StoreValue;
  readonly loadValue: LoadValue;
  readonly listKeys: ListKeys;
  readonly deleteValue: DeleteValue;
  readonly manageNoise: ManageNoise;
  readonly clearBuffers: ClearBuffers;
  readonly configureRecording: ConfigureRecording;
  readonly getHealth: GetHealth;
  readonly configureStreaming: ConfigureStreaming;
  readonly getStreamingStatus: GetStreamingStatus;
  readonly takeAlerts: TakeAlerts;
  /** Where an unexpected failure of a tool call is logged, with its stack. */
  readonly logger: LoggerPort;
  /** Largest text block of a tool result, in UTF-8 bytes (docs/mcp-tools.md: 60 000). */
  readonly resultBudget: number;
  /** Resolves once the pattern engine is loaded: awaited before any call that compiles patterns (noise, streaming). */
  readonly patternsReady: () => Promise<void>;
}

/** Who is calling: one MCP session is one client (docs/architecture.md). */
export interface ClientContext {
  clientId: string;
  /** The browsertap version of the stdio bridge in front of this session, when there is one. */
  bridgeVersion?: string;
}
