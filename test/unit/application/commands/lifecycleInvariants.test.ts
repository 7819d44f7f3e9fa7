import { expect } from 'chai';
import type { CommandListPayload } from '../../../../src/application/commands/CommandPayloads.js';
import { DomainError } from '../../../../src/domain/DomainError.js';
import { lifecycleHarness, type LifecycleHarness } from '../../../support/lifecycleHarness.js';

// Thousands of random operations across several clients; after every step the invariants of
// docs/architecture.md (the command lifecycle) are checked against what the use cases report. Small bounds make every limit bite.
const RULES = { maxInFlightPerClient: 3, maxCompletedPerClient: 6, failedRingSize: 8 };
const CLIENTS = ['agent-a', 'agent-b', 'agent-c', 'agent-d'];
const INSTANCES = ['inst-1', 'inst-2'];
const STEPS = 4_000;

/** mulberry32: a small, seedable PRNG so a failing run can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Known {
  readonly client: string;
  readonly limitMs: number;
  retrievedFinal: boolean;
  reportedFinal: boolean;
}

class Run {
  private readonly h: LifecycleHarness;
  private readonly known = new Map<string, Known>();
  private readonly boots = new Map<string, number>(INSTANCES.map((i) => [i, 1]));
  private previous = new Map<string, CommandListPayload>();
  private readonly rand: () => number;
  readonly tally: Record<string, number> = {};

  constructor(seed: number) {
    this.h = lifecycleHarness(RULES);
    this.rand = prng(seed);
    for (const client of CLIENTS) this.previous.set(client, this.h.list(client));
  }

  async go(): Promise<void> {
    const ops: Array<[number, () => Promise<void> | void]> = [
      [22, () => this.queue()],
      [14, () => this.poll()],
      [10, () => this.ack()],
      [16, () => this.finish()],
      [6, () => this.duplicate()],
      [12, () => this.retrieve()],
      [18, () => this.tick()],
      [2, () => this.bogus()],
    ];
    const total = ops.reduce((sum, [weight]) => sum + weight, 0);
    for (let step = 0; step < STEPS; step++) {
      let roll = this.rand() * total;
      const op = ops.find(([weight]) => (roll -= weight) < 0) ?? ops[0];
      await (op as (typeof ops)[number])[1]();
      this.check(`step ${step}`);
    }
    await this.h.clock.tickAsync(200_000);
    this.check('after draining');
    for (const client of CLIENTS) {
      const { pending, completed } = this.h.list(client);
      expect(pending, `${client} has commands in flight after 200 s`).to.deep.equal([]);
      expect(completed, `${client} holds results past their TTL`).to.deep.equal([]);
    }
    this.h.stop();
    expect(this.h.clock.pendingTasks(), 'timers left behind').to.equal(0);
  }

  private pick<T>(items: readonly T[]): T | undefined {
    return items.length === 0 ? undefined : items[Math.floor(this.rand() * items.length)];
  }

  private count(name: string): void {
    this.tally[name] = (this.tally[name] ?? 0) + 1;
  }

  private queue(): void {
    const client = this.pick(CLIENTS) as string;
    const limitMs = this.rand() < 0.5 ? 10_000 : 1_000 + Math.floor(this.rand() * 20_000);
    const inFlight = this.h.list(client).pending.length;
    try {
      const id = this.h.queue(client, { timeoutMs: limitMs });
      expect(inFlight, 'accepted beyond the in-flight bound').to.be.below(RULES.maxInFlightPerClient);
      this.known.set(id, { client, limitMs, retrievedFinal: false, reportedFinal: false });
      this.count('queued');
    } catch (error) {
      expect((error as DomainError).code).to.equal('queue_full');
      expect(inFlight, 'queue_full below the bound').to.equal(RULES.maxInFlightPerClient);
      expect((error as DomainError).details.retry_after_ms).to.be.within(1, 1_000);
      this.count('queue_full');
    }
  }

  private poll(): void {
    const instanceId = this.pick(INSTANCES) as string;
    if (this.rand() < 0.15) this.boots.set(instanceId, (this.boots.get(instanceId) as number) + 1);
    const deliveries = this.h.poll({ instanceId, bootId: `boot-${this.boots.get(instanceId)}` });
    for (const delivery of deliveries) {
      expect(this.known.has(delivery.correlation_id), 'delivered an unknown command').to.equal(true);
    }
    this.count('polled');
  }

  private inState(statuses: readonly string[], delivered?: boolean): string[] {
    return CLIENTS.flatMap((client) =>
      this.h
        .list(client)
        .pending.filter(
          (c) =>
            statuses.includes(c.status) && (delivered === undefined || (c.timeline.delivered_at !== undefined) === delivered),
        )
        .map((c) => c.correlation_id),
    );
  }

  private ack(): void {
    const id = this.pick(this.inState(['queued'], true));
    if (id === undefined) return;
    expect(this.h.report(id, 'pending')).to.deep.equal({ accepted: true });
    expect(this.h.result(id, this.owner(id)).status).to.equal('pending');
    this.count('acked');
  }

  private finish(): void {
    const id = this.pick([...this.inState(['queued'], true), ...this.inState(['pending'])]);
    if (id === undefined) return;
    const status = this.pick(['complete', 'complete', 'error', 'timeout'] as const) as 'complete' | 'error' | 'timeout';
    expect(this.h.report(id, status, { result: { n: 1 }, error: 'e' })).to.deep.equal({ accepted: true });
    (this.known.get(id) as Known).reportedFinal = true;
    const { completed, failed } = this.h.list(this.owner(id));
    const now =
      status === 'complete'
        ? completed.find((c) => c.correlation_id === id) && 'complete'
        : failed.find((c) => c.correlation_id === id)?.status;
    expect(now, `${id} after reporting ${status}`).to.equal(status);
    this.count(`finished ${status}`);
  }

  private duplicate(): void {
    const finals = CLIENTS.flatMap((client) => {
      const { completed, failed } = this.h.list(client);
      return [...completed.map((c) => c.correlation_id), ...failed.map((c) => c.correlation_id)];
    });
    const id = this.pick(finals);
    if (id === undefined) return;
    const before = JSON.stringify(this.h.list(this.owner(id)));
    const answer = this.h.report(id, this.pick(['complete', 'error', 'timeout', 'pending'] as const) as 'complete');
    expect(answer).to.deep.equal({ accepted: false, reason: 'already_final' });
    expect(JSON.stringify(this.h.list(this.owner(id))), 'a duplicate changed state').to.equal(before);
    this.count('duplicate');
  }

  private retrieve(): void {
    const id = this.pick([...this.known.keys()]);
    const asker = this.pick(CLIENTS) as string;
    if (id === undefined) return;
    const owner = this.owner(id);
    try {
      const result = this.h.result(id, asker);
      expect(asker, 'a client read another client’s command').to.equal(owner);
      if (!['queued', 'pending'].includes(result.status)) (this.known.get(id) as Known).retrievedFinal = true;
      this.count('retrieved');
    } catch (error) {
      expect((error as DomainError).code).to.equal('unknown_correlation_id');
      if (asker === owner) expect(this.isGone(id), 'own live command reported unknown').to.equal(true);
      this.count(asker === owner ? 'retrieved gone' : 'isolation refused');
    }
  }

  private async tick(): Promise<void> {
    const ms = this.rand() < 0.1 ? 20_000 + Math.floor(this.rand() * 50_000) : Math.floor(this.rand() * 4_000);
    await this.h.clock.tickAsync(ms);
    this.count('ticked');
  }

  private bogus(): void {
    expect(this.h.report(`corr-${this.h.clock.now()}-ffffffff`, 'complete')).to.deep.equal({
      accepted: false,
      reason: 'unknown_correlation_id',
    });
  }

  private owner(id: string): string {
    return (this.known.get(id) as Known).client;
  }

  private isGone(id: string): boolean {
    const { pending, completed, failed } = this.h.list(this.owner(id));
    return ![...pending, ...completed, ...failed].some((c) => c.correlation_id === id);
  }

  /** The invariants, checked against the use cases' own reports. */
  private check(where: string): void {
    const now = this.h.clock.now();
    const current = new Map<string, CommandListPayload>();
    for (const client of CLIENTS) {
      const lists = this.h.list(client);
      current.set(client, lists);
      const { pending, completed, failed } = lists;
      expect(pending.length, `${where}: in-flight bound`).to.be.at.most(RULES.maxInFlightPerClient);
      expect(completed.length, `${where}: completed bound`).to.be.at.most(RULES.maxCompletedPerClient);
      expect(failed.length, `${where}: failed ring bound`).to.be.at.most(RULES.failedRingSize);
      const all = [...pending, ...completed, ...failed].map((c) => c.correlation_id);
      expect(new Set(all).size, `${where}: a command is in two states at once`).to.equal(all.length);
      for (const id of all) expect(this.owner(id), `${where}: ${client} sees another client’s command`).to.equal(client);
      for (const c of pending) {
        const limit = (this.known.get(c.correlation_id) as Known).limitMs;
        const delivered = c.timeline.delivered_at === undefined ? undefined : Date.parse(c.timeline.delivered_at);
        if (c.status === 'pending') expect(now, `${where}: backstop missed`).to.be.below((delivered as number) + limit + 2_000);
        else if (delivered !== undefined) expect(now, `${where}: ack deadline missed`).to.be.below(delivered + 3_000);
        else expect(now, `${where}: pickup deadline missed`).to.be.below(Date.parse(c.timeline.queued_at) + 30_000);
      }
      for (const c of completed) expect(now, `${where}: result TTL missed`).to.be.below(Date.parse(c.completed_at) + 60_000);
      for (const c of failed) expect(['error', 'timeout', 'expired']).to.include(c.status);
      const failedBefore = new Set((this.previous.get(client) as CommandListPayload).failed.map((c) => c.correlation_id));
      for (const c of failed) if (!failedBefore.has(c.correlation_id)) this.checkNotEarly(where, c.correlation_id, now);
      this.checkNothingLost(where, client, lists);
    }
    this.previous = current;
  }

  /** A command the server failed on its own did not fail before its deadline. */
  private checkNotEarly(where: string, id: string, now: number): void {
    const known = this.known.get(id) as Known;
    if (known.reportedFinal) return;
    const result = this.h.result(id, known.client);
    const at = (iso: string | undefined) => Date.parse(iso as string);
    const t = result.timeline;
    const due: Record<string, number> = {
      extension_not_connected: at(t.queued_at) + 30_000,
      extension_no_response: at(t.delivered_at) + 3_000,
      execution_timeout: at(t.delivered_at) + known.limitMs + 2_000,
      result_expired: at(t.finished_at) + 60_000,
      extension_restarted: -Infinity,
      result_evicted: -Infinity,
    };
    const code = 'message' in result && 'error' in result ? result.error : 'none';
    expect(due, `${where}: unexpected failure ${code}`).to.have.property(code);
    expect(now, `${where}: ${id} failed ${code} early`).to.be.at.least(due[code] as number);
  }

  /**
   * Whatever left a client's lists since the last step is accounted for: a retrieved result
   * deleted, a failure now in the failed ring, or one of the oldest entries of a full ring.
   */
  private checkNothingLost(where: string, client: string, lists: CommandListPayload): void {
    const before = this.previous.get(client) as CommandListPayload;
    const live = new Set([...lists.pending, ...lists.completed].map((c) => c.correlation_id));
    const failedNow = lists.failed.map((c) => c.correlation_id);
    const failedBefore = before.failed.map((c) => c.correlation_id);
    const wasCompleted = new Set(before.completed.map((c) => c.correlation_id));
    const left = [...before.pending, ...before.completed].map((c) => c.correlation_id).filter((id) => !live.has(id));
    const newlyFailed = left.filter((id) => !(wasCompleted.has(id) && (this.known.get(id) as Known).retrievedFinal));
    const evictions = Math.max(0, failedBefore.length + newlyFailed.length - RULES.failedRingSize);
    expect(failedNow.length, `${where}: ${client}'s failed ring size`).to.equal(
      Math.min(RULES.failedRingSize, failedBefore.length + newlyFailed.length),
    );
    expect(
      failedNow.slice(0, failedBefore.length - Math.min(evictions, failedBefore.length)),
      `${where}: failed ring not FIFO`,
    ).to.deep.equal(failedBefore.slice(Math.min(evictions, failedBefore.length)));
    const vanished = newlyFailed.filter((id) => !failedNow.includes(id));
    expect(vanished.length, `${where}: lost from ${client}: ${vanished.join(', ')}`).to.equal(
      Math.max(0, evictions - failedBefore.length),
    );
  }
}

describe('command lifecycle under random operations (fake clock)', function () {
  this.timeout(60_000);

  for (const seed of [1, 2, 3]) {
    it(`keeps every invariant over ${STEPS} mixed operations (seed ${seed})`, async () => {
      const run = new Run(seed);
      await run.go();
      // The run is only meaningful if every kind of operation and outcome actually happened.
      for (const op of [
        'queued',
        'queue_full',
        'acked',
        'finished complete',
        'finished error',
        'finished timeout',
        'duplicate',
        'retrieved',
        'isolation refused',
      ]) {
        expect(run.tally[op] ?? 0, `never exercised: ${op}`).to.be.above(0);
      }
    });
  }
});
