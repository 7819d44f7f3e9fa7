import type { LogFields, LoggerPort } from '../../../application/ports/LoggerPort.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Any writable text sink; `process.stderr` in production. Never stdout. */
export interface LogSink {
  write(line: string): unknown;
}

/** One JSON object per line on stderr, at or above a level. */
export class StderrLogger implements LoggerPort {
  constructor(
    private readonly level: LogLevel,
    private readonly sink: LogSink,
    private readonly now: () => number = Date.now,
  ) {}

  debug(message: string, fields?: LogFields): void {
    this.log('debug', message, fields);
  }

  info(message: string, fields?: LogFields): void {
    this.log('info', message, fields);
  }

  warn(message: string, fields?: LogFields): void {
    this.log('warn', message, fields);
  }

  error(message: string, fields?: LogFields): void {
    this.log('error', message, fields);
  }

  private log(level: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields): void {
    if (RANK[level] < RANK[this.level]) return;
    const line = { t: new Date(this.now()).toISOString(), level, msg: message, ...fields };
    this.sink.write(`${JSON.stringify(line)}\n`);
  }
}
