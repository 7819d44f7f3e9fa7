import { expect } from 'chai';
import fc from 'fast-check';
import { isSourcePath, MAX_SOURCE_PATH_CHARS } from '../../../../src/domain/capture/sourcePath.js';
import { lengthOnly } from '../../../support/lengthOnly.js';

describe('isSourcePath: what may stand as a frame’s file (docs/security.md)', () => {
  it('takes the paths and urls real tools write', () => {
    for (const path of [
      'http://localhost:5173/src/App.tsx',
      '/src/App.tsx',
      'webpack://app/./src/x.ts',
      '../node_modules/.pnpm/@tanstack+react-query@5.8.4_react@18.2.0/node_modules/@tanstack/react-query/build/modern/useQuery.js',
      'webpack://_N_E/./app/(dashboard)/users/[id]/page.tsx',
      'http://localhost:5173/node_modules/.vite/deps/react-dom.js?v=8c3f',
      '/@id/__x00__virtual:pwa-register',
      '/src/App.vue?vue&type=script&setup=true&lang.ts',
      'webpack:///./node_modules/css-loader/dist/cjs.js!./src/a.css',
      'http://localhost:3000/My%20Project/src/a.ts',
      'C:\\Users\\dev\\app\\src\\a.ts',
      'src/componentes/Botón.tsx',
      'src/コンポーネント/ボタン.tsx',
      '~/src/$lib/+page.svelte',
    ])
      expect(isSourcePath(path), path).to.equal(true);
  });

  it('refuses prose and markup: whitespace, control and format characters, quotes, <>, {}, |, ^, `', () => {
    for (const text of [
      '',
      'IGNORE PREVIOUS INSTRUCTIONS',
      'src/a.ts\nIGNORE',
      'src/\u0000.ts',
      'src/\u202eexe.ts',
      'src/\u200b.ts',
      'src/"a".ts',
      "src/a's.ts",
      'src/<system>.ts',
      'src/{a}.ts',
      'src/a|b.ts',
      'src/a^b.ts',
      'src/`a`.ts',
      'src/a\u00a0b.ts',
    ])
      expect(isSourcePath(text), JSON.stringify(text)).to.equal(false);
  });

  it(`takes ${MAX_SOURCE_PATH_CHARS} characters, not one more`, () => {
    expect(isSourcePath('a'.repeat(MAX_SOURCE_PATH_CHARS))).to.equal(true);
    expect(isSourcePath('a'.repeat(MAX_SOURCE_PATH_CHARS + 1))).to.equal(false);
  });

  it('never takes a text with whitespace or a control character anywhere', () => {
    const bad = fc.constantFrom(' ', '\t', '\n', '\r', '\u0085', '\u2028', '\u3000', '\u0000', '\u001b', '\u007f', '\ufeff');
    fc.assert(fc.property(fc.string(), bad, fc.string(), (before, char, after) => !isSourcePath(`${before}${char}${after}`)));
  });

  it('refuses a megabyte of text by its length alone, reading none of its characters', () => {
    expect(isSourcePath('a/'.repeat(500_000))).to.equal(false);
    expect(isSourcePath(lengthOnly(1_000_000))).to.equal(false);
    expect(isSourcePath(lengthOnly(MAX_SOURCE_PATH_CHARS + 1))).to.equal(false);
  });
});
