import { expect } from 'chai';
import { hostPort, unbracketed } from '../../../../src/domain/net/hostText.js';

describe('domain: host text (an address as URLs and Host headers write it)', () => {
  it('takes an IPv6 address out of its brackets and leaves any other host as it is', () => {
    expect(unbracketed('[::1]')).to.equal('::1');
    expect(unbracketed('[fe80::1]')).to.equal('fe80::1');
    expect(unbracketed('127.0.0.1')).to.equal('127.0.0.1');
    expect(unbracketed('[::1')).to.equal('[::1');
  });

  it('writes address:port with an IPv6 address in brackets, in lower case', () => {
    expect(hostPort('127.0.0.1', 7890)).to.equal('127.0.0.1:7890');
    expect(hostPort('FE80::1', 7890)).to.equal('[fe80::1]:7890');
  });
});
