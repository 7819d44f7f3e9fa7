import { expect } from 'chai';
import { MAX_NOTED, Notes } from '../../../extension/src/relay/recordNotes.js';

function setup() {
  let now = 5_000;
  const deferred: Array<() => void> = [];
  const log: string[] = [];
  let dropped = 0;
  let url = 'http://localhost/a';
  let urlReads = 0;
  const notes = new Notes({
    now: () => now,
    url: () => (urlReads++, url),
    defer: (fn) => deferred.push(fn),
    dropped: () => dropped++,
    taskEnded: () => log.push('task ended'),
  });
  return {
    notes,
    log,
    deferred,
    dropped: () => dropped,
    tick: (ms: number) => (now += ms),
    go: (to: string) => {
      notes.urlLeft(url);
      url = to;
    },
    urlReads: () => urlReads,
    later: () => deferred.splice(0).forEach((fn) => fn()),
  };
}

describe('extension recording: the notes the listeners take inside the page’s events', () => {
  it('hears them in the next task, in order, each with its own time and url, after the task’s evidence ends', () => {
    const { notes, log, deferred, tick, later } = setup();
    notes.note(() => log.push(`click at ${notes.heard?.ts} on ${notes.heard?.url}`), true);
    tick(3);
    notes.note(() => log.push(`key at ${notes.heard?.ts} on ${notes.heard?.url}`));
    expect(log).to.deep.equal([], 'nothing is heard inside the event');
    expect(deferred).to.have.length(1, 'one task for the notes of this one');
    later();
    expect(log).to.deep.equal(['task ended', 'click at 5000 on http://localhost/a', 'key at 5003 on undefined']);
    expect(notes.heard).to.equal(undefined, 'only while a note is heard');
  });

  it('gives a note the url at its event without reading it there: the url a later change left, or the url when heard', () => {
    const { notes, log, go, urlReads, later } = setup();
    const heard = (what: string) => () => log.push(`${what} on ${notes.heard?.url}`);
    notes.note(heard('click'), true);
    notes.note(heard('key'), true);
    expect(urlReads()).to.equal(0, 'no url is read inside the events');
    go('http://localhost/b'); // the click's handler pushed a route
    notes.note(heard('release'), true);
    go('http://localhost/c');
    notes.note(heard('press'), true);
    notes.note(heard('focus'));
    later();
    expect(log).to.deep.equal([
      'task ended',
      'click on http://localhost/a',
      'key on http://localhost/a',
      'release on http://localhost/b',
      'press on http://localhost/c',
      'focus on undefined',
    ]);
    expect(urlReads()).to.equal(1, 'read once, as the notes are heard');
  });

  it('hears them at once when asked (an agent’s action, a drain, the page going away), and not twice', () => {
    const { notes, log, later } = setup();
    notes.note(() => log.push('press'));
    notes.hear();
    later();
    expect(log).to.deep.equal(['task ended', 'press', 'task ended']);
  });

  it('says what is heard only while a note is heard, one that throws too; forgets the notes when cleared', () => {
    const { notes, log, later } = setup();
    notes.note(() => {
      throw new Error('detached');
    });
    notes.note(() => log.push('after'));
    expect(() => later()).to.throw('detached');
    expect(notes.heard).to.equal(undefined);
    notes.note(() => log.push('cleared'));
    notes.clear();
    later();
    expect(log).to.not.include('cleared');
  });

  it(`keeps at most ${MAX_NOTED} notes in a task: past it each is dropped and counted`, () => {
    const { notes, dropped, later } = setup();
    let heard = 0;
    for (let i = 0; i < MAX_NOTED + 7; i++) notes.note(() => heard++);
    expect(dropped()).to.equal(7);
    later();
    expect(heard).to.equal(MAX_NOTED);
  });
});
