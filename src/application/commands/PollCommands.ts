import { inject, injectable } from 'inversify';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import type { ClockPort } from '../ports/ClockPort.js';
import { TYPES } from '../tokens.js';
import { CommandDeadlines } from './CommandDeadlines.js';
import type { DeliveryPayload } from './CommandPayloads.js';
import { presentDelivery, presentResume } from './presentCommand.js';

export interface PollCommandsInput {
  /** Persistent per browser profile. */
  readonly instanceId: string;
  /** New at every start of the extension's service worker. */
  readonly bootId: string;
  /** The worker claims each command before it starts it, and can resume one (docs/extension-protocol.md). */
  readonly claims?: boolean;
}

/** Hands the polling extension worker every command it should run now (docs/architecture.md (the command lifecycle) leases). */
@injectable()
export class PollCommands {
  constructor(
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(CommandDeadlines) private readonly deadlines: CommandDeadlines,
  ) {}

  execute(input: PollCommandsInput): DeliveryPayload[] {
    const now = this.clock.now();
    const { deliveries, resumes, changes } = this.tracker.poll(input, now);
    this.deadlines.settle(changes);
    return [...resumes.map((command) => presentResume(command, now)), ...deliveries.map(presentDelivery)];
  }
}
