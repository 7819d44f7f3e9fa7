import { expect } from 'chai';
import { CaptureQuota } from '../../../extension/src/worker/CaptureQuota.js';

describe('CaptureQuota (Chrome’s two captures a second, counted in windows)', () => {
  it('lets a second capture go at once after the first', () => {
    const quota = new CaptureQuota(2, 1_000, 25);
    expect(quota.waitMs(5_000)).to.equal(0);
    quota.took(5_000);
    expect(quota.waitMs(5_010)).to.equal(0);
  });

  it('holds a third within the window until just past its end, and the window opened then takes two again', () => {
    const quota = new CaptureQuota(2, 1_000, 25);
    quota.took(5_000);
    quota.took(5_010);
    expect(quota.waitMs(5_020)).to.equal(1_006);
    expect(quota.waitMs(6_025)).to.equal(1);
    expect(quota.waitMs(6_026)).to.equal(0);
    quota.took(6_026);
    expect(quota.waitMs(6_030)).to.equal(0);
  });

  it('does not send the second within the margin of the window’s end, where Chrome may already count a new window', () => {
    const quota = new CaptureQuota(2, 1_000, 25);
    quota.took(5_000);
    expect(quota.waitMs(5_975)).to.equal(0);
    expect(quota.waitMs(5_976)).to.equal(50);
  });

  it('after a refusal waits a whole window, and a capture Chrome then took opens one', () => {
    const quota = new CaptureQuota(2, 1_000, 25);
    quota.refused(5_000);
    expect(quota.waitMs(5_600)).to.equal(426);
    quota.took(5_600, true);
    expect(quota.waitMs(5_610), 'the second of the window Chrome opened at 5 600').to.equal(0);
    quota.took(5_610);
    expect(quota.waitMs(5_620)).to.equal(1_006);
  });
});
