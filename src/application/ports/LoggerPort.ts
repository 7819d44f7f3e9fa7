export type LogFields = Readonly<Record<string, unknown>>;

/** Diagnostics for humans. Never writes to stdout (that is the MCP channel of the stdio bridge). */
export interface LoggerPort {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}
