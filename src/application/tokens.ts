import type { ServiceIdentifier } from 'inversify';
import type { NoiseRules } from '../domain/capture/NoiseRules.js';
import type { PageRegistry } from '../domain/capture/PageRegistry.js';
import type { Sanitizer } from '../domain/capture/sanitize.js';
import type { CorrelationTracker } from '../domain/command/CorrelationTracker.js';
import type { LifecycleRules } from '../domain/command/LifecycleRules.js';
import type { PatternCompiler } from '../domain/text/TextPattern.js';
import type { CaptureStorePort } from './ports/CaptureStorePort.js';
import type { ClockPort } from './ports/ClockPort.js';
import type { HeapPort } from './ports/HeapPort.js';
import type { IdGeneratorPort } from './ports/IdGeneratorPort.js';
import type { KeyValueStorePort } from './ports/KeyValueStorePort.js';
import type { LoggerPort } from './ports/LoggerPort.js';
import type { PerformanceStorePort } from './ports/PerformanceStorePort.js';
import type { SettingsStorePort } from './ports/SettingsStorePort.js';
import type { StreamOutletPort } from './ports/StreamOutletPort.js';
import type { DaemonInfo } from './shared/DaemonInfo.js';
import type { Waiters } from './shared/Waiters.js';

/** Every injection token, typed. Config values have tokens too. */
export const TYPES = {
  ClockPort: Symbol.for('ClockPort') as ServiceIdentifier<ClockPort>,
  IdGeneratorPort: Symbol.for('IdGeneratorPort') as ServiceIdentifier<IdGeneratorPort>,
  LoggerPort: Symbol.for('LoggerPort') as ServiceIdentifier<LoggerPort>,
  HeapPort: Symbol.for('HeapPort') as ServiceIdentifier<HeapPort>,
  CaptureStorePort: Symbol.for('CaptureStorePort') as ServiceIdentifier<CaptureStorePort>,
  PerformanceStorePort: Symbol.for('PerformanceStorePort') as ServiceIdentifier<PerformanceStorePort>,
  KeyValueStorePort: Symbol.for('KeyValueStorePort') as ServiceIdentifier<KeyValueStorePort>,
  SettingsStorePort: Symbol.for('SettingsStorePort') as ServiceIdentifier<SettingsStorePort>,
  StreamOutletPort: Symbol.for('StreamOutletPort') as ServiceIdentifier<StreamOutletPort>,
  LifecycleRules: Symbol.for('LifecycleRules') as ServiceIdentifier<LifecycleRules>,
  CorrelationTracker: Symbol.for('CorrelationTracker') as ServiceIdentifier<CorrelationTracker>,
  NoiseRules: Symbol.for('NoiseRules') as ServiceIdentifier<NoiseRules>,
  /** Agent-supplied patterns (noise rules, stream filters) on a linear-time engine. */
  PatternCompiler: Symbol.for('PatternCompiler') as ServiceIdentifier<PatternCompiler>,
  PageRegistry: Symbol.for('PageRegistry') as ServiceIdentifier<PageRegistry>,
  Sanitizer: Symbol.for('Sanitizer') as ServiceIdentifier<Sanitizer>,
  Waiters: Symbol.for('Waiters') as ServiceIdentifier<Waiters>,
  DaemonInfo: Symbol.for('DaemonInfo') as ServiceIdentifier<DaemonInfo>,
  /** Interval of the safety-net sweep over command deadlines (ms). */
  SweepIntervalMs: Symbol.for('SweepIntervalMs') as ServiceIdentifier<number>,
  /** Largest text block of one tool result, in UTF-8 bytes (docs/mcp-tools.md: 60 000). */
  ResultBudget: Symbol.for('ResultBudget') as ServiceIdentifier<number>,
} as const;
