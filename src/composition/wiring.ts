import type { Container } from 'inversify';
import { ClearBuffers } from '../application/capture/ClearBuffers.js';
import { ConfigureRecording } from '../application/capture/ConfigureRecording.js';
import { IngestEntries } from '../application/capture/IngestEntries.js';
import { GetReproduction } from '../application/capture/GetReproduction.js';
import { GetSummary } from '../application/capture/GetSummary.js';
import { ReadEntries } from '../application/capture/ReadEntries.js';
import { ReadEntry } from '../application/capture/ReadEntry.js';
import { ReadPages } from '../application/capture/ReadPages.js';
import { ReadPerformance } from '../application/capture/ReadPerformance.js';
import { RecordPerformance } from '../application/capture/RecordPerformance.js';
import { ReadTimeline } from '../application/capture/ReadTimeline.js';
import { RecordingSwitch } from '../application/capture/RecordingSwitch.js';
import { RecordPageEvent } from '../application/capture/RecordPageEvent.js';
import { AwaitCommandResult } from '../application/commands/AwaitCommandResult.js';
import { GetCommandResult } from '../application/commands/GetCommandResult.js';
import { ListCommands } from '../application/commands/ListCommands.js';
import { ListFailedCommands } from '../application/commands/ListFailedCommands.js';
import { QueueCommand } from '../application/commands/QueueCommand.js';
import { QueueReplay } from '../application/commands/QueueReplay.js';
import { RecordCommandResult } from '../application/commands/RecordCommandResult.js';
import { WaitForCommands } from '../application/commands/WaitForCommands.js';
import { GetHealth } from '../application/health/GetHealth.js';
import { GetStatus } from '../application/health/GetStatus.js';
import { ListKeys } from '../application/state/ListKeys.js';
import { LoadValue } from '../application/state/LoadValue.js';
import { ManageNoise } from '../application/state/ManageNoise.js';
import { StoreValue } from '../application/state/StoreValue.js';
import { ConfigureStreaming } from '../application/streaming/ConfigureStreaming.js';
import { GetStreamingStatus } from '../application/streaming/GetStreamingStatus.js';
import { TakeAlerts } from '../application/streaming/TakeAlerts.js';
import type { ExtensionApi } from '../adapters/inbound/http/ExtensionApi.js';
import type { McpToolDeps } from '../adapters/inbound/mcp/McpToolDeps.js';
import { TYPES } from '../application/tokens.js';
import { DeleteValue } from '../application/state/DeleteValue.js';
import { DeferredPatternCompiler } from '../adapters/outbound/re2/DeferredPatternCompiler.js';

/** The use cases the MCP tools drive, from the container. */
export function mcpToolDeps(container: Container): McpToolDeps {
  return {
    readEntries: container.get(ReadEntries),
    readEntry: container.get(ReadEntry),
    getSummary: container.get(GetSummary),
    readPages: container.get(ReadPages),
    readPerformance: container.get(ReadPerformance),
    readTimeline: container.get(ReadTimeline),
    getReproduction: container.get(GetReproduction),
    queueCommand: container.get(QueueCommand),
    queueReplay: container.get(QueueReplay),
    awaitCommandResult: container.get(AwaitCommandResult),
    getCommandResult: container.get(GetCommandResult),
    listCommands: container.get(ListCommands),
    listFailedCommands: container.get(ListFailedCommands),
    storeValue: container.get(StoreValue),
    loadValue: container.get(LoadValue),
    listKeys: container.get(ListKeys),
    deleteValue: container.get(DeleteValue),
    manageNoise: container.get(ManageNoise),
    clearBuffers: container.get(ClearBuffers),
    configureRecording: container.get(ConfigureRecording),
    getHealth: container.get(GetHealth),
    configureStreaming: container.get(ConfigureStreaming),
    getStreamingStatus: container.get(GetStreamingStatus),
    takeAlerts: container.get(TakeAlerts),
    logger: container.get(TYPES.LoggerPort),
    resultBudget: container.get(TYPES.ResultBudget),
    patternsReady: () => loadPatternEngine(container),
  };
}

/** Loads the pattern engine (re2js) when the container defers it (DeferredPatternCompiler.ts). */
export async function loadPatternEngine(container: Container): Promise<void> {
  const compiler = container.get(TYPES.PatternCompiler);
  if (compiler instanceof DeferredPatternCompiler) await compiler.load();
}

/** The use cases the extension's HTTP API drives, from the container. */
export function extensionApi(container: Container): ExtensionApi {
  return {
    waitForCommands: container.get(WaitForCommands),
    recordResult: container.get(RecordCommandResult),
    ingest: container.get(IngestEntries),
    recordPage: container.get(RecordPageEvent),
    recordPerformance: container.get(RecordPerformance),
    health: container.get(GetHealth),
    status: container.get(GetStatus),
    recording: container.get(RecordingSwitch),
    clock: container.get(TYPES.ClockPort),
  };
}
