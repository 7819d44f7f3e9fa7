import { DomainError } from '../DomainError.js';
import { Command, type CommandView, type Lease } from './Command.js';
import { CommandBook, type ClientCommands } from './CommandBook.js';
import { deadlineOf, executionLimits, rejectionOf, type RejectReason } from './commandRules.js';
import type { CommandState } from './CommandState.js';
import { DeadlineQueue } from './DeadlineQueue.js';
import { failures } from './failures.js';
import type { LifecycleRules } from './LifecycleRules.js';
import type { CommandChange, CommandIds, CommandRequest, ReportAnswer, ResultReport } from './trackerTypes.js';
import { BootHistory } from './BootHistory.js';

export type { ClientCommands } from './CommandBook.js';
export type { RejectReason } from './commandRules.js';
export type { CommandChange, CommandIds, CommandRequest, ReportAnswer, ResultReport } from './trackerTypes.js';

/**
 * Every rule of docs/architecture.md (the command lifecycle) over all clients' commands. Pure: callers pass `now` and ids, and
 * schedule one timer for `nextDeadline()`, calling `advance(now)` when it fires.
 */
export class CorrelationTracker {
  private readonly book: CommandBook;
  private readonly deadlines = new DeadlineQueue();
  private readonly boots = new BootHistory();

  constructor(readonly rules: LifecycleRules) {
    this.book = new CommandBook(rules.failedRingSize);
  }

  /** True while `correlationId` is known (in flight, completed, or in a failed ring). */
  has(correlationId: string): boolean {
    return this.book.get(correlationId) !== undefined;
  }

  /** When the command finished (epoch ms; its page had settled), any client's, while it is known. */
  finishedAt(correlationId: string): number | undefined {
    return this.book.get(correlationId)?.timeline.finishedAt;
  }

  /**
   * Queues a command for the extension.
   * @throws DomainError `queue_full` (with `retry_after_ms`) when the client has
   *   `maxInFlightPerClient` commands in flight; `invalid_params` for a bad execution limit (a
   *   pick's may reach `pickMaxLimitMs`, any other's `maxExecutionLimitMs`) or client id; `duplicate_correlation_id` when the id is already in use.
   */
  enqueue(request: CommandRequest, ids: CommandIds, now: number): CommandView {
    const limits = executionLimits(request.action, this.rules);
    const limit = request.executionLimitMs ?? limits.defaultMs;
    this.validate(request, limit, limits.maxMs, ids);
    const inFlight = this.book.inFlightOf(request.clientId);
    if (inFlight.length >= this.rules.maxInFlightPerClient) {
      const retryAfterMs = this.retryAfter(inFlight, now);
      throw new DomainError(
        'queue_full',
        `${inFlight.length} commands are already in flight for this client (limit ${this.rules.maxInFlightPerClient}); retry after ${retryAfterMs} ms`,
        { retry_after_ms: retryAfterMs },
      );
    }
    const command = new Command({ ...request, ...ids, executionLimitMs: limit }, now);
    this.book.addQueued(command);
    this.schedule(command);
    return command;
  }

