// inversify reads decorator metadata through it; loaded here so only the daemon pays for it.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
// Type only: the fake clock's library (@sinonjs/fake-timers) stays out of the daemon's start-up.
import type { FakeClock } from '../adapters/outbound/clock/FakeClock.js';
import type { LogLevel, LogSink } from '../adapters/outbound/logging/StderrLogger.js';
import type { BufferName } from '../domain/wire/entries.js';
import { DEFAULT_LIFECYCLE_RULES, type LifecycleRules } from '../domain/command/LifecycleRules.js';
import { fakeClockModule, systemClockModule } from './modules/clockModules.js';
import { coreModule } from './modules/coreModule.js';
import { performanceModule } from './modules/performanceModule.js';
import { storageModule } from './modules/storageModule.js';
import { systemModule } from './modules/systemModule.js';
import { VERSION } from './version.js';
import type { StreamOutletPort } from '../application/ports/StreamOutletPort.js';
import { McpStreamOutlets } from '../adapters/inbound/mcp/McpStreamOutlets.js';
import { streamOutletModule } from './modules/streamOutletModule.js';

export type Profile = 'system' | 'fake-clock';

export interface ContainerOptions {
  /** `system` (default): wall clock. `fake-clock`: the `FakeClock` given as `fakeClock`. */
  readonly profile?: Profile;
  readonly fakeClock?: FakeClock;
  /** Overrides of docs/architecture.md (the command lifecycle)'s numbers. */
  readonly rules?: Partial<LifecycleRules>;
  readonly sweepIntervalMs?: number;
  readonly logLevel?: LogLevel;
  readonly logSink?: LogSink;
  /** Where files live (default `~/.browsertap`). Nothing is written until a use case needs it. */
  readonly stateDir?: string;
  readonly capacities?: Readonly<Record<BufferName, number>>;
  readonly resultBudget?: number;
  /** Where stream notifications go; the daemon passes the MCP sessions' outlets. */
  readonly streamOutlets?: StreamOutletPort;
}

export const DEFAULT_SWEEP_INTERVAL_MS = 5_000;
/** docs/mcp-tools.md: every tool result's text block is at most 60 000 bytes of UTF-8. */
export const DEFAULT_RESULT_BUDGET = 60_000;

export const defaultStateDir = (): string => join(homedir(), '.browsertap');

/** The composition root: one container, built from modules, with the profile's clock plugged in. */
export function createContainer(options: ContainerOptions = {}): Container {
  const container = new Container();
  const fake = options.profile === 'fake-clock' ? options.fakeClock : undefined;
  if (options.profile === 'fake-clock' && fake === undefined) {
    throw new Error('the fake-clock profile needs the FakeClock it runs on (options.fakeClock)');
  }
  container.load(
    fake === undefined ? systemClockModule() : fakeClockModule(fake),
    systemModule({ logLevel: options.logLevel ?? 'info', logSink: options.logSink ?? process.stderr }),
    storageModule({
      stateDir: options.stateDir ?? defaultStateDir(),
      ...(options.capacities === undefined ? {} : { capacities: options.capacities }),
    }),
    streamOutletModule(options.streamOutlets ?? new McpStreamOutlets()),
    coreModule({
      rules: Object.freeze({ ...DEFAULT_LIFECYCLE_RULES, ...options.rules }),
      sweepIntervalMs: options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
      daemon: { version: VERSION, startedAt: fake?.now() ?? Date.now(), runId: randomBytes(3).toString('hex') },
      resultBudget: options.resultBudget ?? DEFAULT_RESULT_BUDGET,
    }),
    performanceModule(),
  );
  return container;
}
