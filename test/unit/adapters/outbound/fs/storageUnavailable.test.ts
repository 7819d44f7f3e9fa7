import { expect } from 'chai';
import { onStateDir, storageUnavailable } from '../../../../../src/adapters/outbound/fs/storageUnavailable.js';
import { DomainError } from '../../../../../src/domain/DomainError.js';

const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('storage_unavailable: a full, read-only or forbidden disk', () => {
  for (const [code, cause] of [
    ['ENOSPC', 'the disk is full'],
    ['EDQUOT', 'the disk quota is used up'],
    ['EROFS', 'the file system is read-only'],
    ['EACCES', 'permission was denied'],
    ['EPERM', 'the operation was not permitted'],
  ] as const) {
    it(`maps ${code} to storage_unavailable naming the cause and the state directory`, () => {
      const error = storageUnavailable(errno(code), '/home/ann/.browsertap', "store 'notes'");
      expect(error).to.be.instanceOf(DomainError);
      expect(error?.code).to.equal('storage_unavailable');
      expect(error?.message).to.equal(`could not store 'notes': ${cause} (${code}) in the state directory /home/ann/.browsertap`);
      expect(error?.details).to.include({ cause: code, state_dir: '/home/ann/.browsertap' });
    });
  }

  it('leaves any other error as it is (a bug stays a bug)', async () => {
    expect(storageUnavailable(errno('EISDIR'), '/s', 'x')).to.equal(undefined);
    expect(storageUnavailable(new TypeError('boom'), '/s', 'x')).to.equal(undefined);
    const bug = new TypeError('boom');
    const thrown = await onStateDir('/s', 'x', () => Promise.reject(bug)).catch((e: unknown) => e);
    expect(thrown).to.equal(bug);
  });
});
