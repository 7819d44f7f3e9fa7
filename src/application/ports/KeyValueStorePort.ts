/**
 * The agent's persisted key/value store (`configure store/load/list_keys/delete`); survives
 * restarts. Every method throws the DomainError `storage_unavailable` (naming the cause and
 * where) when the disk is full, read-only or forbidden.
 */
export interface KeyValueStorePort {
  /** Stores `json` (the value's JSON text) under `key`, atomically replacing any previous value. */
  save(key: string, json: string): Promise<void>;
  /** The stored value's JSON text, or undefined when the key does not exist. */
  load(key: string): Promise<string | undefined>;
  /** Every stored key, sorted. */
  keys(): Promise<string[]>;
  /** Removes the key; false when there was none. */
  remove(key: string): Promise<boolean>;
}
