import { ContainerModule } from 'inversify';
import { TYPES } from '../../application/tokens.js';
import { FileStateStore } from '../../adapters/outbound/fs/FileStateStore.js';
import { InMemoryCaptureStore } from '../../adapters/outbound/memory/InMemoryCaptureStore.js';
import type { BufferName } from '../../domain/wire/entries.js';

export interface StorageSettings {
  readonly stateDir: string;
  readonly capacities?: Readonly<Record<BufferName, number>>;
}

/** Captured entries in memory (bounded ring buffers); the agent's values and settings as files. */
export function storageModule(settings: StorageSettings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TYPES.CaptureStorePort).toConstantValue(new InMemoryCaptureStore(settings.capacities));
    const files = new FileStateStore(settings.stateDir);
    bind(TYPES.KeyValueStorePort).toConstantValue(files);
    bind(TYPES.SettingsStorePort).toConstantValue(files);
  });
}
