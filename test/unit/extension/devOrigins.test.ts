import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { isDevelopmentUrl, isStaticDevUrl, STATIC_DEV_PATTERNS } from '../../../extension/src/shared/devOrigins.js';

const manifest = JSON.parse(readFileSync('extension/manifest.json', 'utf8')) as {
  content_scripts: Array<{ matches: string[]; js: string[] }>;
};

describe('extension: where the manifest loads the page scripts', function () {
  it('loads capture and the relay only on the development origins a pattern can name', function () {
    for (const script of manifest.content_scripts)
      expect(script.matches, script.js.join()).to.deep.equal([...STATIC_DEV_PATTERNS]);
  });

  it('names only development origins in those patterns', function () {
    for (const pattern of STATIC_DEV_PATTERNS) {
      const url = pattern.replace('*://', 'http://').replace('*.', 'app.').replace(/\/\*$/, '/');
      expect(isDevelopmentUrl(url), url).to.equal(true);
      expect(isStaticDevUrl(url), url).to.equal(true);
    }
  });

  it('leaves the development addresses no pattern can name to registration', function () {
    for (const url of ['http://192.168.1.20:3000/', 'http://10.0.0.5/', 'http://127.0.0.2/', 'http://[::1]:5173/']) {
      expect(isDevelopmentUrl(url), url).to.equal(true);
      expect(isStaticDevUrl(url), url).to.equal(false);
    }
  });

  it('never names a public origin', function () {
    for (const url of ['https://example.com/', 'http://localhost.example.com/', 'https://test.com/', 'file:///tmp/a.html']) {
      expect(isStaticDevUrl(url), url).to.equal(false);
    }
  });
});
