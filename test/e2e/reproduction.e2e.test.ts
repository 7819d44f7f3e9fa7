import { expect } from 'chai';
import { playwrightFile } from '../../src/domain/reproduction/playwrightFile.js';
import { orderReproduction } from '../support/orderFlow.js';
import { buildFixtureApp } from './support/fixtureApp.js';
import { runPlaywrightTests, type PlaywrightRun } from './support/playwrightRun.js';
import { startSite, type Site } from './support/site.js';

// SPEC 12's proof, its last link: the Playwright file a reproduction becomes, run by
// @playwright/test against the planted-bug order page (test/e2e/fixtures/app/order.html), built
// buggy and fixed from the same source. "errors" must pass on the buggy build and fail on the
// fixed one (it reproduces the bug); "no_errors" the other way round (the regression test).

describe('e2e: a generated reproduction run by @playwright/test', function () {
  this.timeout(240_000);
  let buggy: Site;
  let fixed: Site;

  before(async function () {
    const [buggyApp, fixedApp] = [await buildFixtureApp(), await buildFixtureApp({ fixed: true })];
    buggy = await startSite(buggyApp);
    fixed = await startSite(fixedApp);
  });

  after(async function () {
    await buggy?.close();
    await fixed?.close();
  });

  describe('from the contract-shaped actions of the order flow', function () {
    const runs = new Map<string, PlaywrightRun>();

    before(async function () {
      // Recorded on the buggy build's server; the config's baseURL points each run at one build.
      const files = {
        'reproduce.spec.ts': playwrightFile(orderReproduction(buggy.url(''), 'errors')),
        'regression.spec.ts': playwrightFile(orderReproduction(buggy.url(''), 'no_errors')),
      };
      runs.set('buggy', await runPlaywrightTests(files, buggy.url('')));
      runs.set('fixed', await runPlaywrightTests(files, fixed.url('')));
      for (const [build, run] of runs) console.log(`      playwright test on the ${build} build: ${run.ms} ms`);
    });

    const result = (build: string, spec: string) => {
      const run = runs.get(build) as PlaywrightRun;
      const found = run.specs.get(spec);
      if (found === undefined) throw new Error(`no result for ${spec} on the ${build} build:\n${run.output}`);
      return found;
    };

    it('expect "errors" passes on the buggy build and fails on the fixed one, on the recorded error', function () {
      expect(result('buggy', 'reproduce.spec.ts'), 'on the buggy build').to.deep.equal({ ok: true });
      const onFixed = result('fixed', 'reproduce.spec.ts');
      expect(onFixed.ok, 'on the fixed build').to.equal(false);
      expect(onFixed.error).to.include("Cannot read properties of undefined (reading 'id')");
    });

    it('expect "no_errors" fails on the buggy build, naming the error, and passes on the fixed one', function () {
      const onBuggy = result('buggy', 'regression.spec.ts');
      expect(onBuggy.ok, 'on the buggy build').to.equal(false);
      expect(onBuggy.error).to.include('console errors and uncaught exceptions');
      expect(onBuggy.error).to.include("Cannot read properties of undefined (reading 'id')");
      expect(result('fixed', 'regression.spec.ts'), 'on the fixed build').to.deep.equal({ ok: true });
    });

    it('each generated test placed its order on each build (the click reached the API)', function () {
      expect(buggy.requests.filter((path) => path === '/api/orders')).to.have.length(2);
      expect(fixed.requests.filter((path) => path === '/api/orders')).to.have.length(2);
    });
  });
});
