import { expect } from 'chai';
import { openerFor } from '../../../../../src/adapters/outbound/process/openUrl.js';

describe('openerFor (status --open)', () => {
  const url = 'http://127.0.0.1:7890/?key=ab12';

  it("uses the platform's opener when BROWSER is unset or blank", () => {
    expect(openerFor(url, undefined, 'linux')).to.deep.equal(['xdg-open', [url]]);
    expect(openerFor(url, '  ', 'linux')).to.deep.equal(['xdg-open', [url]]);
    expect(openerFor(url, undefined, 'darwin')).to.deep.equal(['open', [url]]);
    expect(openerFor(url, undefined, 'win32')).to.deep.equal(['explorer.exe', [url]]);
  });

  it('runs BROWSER with the url appended, or in place of its %s', () => {
    expect(openerFor(url, 'firefox --new-tab', 'linux')).to.deep.equal(['firefox', ['--new-tab', url]]);
    expect(openerFor(url, 'chromium --app=%s', 'linux')).to.deep.equal(['chromium', [`--app=${url}`]]);
  });
});
