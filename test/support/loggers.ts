import type { LogFields, LoggerPort } from '../../src/application/ports/LoggerPort.js';

/** A logger that says nothing. */
export const quietLogger: LoggerPort = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** A logger that keeps what is logged as an error (in `errors`, which a test may empty) and says nothing else. */
export function errorsLogged(): { readonly logger: LoggerPort; readonly errors: Array<{ message: string; fields?: LogFields }> } {
  const errors: Array<{ message: string; fields?: LogFields }> = [];
  return {
    errors,
    logger: {
      ...quietLogger,
      error: (message, fields) => void errors.push({ message, ...(fields === undefined ? {} : { fields }) }),
    },
  };
}
