import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { LOG_ROTATE_BYTES, RotatingFileSink } from '../../../../../src/adapters/outbound/logging/RotatingFileSink.js';
import { removeDir, tempDir } from '../../../../support/processes.js';

describe('RotatingFileSink (daemon.log while the daemon runs)', () => {
  let dir: string;
  beforeEach(() => (dir = tempDir('browsertap-log-')));
  afterEach(() => removeDir(dir));

  it('rotates at 10 MB by default', () => expect(LOG_ROTATE_BYTES).to.equal(10 * 1024 * 1024));

  it('starts a new file past the limit, keeping one older file, so the log stays bounded', () => {
    const path = join(dir, 'daemon.log');
    const sink = new RotatingFileSink(path, 1_000);
    const line = `${'x'.repeat(99)}\n`;
    for (let i = 0; i < 35; i++) sink.write(line);
    sink.close();
    expect(statSync(path).size).to.be.at.most(1_000);
    expect(statSync(`${path}.1`).size).to.be.at.most(1_000);
    expect(statSync(path).size + statSync(`${path}.1`).size).to.be.at.least(1_000);
    expect(readFileSync(path, 'utf8').endsWith(line)).to.equal(true);
  });

  it('counts what the file already held when it opens it', () => {
    const path = join(dir, 'daemon.log');
    const first = new RotatingFileSink(path, 1_000);
    for (let i = 0; i < 9; i++) first.write(`${'a'.repeat(99)}\n`);
    first.close();
    const second = new RotatingFileSink(path, 1_000);
    second.write(`${'b'.repeat(199)}\n`);
    second.close();
    expect(existsSync(`${path}.1`)).to.equal(true);
    expect(readFileSync(path, 'utf8')).to.equal(`${'b'.repeat(199)}\n`);
  });
});
