import { inject, injectable } from 'inversify';
import type { CommandChange, CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import type { Cancel, ClockPort } from '../ports/ClockPort.js';
import type { LoggerPort } from '../ports/LoggerPort.js';
import type { Waiters } from '../shared/Waiters.js';
import { TYPES } from '../tokens.js';
import { commandKey, slotKey } from './commandKeys.js';

/** States a command leaves flight in. */
const FINAL: ReadonlySet<string> = new Set(['complete', 'error', 'timeout', 'expired']);

/**
 * Drives the tracker's deadlines through the clock port: exactly one timer, armed for
 * `tracker.nextDeadline()`, plus a slow safety-net sweep. Use cases call `reschedule()` after
 * every change they make to the tracker.
 */
@injectable()
export class CommandDeadlines {
  private timer: Cancel | undefined;
  private timerAt: number | undefined;
  private sweep: Cancel | undefined;

  constructor(
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(TYPES.LoggerPort) private readonly logger: LoggerPort,
    @inject(TYPES.SweepIntervalMs) private readonly sweepIntervalMs: number,
    @inject(TYPES.Waiters) private readonly waiters: Waiters,
  ) {}

  /** Starts the safety-net sweep (every `SweepIntervalMs`). Calling it again does nothing. */
  start(): void {
    if (this.sweep !== undefined) return;
    const tick = (): void => {
      this.advance();
      this.sweep = this.clock.schedule(this.sweepIntervalMs, tick);
    };
    this.sweep = this.clock.schedule(this.sweepIntervalMs, tick);
  }

  /** Cancels every timer; nothing expires until `start`/`reschedule` is called again. */
  stop(): void {
    this.sweep?.();
    this.sweep = undefined;
    this.disarm();
  }

  /** Keeps the single deadline timer aimed at the tracker's earliest deadline. */
  reschedule(): void {
    const next = this.tracker.nextDeadline();
    if (next === this.timerAt) return;
    this.disarm();
    if (next === undefined) return;
    this.timerAt = next;
    this.timer = this.clock.schedule(Math.max(0, next - this.clock.now()), () => {
      this.timer = undefined;
      this.timerAt = undefined;
      this.advance();
    });
  }

  /** Applies every deadline due now, then settles what changed. */
  advance(): CommandChange[] {
    const changes = this.tracker.advance(this.clock.now());
    this.settle(changes);
    return changes;
  }

  /**
   * After any change to the tracker: logs the changes, wakes whoever waits on those commands,
   * and re-arms the timer.
   */
  settle(changes: readonly CommandChange[]): void {
    for (const { command, from, to } of changes) {
      // Failures matter to whoever reads the log; the normal path only when debugging.
      const failed = to === 'error' || to === 'timeout' || to === 'expired';
      (failed ? this.logger.info : this.logger.debug).call(this.logger, `command ${command.correlationId} ${from} → ${to}`, {
        correlation_id: command.correlationId,
        action: command.action,
        reason: command.failure?.code,
      });
      this.waiters.notify(commandKey(command.correlationId));
      if (FINAL.has(to)) this.waiters.notify(slotKey(command.clientId));
    }
    this.reschedule();
  }

  private disarm(): void {
    this.timer?.();
    this.timer = undefined;
    this.timerAt = undefined;
  }
}
