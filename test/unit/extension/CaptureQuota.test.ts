import { expect } from 'chai';
import { CaptureQuota } from '../../../extension/src/worker/CaptureQuota.js';

/** Captures asked at `times` (ms), each once the quota lets it: when each went. */
function run(quota: CaptureQuota, times: readonly number[]): number[] {
  return times.map((asked) => {
    const at = asked + quota.waitMs(asked);
    quota.took(at);
    return at;
  });
}

describe('CaptureQuota (Chrome’s two captures a second, counted in windows)', () => {
  it('lets a second capture go at once after the first', () => {
    const quota = new CaptureQuota(2, 1_000, 25);
    expect(run(quota, [5_000, 5_010])).to.deep.equal([5_000, 5_010]);
  });

  it('holds a third within the window until just past its end, and the window opened then takes two again', () => {
    const quota = new CaptureQuota(2, 1_000, 25);
    run(quota, [5_000, 5_010]);
    expect(quota.waitMs(5_020)).to.equal(1_006);
    expect(run(quota, [5_020, 6_030])).to.deep.equal([6_026, 6_030]);
  });

  it('never holds a screenshot once a second, whether Chrome counts each at the end of a window or as the next', () => {
    const quota = new CaptureQuota(2, 1_000, 25);
    const asked = [0, 1_000, 2_003, 2_998, 4_000, 5_010, 5_990, 7_000, 8_000, 9_000];
    expect(run(quota, asked)).to.deep.equal(asked);
  });

  it('after a capture near a window’s end, holds the next one as long as the stricter count of it says', () => {
    const quota = new CaptureQuota(2, 1_000, 25);
    run(quota, [5_000, 5_990]); // Chrome may count 5 990 in the window of 5 000, or as opening one
    expect(quota.waitMs(6_000), 'the window of 5 000 may be full').to.equal(26);
    run(quota, [6_026]);
    expect(quota.waitMs(6_030), 'if 5 990 opened one, 6 026 was its second').to.equal(5_990 + 1_026 - 6_030);
  });

  it('after a refusal waits a whole window, and a capture Chrome then took opens one', () => {
    const quota = new CaptureQuota(2, 1_000, 25);
    quota.refused(5_000);
    expect(quota.waitMs(5_600)).to.equal(426);
    quota.took(5_600, true);
    expect(run(quota, [5_610, 5_620])).to.deep.equal([5_610, 6_626]);
  });
});
