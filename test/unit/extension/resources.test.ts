import { expect } from 'chai';
import { resourceType } from '../../../extension/src/page/resources.js';

describe('extension: a resource’s type, as Chrome’s network panel groups it', () => {
  it('from the initiator, else from the path', () => {
    const cases: Array<[string, string, string]> = [
      ['navigation', 'http://localhost:5173/', 'document'],
      ['iframe', 'http://localhost:5173/frame.html', 'document'],
      ['script', 'http://localhost:5173/src/main.tsx', 'script'],
      ['img', 'http://localhost:5173/logo', 'image'],
      ['video', 'http://localhost:5173/clip', 'media'],
      ['link', 'http://localhost:5173/src/index.css?t=1', 'stylesheet'],
      ['link', 'http://localhost:5173/fonts/inter.woff2', 'font'],
      ['css', 'http://localhost:5173/bg.webp', 'image'],
      ['other', 'http://localhost:5173/node_modules/.vite/deps/react.js?v=1', 'script'],
      ['other', 'http://localhost:5173/favicon.ico', 'image'],
      ['beacon', 'http://localhost:5173/collect', 'other'],
      ['other', 'not a url', 'other'],
    ];
    for (const [initiator, url, type] of cases) expect(resourceType(initiator, url), `${initiator} ${url}`).to.equal(type);
  });
});
