import { expect } from 'chai';
import { npxCacheOf } from '../../../../src/domain/setup/transientInstall.js';

describe('npxCacheOf', () => {
  it('names the npx cache folder a CLI runs from (POSIX and Windows separators)', () => {
    expect(npxCacheOf('/home/ann/.npm/_npx/3f2a9c/node_modules/browsertap/dist/cli.cjs')).to.equal('/home/ann/.npm/_npx/3f2a9c');
    expect(
      npxCacheOf('C:\\Users\\ann\\AppData\\Local\\npm-cache\\_npx\\3f2a9c\\node_modules\\browsertap\\dist\\cli.cjs'),
    ).to.equal('C:\\Users\\ann\\AppData\\Local\\npm-cache\\_npx\\3f2a9c');
  });

  it('leaves a lasting installation alone (a global prefix, a checkout, a folder merely named like it)', () => {
    for (const path of [
      '/usr/lib/node_modules/browsertap/dist/cli.cjs',
      '/home/ann/src/browsertap/dist/cli.cjs',
      '/home/ann/my_npx_tools/browsertap/dist/cli.cjs',
    ]) {
      expect(npxCacheOf(path), path).to.equal(undefined);
    }
  });
});
