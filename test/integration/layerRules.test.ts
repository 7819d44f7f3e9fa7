import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Cruise {
  summary: { violations: Array<{ rule: { name: string }; from: string; to: string }>; totalCruised: number; error: number };
}

async function cruise(...targets: string[]): Promise<Cruise> {
  const args = [...targets, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  try {
    const { stdout } = await run('node_modules/.bin/depcruise', args, { maxBuffer: 32 * 1024 * 1024 });
    return JSON.parse(stdout) as Cruise;
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout === undefined || stdout === '') throw error;
    return JSON.parse(stdout) as Cruise; // depcruise exits non-zero when it finds violations
  }
}

describe('layer rules (dependency-cruiser)', function () {
  this.timeout(60_000);

  it('finds no violation in src/, having actually scanned it', async () => {
    const { summary } = await cruise('src');
    expect(summary.violations).to.deep.equal([]);
    // TS 7 once made dependency-cruiser scan 0 modules and report green; insist on a real scan.
    expect(summary.totalCruised).to.be.above(30);
  });

  describe('the broken fixture (test/fixtures/layers) fails the build', () => {
    let violations: Cruise['summary']['violations'];

    before(async () => {
      const result = await cruise('test/fixtures/layers/src');
      violations = result.summary.violations;
      expect(result.summary.error).to.be.above(0);
    });

    const fired = (rule: string) =>
      violations.filter((v) => v.rule.name === rule).map((v) => v.to.replace(/^.*node_modules\//, ''));

    it('domain-is-pure: a domain file importing an adapter, a node built-in and a framework', () => {
      const targets = fired('domain-is-pure');
      expect(targets).to.include('test/fixtures/layers/src/adapters/outbound/SqlRepository.ts');
      expect(targets).to.include('fs');
      expect(targets.some((t) => t.startsWith('inversify/'))).to.equal(true);
    });

    it('application-uses-domain-only: a use case importing an outbound adapter', () => {
      expect(fired('application-uses-domain-only')).to.deep.equal([
        'test/fixtures/layers/src/adapters/outbound/SqlRepository.ts',
      ]);
    });

    it('inbound-never-imports-outbound: a handler importing a repository', () => {
      expect(fired('inbound-never-imports-outbound')).to.deep.equal([
        'test/fixtures/layers/src/adapters/outbound/SqlRepository.ts',
      ]);
    });

    it('sibling-adapters-meet-inside: the CLI adapter taking a constant from the HTTP adapter, the fs adapter from the logging one', () => {
      expect(fired('sibling-adapters-meet-inside').sort()).to.deep.equal([
        'test/fixtures/layers/src/adapters/inbound/http/extensionIds.ts',
        'test/fixtures/layers/src/adapters/outbound/logging/rotation.ts',
      ]);
    });
  });

  it('finds no violation in extension/src either, having scanned its sources and what it takes from src/', async () => {
    const { summary } = await cruise('extension/src');
    expect(summary.violations).to.deep.equal([]);
    expect(summary.totalCruised).to.be.above(150);
  });

  describe("the broken fixture's extension (test/fixtures/layers/extension) fails the build", () => {
    let violations: Cruise['summary']['violations'];

    before(async () => {
      violations = (await cruise('test/fixtures/layers/extension/src', 'test/fixtures/layers/src/composition')).summary
        .violations;
    });

    const fired = (rule: string) => violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} → ${v.to}`);

    it('extension-imports-the-wire-only: the extension taking a piece of the daemon that is no wire shape, not the wire shape beside it', () => {
      expect(fired('extension-imports-the-wire-only')).to.deep.equal([
        'test/fixtures/layers/extension/src/worker/LeakyWorker.ts → test/fixtures/layers/src/domain/capture/Store.ts',
      ]);
    });

    it("daemon-never-imports-extension: the daemon reaching into the extension's code", () => {
      expect(fired('daemon-never-imports-extension')).to.deep.equal([
        'test/fixtures/layers/src/composition/readsTheExtension.ts → test/fixtures/layers/extension/src/worker/LeakyWorker.ts',
      ]);
    });
  });
});
