import { ClientLedger } from './ClientLedger.js';
import type { Command, CommandView } from './Command.js';

export interface ClientCommands {
  readonly inFlight: readonly CommandView[];
  readonly completed: readonly CommandView[];
  readonly failed: readonly CommandView[];
}

/**
 * Where every command is kept: one index by correlation id, a ledger per client, the pickup
 * queue (FIFO) and the set handed out to an extension. It moves commands between places and
 * keeps the indexes consistent; the rules of when to move them live in `CorrelationTracker`.
 */
export class CommandBook {
  private readonly byId = new Map<string, Command>();
  private readonly ledgers = new Map<string, ClientLedger>();
  private readonly awaiting = new Map<string, Command>();
  private readonly outstanding = new Map<string, Command>();

  constructor(private readonly failedRingSize: number) {}

  get(correlationId: string): Command | undefined {
    return this.byId.get(correlationId);
  }

  inFlightOf(clientId: string): readonly Command[] {
    return [...(this.ledgers.get(clientId)?.inFlight.values() ?? [])];
  }

  /** Queued commands, oldest first. */
  queued(): readonly Command[] {
    return [...this.awaiting.values()];
  }

  /** Delivered or running commands. */
  handedOut(): readonly Command[] {
    return [...this.outstanding.values()];
  }

  addQueued(command: Command): void {
    this.byId.set(command.correlationId, command);
    this.ledgerFor(command.clientId).inFlight.set(command.correlationId, command);
    this.awaiting.set(command.correlationId, command);
  }

  markHandedOut(command: Command): void {
    this.awaiting.delete(command.correlationId);
    this.outstanding.set(command.correlationId, command);
  }

  /** Files a completed command; returns the client's completed results, oldest first. */
  fileCompleted(command: Command): readonly Command[] {
    const ledger = this.ledgerFor(command.clientId);
    this.detach(command, ledger);
    ledger.completed.set(command.correlationId, command);
    return [...ledger.completed.values()];
  }

  /** Files a failed or expired command in its client's ring; returns what the ring evicted. */
  fileFailed(command: Command): Command | undefined {
    const ledger = this.ledgerFor(command.clientId);
    this.detach(command, ledger);
    const { evicted } = ledger.failed.push(command);
    if (evicted !== undefined) this.byId.delete(evicted.correlationId);
    return evicted;
  }

  /** Forgets a command entirely (a retrieved result at its end). */
  delete(command: Command): void {
    const ledger = this.ledgerFor(command.clientId);
    this.detach(command, ledger);
    this.byId.delete(command.correlationId);
    if (ledger.isEmpty) this.ledgers.delete(command.clientId);
  }

  /** Forgets a client and returns every command it had. */
  removeClient(clientId: string): readonly Command[] {
    const ledger = this.ledgers.get(clientId);
    if (ledger === undefined) return [];
    const commands = [...ledger.inFlight.values(), ...ledger.completed.values(), ...ledger.failed.values()];
    for (const command of commands) {
      this.byId.delete(command.correlationId);
      this.awaiting.delete(command.correlationId);
      this.outstanding.delete(command.correlationId);
    }
    this.ledgers.delete(clientId);
    return commands;
  }

  list(clientId: string): ClientCommands {
    const ledger = this.ledgers.get(clientId);
    if (ledger === undefined) return { inFlight: [], completed: [], failed: [] };
    return {
      inFlight: [...ledger.inFlight.values()],
      completed: [...ledger.completed.values()],
      failed: [...ledger.failed.values()],
    };
  }

  /** Every client's commands in flight and failed (the status page), at most `limit` of each, newest last. */
  overview(limit: number): { inFlight: Command[]; failed: Command[] } {
    const inFlight: Command[] = [];
    const failed: Command[] = [];
    for (const ledger of this.ledgers.values()) {
      inFlight.push(...ledger.inFlight.values());
      failed.push(...ledger.failed.values());
    }
    const byQueued = (a: Command, b: Command) => a.timeline.queuedAt - b.timeline.queuedAt;
    return { inFlight: inFlight.sort(byQueued).slice(-limit), failed: failed.sort(byQueued).slice(-limit) };
  }

  totals(): { clients: number; inFlight: number; completed: number; failed: number } {
    const totals = { clients: this.ledgers.size, inFlight: 0, completed: 0, failed: 0 };
    for (const ledger of this.ledgers.values()) {
      totals.inFlight += ledger.inFlight.size;
      totals.completed += ledger.completed.size;
      totals.failed += ledger.failed.size;
    }
    return totals;
  }

  private detach(command: Command, ledger: ClientLedger): void {
    ledger.inFlight.delete(command.correlationId);
    ledger.completed.delete(command.correlationId);
    this.awaiting.delete(command.correlationId);
    this.outstanding.delete(command.correlationId);
  }

  private ledgerFor(clientId: string): ClientLedger {
    let ledger = this.ledgers.get(clientId);
    if (ledger === undefined) {
      ledger = new ClientLedger(this.failedRingSize);
      this.ledgers.set(clientId, ledger);
    }
    return ledger;
  }
}
