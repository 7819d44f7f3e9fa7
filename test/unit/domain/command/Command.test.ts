import { expect } from 'chai';
import { Command, type Lease } from '../../../../src/domain/command/Command.js';
import { DomainError } from '../../../../src/domain/DomainError.js';

const LEASE: Lease = { instanceId: 'inst-A', bootId: 'boot-1' };
const FAILURE = { code: 'execution_error', message: 'boom' } as const;

type Setup = 'queued' | 'delivered' | 'running' | 'complete' | 'complete+retrieved' | 'error' | 'timeout' | 'expired';
type Op =
  | 'deliver same worker'
  | 'deliver restarted worker'
  | 'deliver other instance'
  | 'acknowledge'
  | 'resume restarted worker'
  | 'resume same worker'
  | 'complete'
  | 'fail error'
  | 'fail timeout'
  | 'expire';

function commandIn(setup: Setup): Command {
  const command = new Command(
    {
      correlationId: 'corr-1-00000000',
      queryId: 'q-1',
      clientId: 'c',
      action: 'execute_js',
      params: {},
      executionLimitMs: 10_000,
    },
    0,
  );
  if (setup === 'queued') return command;
  command.deliver(LEASE, 1);
  if (setup === 'delivered') return command;
  if (setup === 'error' || setup === 'timeout') {
    command.fail(setup, FAILURE, 2);
    return command;
  }
  if (setup === 'expired') {
    command.expire(FAILURE, 2);
    return command;
  }
  command.acknowledge(2);
  if (setup === 'running') return command;
  command.complete('r', 3);
  if (setup === 'complete+retrieved') command.markRetrieved();
  return command;
}

const OPS: Record<Op, (c: Command) => void> = {
  'deliver same worker': (c) => c.deliver(LEASE, 10),
  'deliver restarted worker': (c) => c.deliver({ instanceId: 'inst-A', bootId: 'boot-2' }, 10),
  'deliver other instance': (c) => c.deliver({ instanceId: 'inst-B', bootId: 'boot-1' }, 10),
  acknowledge: (c) => c.acknowledge(10),
  'resume restarted worker': (c) => c.resume({ instanceId: 'inst-A', bootId: 'boot-2', claims: true }, 10),
  'resume same worker': (c) => c.resume({ ...LEASE, claims: true }, 10),
  complete: (c) => c.complete('x', 10),
  'fail error': (c) => c.fail('error', FAILURE, 10),
  'fail timeout': (c) => c.fail('timeout', FAILURE, 10),
  expire: (c) => c.expire(FAILURE, 10),
};

// The legal moves of docs/architecture.md (the command lifecycle); every other (state, operation) pair must throw and change nothing.
const LEGAL: Record<Setup, Partial<Record<Op, string>>> = {
  queued: {
    'deliver same worker': 'delivered',
    'deliver restarted worker': 'delivered',
    'deliver other instance': 'delivered',
    expire: 'expired',
  },
  delivered: {
    'deliver restarted worker': 'delivered',
    acknowledge: 'running',
    complete: 'complete',
    'fail error': 'error',
    'fail timeout': 'timeout',
    expire: 'expired',
  },
  running: {
    'resume restarted worker': 'running',
    complete: 'complete',
    'fail error': 'error',
    'fail timeout': 'timeout',
    expire: 'expired',
  },
  complete: { expire: 'expired' },
  'complete+retrieved': {},
  error: {},
  timeout: {},
  expired: {},
};

