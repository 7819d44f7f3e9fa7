import { ContainerModule } from 'inversify';
import { TYPES } from '../../application/tokens.js';
import { CryptoIdGenerator } from '../../adapters/outbound/ids/CryptoIdGenerator.js';
import { StderrLogger, type LogLevel, type LogSink } from '../../adapters/outbound/logging/StderrLogger.js';

export interface SystemSettings {
  readonly logLevel: LogLevel;
  readonly logSink: LogSink;
}

/** Production outbound adapters other than time: crypto ids and stderr logging. */
export function systemModule(settings: SystemSettings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TYPES.IdGeneratorPort).to(CryptoIdGenerator).inSingletonScope();
    bind(TYPES.LoggerPort).toConstantValue(new StderrLogger(settings.logLevel, settings.logSink));
  });
}
