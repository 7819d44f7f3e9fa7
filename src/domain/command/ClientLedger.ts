import { RingBuffer } from '../buffer/RingBuffer.js';
import type { Command } from './Command.js';

/** One client's commands: in flight, completed (awaiting retrieval or TTL), and its failed ring. */
export class ClientLedger {
  readonly inFlight = new Map<string, Command>();
  readonly completed = new Map<string, Command>();
  readonly failed: RingBuffer<Command>;

  constructor(failedRingSize: number) {
    this.failed = new RingBuffer<Command>(failedRingSize);
  }

  get isEmpty(): boolean {
    return this.inFlight.size === 0 && this.completed.size === 0 && this.failed.size === 0;
  }
}
