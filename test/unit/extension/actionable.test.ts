import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { ActionFailure } from '../../../extension/src/inject/ActionFailure.js';
import { type ActionablePorts, type Box, LOOK_AGAIN_MS, waitActionable } from '../../../extension/src/inject/actionable.js';

/** A page on a fake clock painting every 16 ms, whose element's box, state and cover a test changes. */
function page() {
  const clock = createClock(0);
  const state = {
    box: { x: 10, y: 10, width: 80, height: 20 } as Box,
    shown: true,
    connected: true,
    enabled: true,
    covering: undefined as string | undefined,
    frames: 0,
    hits: [] as Array<[number, number]>,
    scrolls: [] as boolean[],
  };
  const ports: ActionablePorts = {
    now: () => clock.now,
    frame: () => new Promise((resolve) => clock.setTimeout(() => (state.frames++, resolve()), 16)),
    connected: () => state.connected,
    box: () => state.box,
    shown: () => state.shown,
    enabled: () => state.enabled,
    scrollIntoView: (centre) => void state.scrolls.push(centre),
    point: () => ({ x: state.box.x + state.box.width / 2, y: state.box.y + state.box.height / 2 }),
    hitAt: (x, y) => {
      state.hits.push([x, y]);
      return state.covering === undefined ? { ok: true } : { ok: false, covering: state.covering };
    },
  };
  return { clock, state, ports };
}

/** Whether the promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('waitActionable: a pointer action waits as Playwright’s does (visible, stable, enabled, receiving events)', () => {
  it('acts only once the box held still over two animation frames, at its centre', async () => {
    const { clock, state, ports } = page();
    const ready = waitActionable(ports, 2_000);
    expect(await settled(ready)).to.equal(false); // not inside the task it was asked in
    await clock.tickAsync(16);
    expect(await settled(ready)).to.equal(false); // one frame seen: not yet stable
    await clock.tickAsync(16);
    expect(await ready).to.deep.equal({ x: 50, y: 20 });
    expect(state.frames).to.equal(2);
  });

  it('waits while the element moves, and acts two frames after it stopped', async () => {
    const { clock, state, ports } = page();
    const ready = waitActionable(ports, 2_000);
    for (let i = 1; i <= 5; i++) {
      await clock.tickAsync(16);
      state.box = { ...state.box, y: 10 + i * 7 }; // sliding in
    }
    expect(state.hits).to.deep.equal([]);
    await clock.tickAsync(32);
    expect(await ready).to.deep.equal({ x: 50, y: 55 });
  });

  it('waits for a backdrop over the element to go, and for a disabled control to be enabled', async () => {
    const { clock, state, ports } = page();
    state.covering = '<div.backdrop>';
    state.enabled = false;
    const ready = waitActionable(ports, 2_000);
    await clock.tickAsync(300);
    state.enabled = true;
    await clock.tickAsync(300);
    expect(await settled(ready)).to.equal(false);
    expect(state.hits.length).to.be.greaterThan(0);
    state.covering = undefined;
    await clock.tickAsync(16);
    expect(await ready).to.deep.equal({ x: 50, y: 20 });
    expect(state.scrolls.slice(0, 2), 'to the centre once something covered it').to.deep.equal([false, true]);
  });

  it('gives up at the step’s deadline, saying what covers the element, and acts on nothing', async () => {
    const { clock, state, ports } = page();
    state.covering = '<div.backdrop>';
    const ready = waitActionable(ports, 500);
    const failure = ready.catch((error: unknown) => error);
    await clock.tickAsync(499);
    expect(await settled(ready)).to.equal(false);
    await clock.tickAsync(17);
    const error = (await failure) as ActionFailure;
    expect(error).to.be.instanceOf(ActionFailure);
    expect(error.code).to.equal('element_not_actionable');
    expect(error.message).to.match(/<div\.backdrop> would receive the pointer/);
  });

  it('says a control that stays disabled is disabled, and one never shown is not visible', async () => {
    const { clock, state, ports } = page();
    state.enabled = false;
    const disabled = waitActionable(ports, 100).catch((error: ActionFailure) => error);
    await clock.tickAsync(120);
    expect(await disabled).to.include({ code: 'element_disabled' });
    state.enabled = true;
    state.box = { x: 0, y: 0, width: 0, height: 0 };
    const hidden = waitActionable(ports, clock.now + 100).catch((error: ActionFailure) => error);
    await clock.tickAsync(120);
    expect(((await hidden) as ActionFailure).message).to.match(/not visible/);
  });

  it('says at once when the page replaced the element, for its target to be looked up again', async () => {
    const { clock, state, ports } = page();
    const ready = waitActionable(ports, 2_000).catch((error: ActionFailure) => error);
    await clock.tickAsync(16);
    state.connected = false;
    await clock.tickAsync(16);
    expect(await ready).to.include({ code: 'element_detached' });
    expect(clock.now).to.equal(32);
  });

  it('looks its locator up again while the element is not ready, and hands back the one it now finds', async () => {
    const { clock, state, ports } = page();
    let looks = 0;
    let replaced = false;
    state.covering = '<main>'; // a native select a component hid and stood in for as it started
    const ready = waitActionable({ ...ports, replaced: () => (looks++, replaced) }, 2_000).catch((error: ActionFailure) => error);
    await clock.tickAsync(LOOK_AGAIN_MS * 3);
    expect(await settled(ready)).to.equal(false);
    expect(looks).to.be.within(2, 3); // every LOOK_AGAIN_MS, not every frame
    replaced = true;
    await clock.tickAsync(LOOK_AGAIN_MS + 16);
    expect(await ready).to.include({ code: 'element_detached' });
    expect(clock.now).to.be.below(LOOK_AGAIN_MS * 5);
  });

  it('never looks its locator up again on the way to an element ready at once', async () => {
    const { clock, ports } = page();
    let looks = 0;
    const ready = waitActionable({ ...ports, replaced: () => (looks++, true) }, 2_000);
    await clock.tickAsync(32);
    expect(await ready).to.deep.equal({ x: 50, y: 20 });
    expect(looks).to.equal(0);
  });
});