describe('Command state machine', () => {
  for (const [setup, legal] of Object.entries(LEGAL) as Array<[Setup, Partial<Record<Op, string>>]>) {
    for (const op of Object.keys(OPS) as Op[]) {
      const target = legal[op];
      if (target !== undefined) {
        it(`${setup} --${op}--> ${target}`, () => {
          const command = commandIn(setup);
          OPS[op](command);
          expect(command.state).to.equal(target);
        });
      } else {
        it(`${setup} refuses ${op} with illegal_transition and stays ${setup.split('+')[0]}`, () => {
          const command = commandIn(setup);
          const before = { state: command.state, timeline: command.timeline };
          expect(() => OPS[op](command))
            .to.throw(DomainError)
            .with.property('code', 'illegal_transition');
          expect({ state: command.state, timeline: command.timeline }).to.deep.equal(before);
        });
      }
    }
  }

  it('stamps every step on the timeline and counts deliveries', () => {
    const command = commandIn('queued');
    command.deliver(LEASE, 5);
    command.deliver({ instanceId: 'inst-A', bootId: 'boot-2' }, 7);
    command.acknowledge(8);
    command.complete({ ok: true }, 20);
    expect(command.timeline).to.deep.equal({ queuedAt: 0, deliveredAt: 7, ackedAt: 8, finishedAt: 20, attempts: 2 });
    expect(command.result).to.deep.equal({ ok: true });
  });

  it('treats a direct final status from delivered as the acknowledgement', () => {
    const command = commandIn('delivered');
    command.complete(1, 4);
    expect(command.timeline.ackedAt).to.equal(4);
  });

  it('keeps the completion time when an unretrieved result expires', () => {
    const command = commandIn('complete');
    command.expire({ code: 'result_expired', message: 'gone' }, 60_003);
    expect(command.timeline).to.include({ finishedAt: 3, expiredAt: 60_003 });
    expect(command.failure?.code).to.equal('result_expired');
  });

  it('only re-delivers to a new boot of the holding instance while unacknowledged', () => {
    const command = commandIn('delivered');
    expect(command.isRedeliverableTo({ instanceId: 'inst-A', bootId: 'boot-2' })).to.equal(true);
    expect(command.isRedeliverableTo(LEASE)).to.equal(false);
    expect(command.isRedeliverableTo({ instanceId: 'inst-B', bootId: 'boot-2' })).to.equal(false);
    expect(commandIn('running').isRedeliverableTo({ instanceId: 'inst-A', bootId: 'boot-2' })).to.equal(false);
  });

  it('resumes a running command only for a new boot of the holding instance that claims, stamping when', () => {
    const command = commandIn('running');
    expect(command.isResumableBy({ instanceId: 'inst-A', bootId: 'boot-2' })).to.equal(false);
    expect(command.isResumableBy({ instanceId: 'inst-B', bootId: 'boot-2', claims: true })).to.equal(false);
    expect(commandIn('delivered').isResumableBy({ instanceId: 'inst-A', bootId: 'boot-2', claims: true })).to.equal(false);
    command.resume({ instanceId: 'inst-A', bootId: 'boot-2', claims: true }, 9);
    expect(command.timeline).to.deep.equal({ queuedAt: 0, deliveredAt: 1, ackedAt: 2, resumedAt: 9, attempts: 1 });
    expect(command.isLeasedTo('boot-2')).to.equal(true);
    expect(command.isLeasedTo('boot-1')).to.equal(false);
  });

  describe('memory follows the work (docs/security.md)', () => {
    const withParams = () =>
      new Command(
        {
          correlationId: 'corr-1-00000001',
          queryId: 'q-2',
          clientId: 'c',
          action: 'upload',
          params: { files: ['5 MB'] },
          executionLimitMs: 10_000,
          weight: 7,
        },
        0,
      );
    const endings: Array<[string, (command: Command) => void]> = [
      ['complete', (command) => (command.deliver(LEASE, 1), command.complete('ok', 2))],
      ['error', (command) => (command.deliver(LEASE, 1), command.fail('error', FAILURE, 2))],
      ['timeout', (command) => (command.deliver(LEASE, 1), command.fail('timeout', FAILURE, 2))],
      ['expired while queued', (command) => command.expire(FAILURE, 2)],
    ];
    for (const [name, end] of endings) {
      it(`releases its params when it ends: ${name}`, () => {
        const command = withParams();
        expect(command.params).to.deep.equal({ files: ['5 MB'] });
        end(command);
        expect(command.params).to.deep.equal({});
        expect(command.weight).to.equal(7);
      });
    }
  });
});
