import { ContainerModule } from 'inversify';
import { TYPES } from '../../application/tokens.js';
import { V8Heap } from '../../adapters/outbound/heap/V8Heap.js';
import { CryptoIdGenerator } from '../../adapters/outbound/ids/CryptoIdGenerator.js';
import { StderrLogger, type LogLevel, type LogSink } from '../../adapters/outbound/logging/StderrLogger.js';
import { DeferredPatternCompiler } from '../../adapters/outbound/re2/DeferredPatternCompiler.js';

export interface SystemSettings {
  readonly logLevel: LogLevel;
  readonly logSink: LogSink;
}

/** Production outbound adapters other than time: crypto ids, stderr logging, V8's heap, the linear-time pattern engine (a `DeferredPatternCompiler`). */
export function systemModule(settings: SystemSettings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TYPES.IdGeneratorPort).to(CryptoIdGenerator).inSingletonScope();
    bind(TYPES.LoggerPort).toConstantValue(new StderrLogger(settings.logLevel, settings.logSink));
    bind(TYPES.HeapPort).toConstantValue(new V8Heap());
    // Loaded when first needed (DeferredPatternCompiler.ts says where that is awaited).
    bind(TYPES.PatternCompiler).toConstantValue(
      new DeferredPatternCompiler(
        async () => new (await import('../../adapters/outbound/re2/Re2PatternCompiler.js')).Re2PatternCompiler(),
      ),
    );
  });
}
