'use strict';
// Mocha's spec reporter, plus the run's counts written to $BT_SUMMARY_FILE (JSON) so
// scripts/test.mjs can add up several runs into one "N passed, N failed" line.
const fs = require('node:fs');
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const target = process.env.BT_SUMMARY_FILE;
      if (!target) return;
      const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
      fs.writeFileSync(target, JSON.stringify({ passed: passes, failed: failures, pending }));
    });
  }
}

module.exports = SummaryReporter;
