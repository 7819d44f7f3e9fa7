import { ContainerModule } from 'inversify';
import { TYPES } from '../../application/tokens.js';
import type { FakeClock } from '../../adapters/outbound/clock/FakeClock.js';
import { SystemClock } from '../../adapters/outbound/clock/SystemClock.js';

/** Production time: the wall clock and Node timers. */
export function systemClockModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TYPES.ClockPort).to(SystemClock).inSingletonScope();
  });
}

/** Test time: a `FakeClock` that moves only when the caller ticks it. */
export function fakeClockModule(clock: FakeClock): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TYPES.ClockPort).toConstantValue(clock);
  });
}
