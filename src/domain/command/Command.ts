import { DomainError } from '../DomainError.js';
import type { CommandState } from './CommandState.js';
import type { Failure } from './Failure.js';

/** The extension worker a command was handed to: a browser profile and one start of its worker. */
export interface Lease {
  readonly instanceId: string;
  readonly bootId: string;
  /**
   * The worker claims each command before it starts it (a `pending` carrying its boot id) and
   * can resume one its instance's earlier worker had claimed (docs/extension-protocol.md, Leases).
   * Without it (an older extension), a command it acknowledged is lost when its worker restarts.
   */
  readonly claims?: boolean;
}

/** When each step happened (epoch ms) and how many times the command was handed out. */
export interface Timeline {
  readonly queuedAt: number;
  readonly deliveredAt?: number;
  readonly ackedAt?: number;
  readonly finishedAt?: number;
  readonly expiredAt?: number;
  /** When a restarted worker of the holding instance was last asked for the outcome of this running command. */
  readonly resumedAt?: number;
  readonly attempts: number;
}

export interface NewCommand {
  readonly correlationId: string;
  readonly queryId: string;
  readonly clientId: string;
  readonly action: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly tabId?: number;
  /** Without `tabId`: the tab this client last acted on, which the extension prefers to the active one. */
  readonly defaultTabId?: number;
  readonly executionLimitMs: number;
  /** What delivering the params costs (characters of their JSON; 0 when unknown). */
  readonly weight?: number;
}

/** The params of a command that has ended: nothing is kept (docs/security.md, memory follows the work). */
const RELEASED: Readonly<Record<string, unknown>> = Object.freeze({});

/** What readers may see of a command: everything, but no transitions. */
export interface CommandView {
  readonly correlationId: string;
  readonly queryId: string;
  readonly clientId: string;
  readonly action: string;
  /** Its arguments while it can still be delivered; empty once it has ended (however it ended). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly weight: number;
  readonly tabId: number | undefined;
  readonly defaultTabId: number | undefined;
  readonly executionLimitMs: number;
  readonly state: CommandState;
  readonly timeline: Timeline;
  readonly lease: Lease | undefined;
  readonly result: unknown;
  readonly failure: Failure | undefined;
  readonly retrieved: boolean;
}

/**
 * One browser command and its state machine (docs/architecture.md (the command lifecycle)). Every transition takes `now` and
 * records it; an illegal transition throws `DomainError('illegal_transition')` and changes nothing.
 */
export class Command implements CommandView {
  readonly correlationId: string;
  readonly queryId: string;
  readonly clientId: string;
  readonly action: string;
  readonly weight: number;
  readonly tabId: number | undefined;
  readonly defaultTabId: number | undefined;
  readonly executionLimitMs: number;

  private args: Readonly<Record<string, unknown>>;
  private current: CommandState = 'queued';
  private times: Timeline;
  private holder: Lease | undefined;
  private outcome: unknown;
  private why: Failure | undefined;
  private seen = false;

  constructor(spec: NewCommand, now: number) {
    this.correlationId = spec.correlationId;
    this.queryId = spec.queryId;
    this.clientId = spec.clientId;
    this.action = spec.action;
    this.args = spec.params;
    this.weight = spec.weight ?? 0;
    this.tabId = spec.tabId;
    this.defaultTabId = spec.tabId === undefined ? spec.defaultTabId : undefined;
    this.executionLimitMs = spec.executionLimitMs;
    this.times = { queuedAt: now, attempts: 0 };
  }

  get params(): Readonly<Record<string, unknown>> {
    return this.args;
  }

  get state(): CommandState {
    return this.current;
  }

  get timeline(): Timeline {
    return this.times;
  }

  get lease(): Lease | undefined {
    return this.holder;
  }

  /** What the extension posted with `complete` (or with `error`, if anything). */
  get result(): unknown {
    return this.outcome;
  }

  get failure(): Failure | undefined {
    return this.why;
  }

  /** True once the owning client has read the final result. */
  get retrieved(): boolean {
    return this.seen;
  }

  /**
   * True when `lease` is the same extension instance as the current holder but a new start of
   * its service worker, and the command was never acknowledged: the only case that re-delivers.
   */
  isRedeliverableTo(lease: Lease): boolean {
    return (
      this.current === 'delivered' &&
      this.holder !== undefined &&
      this.holder.instanceId === lease.instanceId &&
      this.holder.bootId !== lease.bootId
    );
  }

  /**
   * True when `lease` is a new start of the worker that claimed this running command, and it can
   * resume it: it is asked what the command's one run gave, never to run it again.
   */
  isResumableBy(lease: Lease): boolean {
    return (
      this.current === 'running' &&
      lease.claims === true &&
      this.holder !== undefined &&
      this.holder.instanceId === lease.instanceId &&
      this.holder.bootId !== lease.bootId
    );
  }

  /** True when `bootId` is the worker start this command is leased to now. */
  isLeasedTo(bootId: string): boolean {
    return this.holder?.bootId === bootId;
  }

  /** queued → delivered, or delivered → delivered for a restarted worker of the same instance. */
  deliver(lease: Lease, now: number): void {
    if (this.current !== 'queued' && !this.isRedeliverableTo(lease)) this.refuse('deliver');
    this.current = 'delivered';
    this.holder = lease;
    this.times = { ...this.times, deliveredAt: now, attempts: this.times.attempts + 1 };
  }

  /** running → running: the claim passes to a restarted worker of its instance, which reports the outcome. */
  resume(lease: Lease, now: number): void {
    if (!this.isResumableBy(lease)) this.refuse('resume');
    this.holder = lease;
    this.times = { ...this.times, resumedAt: now };
  }

  /** delivered → running: the extension said `pending` (it claimed the command and starts it). */
  acknowledge(now: number): void {
    if (this.current !== 'delivered') this.refuse('acknowledge');
    this.current = 'running';
    this.times = { ...this.times, ackedAt: now };
  }

  /** delivered | running → complete, keeping exactly what the extension posted. */
  complete(result: unknown, now: number): void {
    this.requireExecuting('complete');
    this.current = 'complete';
    this.args = RELEASED;
    this.outcome = result;
    this.times = { ...this.times, ackedAt: this.times.ackedAt ?? now, finishedAt: now };
  }

  /** delivered | running → error | timeout. */
  fail(state: 'error' | 'timeout', failure: Failure, now: number, result?: unknown): void {
    this.requireExecuting(state);
    this.current = state;
    this.args = RELEASED;
    this.why = failure;
    this.outcome = result;
    this.times = { ...this.times, finishedAt: now };
  }

  /** Any in-flight state, or an unretrieved `complete` result → expired. */
  expire(failure: Failure, now: number): void {
    const allowed =
      this.current === 'queued' ||
      this.current === 'delivered' ||
      this.current === 'running' ||
      (this.current === 'complete' && !this.seen);
    if (!allowed) this.refuse('expire');
    this.current = 'expired';
    this.args = RELEASED;
    this.why = failure;
    this.times = { ...this.times, finishedAt: this.times.finishedAt ?? now, expiredAt: now };
  }

  /** The owning client read the final result: it will be deleted, not expired, at its TTL. */
  markRetrieved(): void {
    this.seen = true;
  }

  private requireExecuting(target: string): void {
    if (this.current !== 'delivered' && this.current !== 'running') this.refuse(target);
  }

  private refuse(target: string): never {
    throw new DomainError('illegal_transition', `Command ${this.correlationId} cannot ${target} from state '${this.current}'`, {
      correlation_id: this.correlationId,
      from: this.current,
      to: target,
    });
  }
}
