import { expect } from 'chai';
import { ExtensionPresence } from '../../../../src/application/shared/ExtensionPresence.js';

describe('ExtensionPresence', () => {
  it('is disconnected before any poll', () => {
    expect(new ExtensionPresence().status(0)).to.deep.equal({ connected: false, last_seen: null });
  });

  it('is connected while a poll is held, however long', () => {
    const presence = new ExtensionPresence();
    presence.pollStarted('i', 'b', 0);
    expect(presence.status(60_000).connected).to.equal(true);
  });

  it('stays connected for less than 5 s after the last poll ended', () => {
    const presence = new ExtensionPresence();
    presence.pollStarted('i', 'b', 0, undefined, 'poll');
    presence.pollEnded('i', 1_000);
    expect(presence.status(5_999).connected).to.equal(true);
    expect(presence.status(6_000)).to.deep.equal({
      connected: false,
      last_seen: '1970-01-01T00:00:01.000Z',
      instance_id: 'i',
      channel: 'poll',
      since: '1970-01-01T00:00:00.000Z',
    });
  });

  it('reports the most recently seen instance', () => {
    const presence = new ExtensionPresence();
    presence.pollStarted('old', 'b', 0);
    presence.pollEnded('old', 1);
    presence.pollStarted('new', 'b', 2);
    expect(presence.status(3).instance_id).to.equal('new');
  });

  it('reports the version the latest poll announced, and keeps it when a later poll says none', () => {
    const presence = new ExtensionPresence();
    presence.pollStarted('inst', 'a', 0);
    expect(presence.status(1)).to.not.have.property('version');
    presence.pollStarted('inst', 'a', 2, '0.1.0');
    expect(presence.status(3).version).to.equal('0.1.0');
    presence.pollStarted('inst', 'a', 4);
    expect(presence.status(5).version).to.equal('0.1.0');
  });

  it('says how the worker is connected, and since when this start of it reached the daemon (a restart changes it)', () => {
    const presence = new ExtensionPresence();
    presence.pollStarted('inst', 'a', 1_000, undefined, 'websocket');
    presence.pollEnded('inst', 2_000);
    presence.pollStarted('inst', 'a', 2_000, undefined, 'poll');
    expect(presence.status(3_000)).to.include({ channel: 'poll', since: '1970-01-01T00:00:01.000Z' });
    presence.pollStarted('inst', 'b', 4_000, undefined, 'websocket');
    expect(presence.status(5_000)).to.include({ channel: 'websocket', since: '1970-01-01T00:00:04.000Z' });
  });
});
