import { ContainerModule, type Newable } from 'inversify';
import { ClearBuffers } from '../../application/capture/ClearBuffers.js';
import { CollectWhenQuiet } from '../../application/capture/CollectWhenQuiet.js';
import { ConfigureRecording } from '../../application/capture/ConfigureRecording.js';
import { IngestEntries } from '../../application/capture/IngestEntries.js';
import { PickImages } from '../../application/capture/PickImages.js';
import { GetSummary } from '../../application/capture/GetSummary.js';
import { ReadEntries } from '../../application/capture/ReadEntries.js';
import { ReadEntry } from '../../application/capture/ReadEntry.js';
import { ReadPages } from '../../application/capture/ReadPages.js';
import { ReadTimeline } from '../../application/capture/ReadTimeline.js';
import { GetReproduction } from '../../application/capture/GetReproduction.js';
import { RecordingSwitch } from '../../application/capture/RecordingSwitch.js';
import { RecordPageEvent } from '../../application/capture/RecordPageEvent.js';
import { AwaitCommandResult } from '../../application/commands/AwaitCommandResult.js';
import { CommandDeadlines } from '../../application/commands/CommandDeadlines.js';
import { ForgetClient } from '../../application/commands/ForgetClient.js';
import { GetCommandResult } from '../../application/commands/GetCommandResult.js';
import { ListCommands } from '../../application/commands/ListCommands.js';
import { ListFailedCommands } from '../../application/commands/ListFailedCommands.js';
import { PollCommands } from '../../application/commands/PollCommands.js';
import { QueueCommand } from '../../application/commands/QueueCommand.js';
import { AnnotatePickResult } from '../../application/commands/AnnotatePickResult.js';
import { AnnotateReplayResult } from '../../application/commands/AnnotateReplayResult.js';
import { QueueReplay } from '../../application/commands/QueueReplay.js';
import { ReplayPlans } from '../../application/commands/ReplayPlans.js';
import { RecordCommandResult } from '../../application/commands/RecordCommandResult.js';
import { WaitForCommands } from '../../application/commands/WaitForCommands.js';
import { GetHealth } from '../../application/health/GetHealth.js';
import { GetStatus } from '../../application/health/GetStatus.js';
import type { DaemonInfo } from '../../application/shared/DaemonInfo.js';
import { ClientTabs } from '../../application/shared/ClientTabs.js';
import { ExtensionPresence } from '../../application/shared/ExtensionPresence.js';
import { Waiters } from '../../application/shared/Waiters.js';
import { DeleteValue } from '../../application/state/DeleteValue.js';
import { ListKeys } from '../../application/state/ListKeys.js';
import { LoadValue } from '../../application/state/LoadValue.js';
import { ManageNoise } from '../../application/state/ManageNoise.js';
import { StoreValue } from '../../application/state/StoreValue.js';
import { ConfigureStreaming } from '../../application/streaming/ConfigureStreaming.js';
import { GetStreamingStatus } from '../../application/streaming/GetStreamingStatus.js';
import { StreamDispatcher } from '../../application/streaming/StreamDispatcher.js';
import { TakeAlerts } from '../../application/streaming/TakeAlerts.js';
import { TYPES } from '../../application/tokens.js';
import { NoiseRules } from '../../domain/capture/NoiseRules.js';
import { PageRegistry } from '../../domain/capture/PageRegistry.js';
import { Sanitizer } from '../../domain/capture/sanitize.js';
import { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import type { LifecycleRules } from '../../domain/command/LifecycleRules.js';
import { Redactor } from '../../domain/privacy/Redactor.js';

export interface CoreSettings {
  readonly rules: LifecycleRules;
  readonly sweepIntervalMs: number;
  readonly daemon: DaemonInfo;
  /** Largest JSON text of one list answer (characters). */
  readonly resultBudget: number;
}

const USE_CASES = [
  QueueCommand,
  QueueReplay,
  AnnotateReplayResult,
  AnnotatePickResult,
  PollCommands,
  WaitForCommands,
  RecordCommandResult,
  GetCommandResult,
  AwaitCommandResult,
  ListCommands,
  ListFailedCommands,
  ForgetClient,
  IngestEntries,
  RecordPageEvent,
  ReadEntries,
  ReadEntry,
  GetSummary,
  ReadPages,
  ClearBuffers,
  ReadTimeline,
  GetReproduction,
  ConfigureRecording,
  StoreValue,
  LoadValue,
  ListKeys,
  DeleteValue,
  ManageNoise,
  GetHealth,
  GetStatus,
  ConfigureStreaming,
  GetStreamingStatus,
  TakeAlerts,
] as const;

/** The domain core and every use case; independent of any technology. */
export function coreModule(settings: CoreSettings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TYPES.LifecycleRules).toConstantValue(settings.rules);
    bind(TYPES.SweepIntervalMs).toConstantValue(settings.sweepIntervalMs);
    bind(TYPES.DaemonInfo).toConstantValue(settings.daemon);
    bind(TYPES.ResultBudget).toConstantValue(settings.resultBudget);
    bind(TYPES.CorrelationTracker).toConstantValue(new CorrelationTracker(settings.rules));
    bind(TYPES.NoiseRules)
      .toDynamicValue((context) => new NoiseRules(context.get(TYPES.PatternCompiler)))
      .inSingletonScope();
    bind(TYPES.PageRegistry).toConstantValue(new PageRegistry());
    bind(TYPES.Sanitizer).toConstantValue(new Sanitizer(new Redactor()));
    bind(TYPES.Waiters)
      .toDynamicValue((context) => new Waiters(context.get(TYPES.ClockPort)))
      .inSingletonScope();
    bind(ExtensionPresence).toSelf().inSingletonScope();
    bind(RecordingSwitch).toSelf().inSingletonScope();
    bind(ClientTabs).toSelf().inSingletonScope();
    bind(CommandDeadlines).toSelf().inSingletonScope();
    bind(ReplayPlans).toSelf().inSingletonScope();
    bind(PickImages).toSelf().inSingletonScope();
    bind(CollectWhenQuiet).toSelf().inSingletonScope();
    bind(StreamDispatcher).toSelf().inSingletonScope();
    for (const useCase of USE_CASES)
      bind(useCase as Newable<object>)
        .toSelf()
        .inSingletonScope();
  });
}
