import { randomFillSync } from 'node:crypto';
import { injectable } from 'inversify';
import type { IdGeneratorPort } from '../../../application/ports/IdGeneratorPort.js';

/** Random bytes drawn from the OS's CSPRNG at once: 256 correlation ids' worth. */
const POOL_BYTES = 1_024;

/**
 * Correlation ids from the OS's CSPRNG; query ids from a process-wide counter. The random bytes
 * come from a pool filled 1 KB at a time: one call into the CSPRNG per id cost more than the
 * rest of queuing a command.
 */
@injectable()
export class CryptoIdGenerator implements IdGeneratorPort {
  private queries = 0;
  private readonly pool = Buffer.alloc(POOL_BYTES);
  private used = POOL_BYTES;

  correlationId(now: number): string {
    if (this.used + 4 > POOL_BYTES) {
      randomFillSync(this.pool);
      this.used = 0;
    }
    const hex = this.pool.toString('hex', this.used, this.used + 4);
    this.used += 4;
    return `corr-${now}-${hex}`;
  }

  queryId(): string {
    return `q-${++this.queries}`;
  }
}
