import { expect } from 'chai';
import type { SettingsStorePort } from '../../../../src/application/ports/SettingsStorePort.js';
import { ManageNoise } from '../../../../src/application/state/ManageNoise.js';
import { NoiseRules, type NoiseRule } from '../../../../src/domain/capture/NoiseRules.js';
import { expectDomainError } from '../../../support/expectDomainError.js';
import { patterns } from '../../../support/patterns.js';

class MemorySettings implements SettingsStorePort {
  saved: NoiseRule[] = [];
  failNext = false;
  async loadNoiseRules() {
    return this.saved;
  }
  async saveNoiseRules(rules: readonly NoiseRule[]) {
    if (this.failNext) throw new Error('disk full');
    this.saved = [...rules];
  }
  async loadRecording() {
    return undefined;
  }
  async saveRecording() {}
}

describe('ManageNoise', () => {
  it('adds with category all by default and saves', async () => {
    const settings = new MemorySettings();
    const manage = new ManageNoise(new NoiseRules(patterns), settings);
    expect(await manage.execute({ op: 'add', pattern: 'x' })).to.deep.equal({
      rules: [{ pattern: 'x', category: 'all' }],
      count: 1,
      added: true,
    });
    expect(settings.saved).to.deep.equal([{ pattern: 'x', category: 'all' }]);
  });

  it('undoes a change it could not save, so memory and disk agree', async () => {
    const settings = new MemorySettings();
    const noise = new NoiseRules(patterns);
    const manage = new ManageNoise(noise, settings);
    settings.failNext = true;
    let failed = false;
    await manage.execute({ op: 'add', pattern: 'x' }).catch(() => (failed = true));
    expect(failed).to.equal(true);
    expect(noise.list()).to.deep.equal([]);
  });

  it('needs a pattern to add or remove', async () => {
    const manage = new ManageNoise(new NoiseRules(patterns), new MemorySettings());
    await manage.execute({ op: 'remove' }).then(
      () => expect.fail('accepted'),
      (error) =>
        expectDomainError(() => {
          throw error;
        }, 'invalid_params'),
    );
  });
});