  /**
   * An extension worker asks for work. Returns, oldest first, the unclaimed commands this
   * instance held before its worker restarted (new `bootId`: they never started, so they are
   * delivered again), then the queued commands, as many as fit in `maxDeliveryWeight` (at least
   * one); and in `resumes` the commands the earlier worker had claimed, which a worker that
   * `claims` is asked to finish reporting (never to run again). Without `claims` such a command
   * fails `extension_restarted` at once: its result cannot come.
   * A poll with a boot id the instance has already moved on from gets nothing (docs/security.md).
   */
  poll(lease: Lease, now: number): { deliveries: CommandView[]; resumes: CommandView[]; changes: CommandChange[] } {
    const deliveries: CommandView[] = [];
    const resumes: CommandView[] = [];
    const changes: CommandChange[] = [];
    // A worker this instance has since replaced gets nothing: no redelivery, no new work.
    if (!this.boots.accept(lease.instanceId, lease.bootId)) return { deliveries, resumes, changes };
    for (const command of this.book.handedOut()) {
      const holder = command.lease as Lease;
      if (holder.instanceId !== lease.instanceId || holder.bootId === lease.bootId) continue;
      if (command.isRedeliverableTo(lease)) {
        command.deliver(lease, now);
        this.schedule(command);
        deliveries.push(command);
      } else if (command.isResumableBy(lease)) {
        command.resume(lease, now);
        resumes.push(command);
      } else {
        command.fail('error', failures.restarted(), now);
        changes.push(this.retire(command, 'running'));
      }
    }
    let weight = deliveries.reduce((sum, command) => sum + command.weight, 0);
    for (const command of this.book.queued()) {
      // One answer stays a size a poll can carry; the rest goes out with the next poll.
      if (deliveries.length > 0 && weight + command.weight > this.rules.maxDeliveryWeight) break;
      weight += command.weight;
      command.deliver(lease, now);
      this.book.markHandedOut(command);
      this.schedule(command);
      deliveries.push(command);
    }
    return { deliveries, resumes, changes };
  }

  /**
   * Records what the extension posted. A report that cannot apply (unknown id, never
   * delivered, duplicate) is answered `accepted: false` with the reason and changes nothing.
   */
  report(report: ResultReport, now: number): { answer: ReportAnswer; changes: CommandChange[] } {
    const command = this.book.get(report.correlationId);
    const reason = rejectionOf(command, report);
    if (reason !== undefined || command === undefined) {
      return { answer: { accepted: false, reason: reason ?? 'unknown_correlation_id' }, changes: [] };
    }
    const from = command.state;
    switch (report.status) {
      case 'pending':
        // The claiming worker asked again (its first answer was lost): the same answer, no change.
        if (command.state === 'running') return { answer: { accepted: true }, changes: [] };
        command.acknowledge(now);
        this.schedule(command);
        return { answer: { accepted: true }, changes: [{ command, from, to: 'running' }] };
      case 'complete':
        command.complete(report.result, now);
        return { answer: { accepted: true }, changes: [{ command, from, to: 'complete' }, ...this.holdResult(command, now)] };
      case 'error':
        command.fail('error', failures.reportedError(report.error, report.message), now, report.result);
        return { answer: { accepted: true }, changes: [this.retire(command, from)] };
      case 'timeout':
        command.fail(
          'timeout',
          failures.reportedTimeout(report.error, report.message, command.executionLimitMs),
          now,
          report.result,
        );
        return { answer: { accepted: true }, changes: [this.retire(command, from)] };
    }
  }

  /**
   * The client's own command; a final one is marked retrieved (so its result is deleted, not
   * expired, at its TTL).
   * @throws DomainError `unknown_correlation_id` for an id that is unknown, gone, or another client's.
   */
  retrieve(clientId: string, correlationId: string): CommandView {
    const command = this.book.get(correlationId);
    if (command === undefined || command.clientId !== clientId) {
      throw new DomainError(
        'unknown_correlation_id',
        `No command ${correlationId} for this client: the id is wrong, or its result was deleted after retrieval or left the failed ring`,
      );
    }
    if (command.state !== 'queued' && command.state !== 'delivered' && command.state !== 'running') {
      command.markRetrieved();
    }
    return command;
  }

  /** The client's commands, oldest first in each group; another client's never appear. */
  list(clientId: string): ClientCommands {
    return this.book.list(clientId);
  }

  /** The earliest moment (epoch ms) at which `advance` has work, if any. */
  nextDeadline(): number | undefined {
    return this.deadlines.next();
  }

