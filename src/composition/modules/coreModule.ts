import { ContainerModule } from 'inversify';
import { CommandDeadlines } from '../../application/commands/CommandDeadlines.js';
import { GetCommandResult } from '../../application/commands/GetCommandResult.js';
import { ListCommands } from '../../application/commands/ListCommands.js';
import { ListFailedCommands } from '../../application/commands/ListFailedCommands.js';
import { PollCommands } from '../../application/commands/PollCommands.js';
import { QueueCommand } from '../../application/commands/QueueCommand.js';
import { RecordCommandResult } from '../../application/commands/RecordCommandResult.js';
import { TYPES } from '../../application/tokens.js';
import { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import type { LifecycleRules } from '../../domain/command/LifecycleRules.js';

export interface CoreSettings {
  readonly rules: LifecycleRules;
  readonly sweepIntervalMs: number;
}

/** The domain core and the command use cases; independent of any technology. */
export function coreModule(settings: CoreSettings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TYPES.LifecycleRules).toConstantValue(settings.rules);
    bind(TYPES.SweepIntervalMs).toConstantValue(settings.sweepIntervalMs);
    bind(TYPES.CorrelationTracker).toConstantValue(new CorrelationTracker(settings.rules));
    bind(CommandDeadlines).toSelf().inSingletonScope();
    bind(QueueCommand).toSelf().inSingletonScope();
    bind(PollCommands).toSelf().inSingletonScope();
    bind(RecordCommandResult).toSelf().inSingletonScope();
    bind(GetCommandResult).toSelf().inSingletonScope();
    bind(ListCommands).toSelf().inSingletonScope();
    bind(ListFailedCommands).toSelf().inSingletonScope();
  });
}
