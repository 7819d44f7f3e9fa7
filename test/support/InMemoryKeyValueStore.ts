import type { KeyValueStorePort } from '../../src/application/ports/KeyValueStorePort.js';

/** The agent's key/value store in a Map: values as the JSON text they were saved as. */
export class InMemoryKeyValueStore implements KeyValueStorePort {
  readonly values = new Map<string, string>();

  async save(key: string, json: string): Promise<void> {
    this.values.set(key, json);
  }

  async load(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }

  async keys(): Promise<string[]> {
    return [...this.values.keys()].sort();
  }

  async remove(key: string): Promise<boolean> {
    return this.values.delete(key);
  }
}
