import { randomBytes } from 'node:crypto';
import { injectable } from 'inversify';
import type { IdGeneratorPort } from '../../../application/ports/IdGeneratorPort.js';

/** Correlation ids from the OS's CSPRNG; query ids from a process-wide counter. */
@injectable()
export class CryptoIdGenerator implements IdGeneratorPort {
  private queries = 0;

  correlationId(now: number): string {
    return `corr-${now}-${randomBytes(4).toString('hex')}`;
  }

  queryId(): string {
    return `q-${++this.queries}`;
  }
}
