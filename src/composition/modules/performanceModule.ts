import { ContainerModule } from 'inversify';
import { InMemoryPerformanceStore } from '../../adapters/outbound/memory/InMemoryPerformanceStore.js';
import { ReadPerformance } from '../../application/capture/ReadPerformance.js';
import { RecordPerformance } from '../../application/capture/RecordPerformance.js';
import { TYPES } from '../../application/tokens.js';

/** Where the time goes (docs/mcp-tools.md): the pages' performance records in memory, and their use cases. */
export function performanceModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TYPES.PerformanceStorePort).toConstantValue(new InMemoryPerformanceStore());
    bind(RecordPerformance).toSelf().inSingletonScope();
    bind(ReadPerformance).toSelf().inSingletonScope();
  });
}
