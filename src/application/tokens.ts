import type { ServiceIdentifier } from 'inversify';
import type { CorrelationTracker } from '../domain/command/CorrelationTracker.js';
import type { LifecycleRules } from '../domain/command/LifecycleRules.js';
import type { ClockPort } from './ports/ClockPort.js';
import type { IdGeneratorPort } from './ports/IdGeneratorPort.js';
import type { LoggerPort } from './ports/LoggerPort.js';

/** Every injection token, typed. Config values have tokens too. */
export const TYPES = {
  ClockPort: Symbol.for('ClockPort') as ServiceIdentifier<ClockPort>,
  IdGeneratorPort: Symbol.for('IdGeneratorPort') as ServiceIdentifier<IdGeneratorPort>,
  LoggerPort: Symbol.for('LoggerPort') as ServiceIdentifier<LoggerPort>,
  LifecycleRules: Symbol.for('LifecycleRules') as ServiceIdentifier<LifecycleRules>,
  CorrelationTracker: Symbol.for('CorrelationTracker') as ServiceIdentifier<CorrelationTracker>,
  /** Interval of the safety-net sweep over command deadlines (ms). */
  SweepIntervalMs: Symbol.for('SweepIntervalMs') as ServiceIdentifier<number>,
} as const;
