/** Makes the identifiers commands carry. */
export interface IdGeneratorPort {
  /** `corr-<unix ms>-<8 lowercase hex>`, unique with overwhelming probability. */
  correlationId(now: number): string;
  /** `q-<n>`, n counting up from 1 for the life of the process (for logs). */
  queryId(): string;
}
