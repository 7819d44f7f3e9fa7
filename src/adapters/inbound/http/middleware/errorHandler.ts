import type { Middleware } from 'koa';
import type { LoggerPort } from '../../../../application/ports/LoggerPort.js';
import { DomainError } from '../../../../domain/DomainError.js';
import { HttpProblem } from '../HttpProblem.js';
import { sendJson } from '../json.js';

/** HTTP status of each domain error code; anything else the caller got wrong is 400. */
const STATUS: Readonly<Record<string, number>> = {
  unknown_key: 404,
  unknown_correlation_id: 404,
  queue_full: 429,
  internal_error: 500,
};

/**
 * The one error middleware: every failure becomes `{error, message, …}` JSON with the right
 * status; unexpected errors are logged and answered 500 without internals.
 */
export function errorHandler(logger: LoggerPort): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.respond !== false) {
        throw new HttpProblem(404, 'not_found', `no route ${ctx.method} ${ctx.path}`);
      }
    } catch (error) {
      if (error instanceof HttpProblem) {
        ctx.status = error.status;
        ctx.set(error.headers);
        sendJson(ctx, { error: error.code, message: error.message });
      } else if (error instanceof DomainError) {
        ctx.status = STATUS[error.code] ?? 400;
        sendJson(ctx, { error: error.code, message: error.message, ...error.details });
      } else if (isExposedHttpError(error)) {
        ctx.status = error.status;
        sendJson(ctx, { error: error.status === 405 ? 'method_not_allowed' : 'bad_request', message: error.message });
      } else {
        logger.error('unexpected error handling a request', {
          method: ctx.method,
          path: ctx.path,
          error: String((error as Error)?.stack ?? error),
        });
        ctx.status = 500;
        sendJson(ctx, { error: 'internal_error', message: 'the daemon failed to handle this request; see its log' });
      }
    }
  };
}

/** Errors thrown with `ctx.throw` (router's 405/501) carry a status and are safe to show. */
function isExposedHttpError(error: unknown): error is { status: number; message: string } {
  const candidate = error as { status?: unknown; expose?: unknown };
  return typeof candidate?.status === 'number' && candidate.expose === true;
}
