/** The agent's persisted key/value store (`configure store/load/list_keys`); survives restarts. */
export interface KeyValueStorePort {
  /** Stores `data` (JSON) under `key`, atomically replacing any previous value. */
  save(key: string, data: unknown): Promise<void>;
  /** The stored value, or undefined when the key does not exist. */
  load(key: string): Promise<unknown>;
  /** Every stored key, sorted. */
  keys(): Promise<string[]>;
}