  /** Applies every deadline that is `<= now`: expiry, no-response, backstop, result TTL. */
  advance(now: number): CommandChange[] {
    const changes: CommandChange[] = [];
    for (let id = this.deadlines.popDue(now); id !== undefined; id = this.deadlines.popDue(now)) {
      const command = this.book.get(id);
      if (command !== undefined) changes.push(this.lapse(command, now));
    }
    return changes;
  }

  /** Forgets a departed client and everything it had; later reports for its commands are unknown. */
  removeClient(clientId: string): number {
    const commands = this.book.removeClient(clientId);
    for (const command of commands) this.deadlines.delete(command.correlationId);
    return commands.length;
  }

  /** Every client's commands in flight and failed, at most `limit` of each (the status page). */
  overview(limit: number): { inFlight: CommandView[]; failed: CommandView[] } {
    return this.book.overview(limit);
  }

  /** Totals over all clients, for health output. */
  totals(): { clients: number; inFlight: number; completed: number; failed: number } {
    return this.book.totals();
  }

  private lapse(command: Command, now: number): CommandChange {
    const from = command.state;
    switch (from) {
      case 'queued':
        command.expire(failures.notPickedUp(this.rules), now);
        return this.retire(command, from);
      case 'delivered':
        command.expire(failures.noResponse(this.rules, command.lease?.claims === true), now);
        return this.retire(command, from);
      case 'running':
        command.fail('timeout', failures.backstop(command.executionLimitMs, this.rules), now);
        return this.retire(command, from);
      default: // complete: the result's TTL
        if (command.retrieved) return this.drop(command);
        command.expire(failures.resultExpired(this.rules), now);
        return this.retire(command, from);
    }
  }

  /** Keeps a completed result for its TTL; beyond the per-client cap a retrieved one goes first. */
  private holdResult(command: Command, now: number): CommandChange[] {
    const held = this.book.fileCompleted(command);
    this.schedule(command);
    const changes: CommandChange[] = [];
    const excess = held.length - this.rules.maxCompletedPerClient;
    const retrieved = held.filter((c) => c.retrieved).slice(0, Math.max(0, excess));
    const unretrieved = held.filter((c) => !c.retrieved).slice(0, Math.max(0, excess - retrieved.length));
    for (const victim of retrieved) changes.push(this.drop(victim));
    for (const victim of unretrieved) {
      victim.expire(failures.resultEvicted(this.rules), now);
      changes.push(this.retire(victim, 'complete'));
    }
    return changes;
  }

  /** Moves a command that just failed or expired into its client's failed ring. */
  private retire(command: Command, from: CommandState): CommandChange {
    this.deadlines.delete(command.correlationId);
    this.book.fileFailed(command);
    return { command, from, to: command.state };
  }

  /** Deletes a retrieved result. */
  private drop(command: Command): CommandChange {
    this.deadlines.delete(command.correlationId);
    this.book.delete(command);
    return { command, from: command.state, to: 'deleted' };
  }

  private schedule(command: Command): void {
    this.deadlines.set(command.correlationId, deadlineOf(command, this.rules));
  }

  /** A hint: the time to the soonest in-flight deadline, capped at `maxRetryAfterMs`, at least 1 ms. */
  private retryAfter(inFlight: readonly Command[], now: number): number {
    let soonest = this.rules.maxRetryAfterMs;
    for (const command of inFlight) soonest = Math.min(soonest, Math.max(1, deadlineOf(command, this.rules) - now));
    return soonest;
  }

  private validate(request: CommandRequest, limit: number, maxMs: number, ids: CommandIds): void {
    if (request.clientId.length === 0) throw new DomainError('invalid_params', 'clientId must not be empty');
    if (!Number.isInteger(limit) || limit < 1 || limit > maxMs) {
      throw new DomainError('invalid_params', `timeout_ms must be an integer from 1 to ${maxMs}, got ${limit}`);
    }
    if (this.has(ids.correlationId)) {
      throw new DomainError('duplicate_correlation_id', `correlation id ${ids.correlationId} is already in use`);
    }
  }
}
