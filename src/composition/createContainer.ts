import { Container } from 'inversify';
import { FakeClock } from '../adapters/outbound/clock/FakeClock.js';
import type { LogLevel, LogSink } from '../adapters/outbound/logging/StderrLogger.js';
import { DEFAULT_LIFECYCLE_RULES, type LifecycleRules } from '../domain/command/LifecycleRules.js';
import { coreModule } from './modules/coreModule.js';
import { fakeClockModule, systemClockModule } from './modules/clockModules.js';
import { systemModule } from './modules/systemModule.js';

export type Profile = 'system' | 'fake-clock';

export interface ContainerOptions {
  /** `system` (default): wall clock. `fake-clock`: a `FakeClock` (given, or made here). */
  readonly profile?: Profile;
  readonly fakeClock?: FakeClock;
  /** Overrides of SPEC 3.2's numbers. */
  readonly rules?: Partial<LifecycleRules>;
  readonly sweepIntervalMs?: number;
  readonly logLevel?: LogLevel;
  readonly logSink?: LogSink;
}

export const DEFAULT_SWEEP_INTERVAL_MS = 5_000;

/** The composition root: one container, built from modules, with the profile's clock plugged in. */
export function createContainer(options: ContainerOptions = {}): Container {
  const container = new Container();
  const clock = options.profile === 'fake-clock' ? fakeClockModule(options.fakeClock ?? new FakeClock()) : systemClockModule();
  container.load(
    clock,
    systemModule({ logLevel: options.logLevel ?? 'info', logSink: options.logSink ?? process.stderr }),
    coreModule({
      rules: Object.freeze({ ...DEFAULT_LIFECYCLE_RULES, ...options.rules }),
      sweepIntervalMs: options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    }),
  );
  return container;
}
