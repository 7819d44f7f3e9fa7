import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import type { LoggerPort } from '../../../../application/ports/LoggerPort.js';
import { DomainError } from '../../../../domain/DomainError.js';
import { HttpProblem } from '../HttpProblem.js';
import { sendJson, writeJson } from '../json.js';

/** HTTP status of each domain error code; anything else the caller got wrong is 400. */
const STATUS: Readonly<Record<string, number>> = {
  unknown_key: 404,
  unknown_correlation_id: 404,
  queue_full: 429,
  internal_error: 500,
};

/** What a failed request is answered: its status, any headers, and the `{error, message, …}` body. */
export interface ProblemAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Record<string, unknown>;
}

/**
 * The answer to a request that failed with `error`: an `HttpProblem` or `DomainError` as its code
 * says, a router's 405/501 as itself, anything else logged and answered 500 without internals.
 */
export function problemAnswer(error: unknown, logger: LoggerPort, method: string, path: string): ProblemAnswer {
  if (error instanceof HttpProblem) {
    return { status: error.status, headers: error.headers, body: { error: error.code, message: error.message } };
  }
  if (error instanceof DomainError) {
    return {
      status: STATUS[error.code] ?? 400,
      headers: {},
      body: { error: error.code, message: error.message, ...error.details },
    };
  }
  if (isExposedHttpError(error)) {
    const code = error.status === 405 ? 'method_not_allowed' : 'bad_request';
    return { status: error.status, headers: {}, body: { error: code, message: error.message } };
  }
  logger.error('unexpected error handling a request', { method, path, error: String((error as Error)?.stack ?? error) });
  return {
    status: 500,
    headers: {},
    body: { error: 'internal_error', message: 'the daemon failed to handle this request; see its log' },
  };
}

/** `problemAnswer`'s answer written on Node's own response (a request served beside the Koa app). */
export function writeProblem(res: ServerResponse, answer: ProblemAnswer): void {
  writeJson(res, answer.status, JSON.stringify(answer.body), answer.headers);
}

/**
 * The one error middleware: every failure becomes `{error, message, …}` JSON with the right
 * status (`problemAnswer`).
 */
export function errorHandler(logger: LoggerPort): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.respond !== false) {
        throw new HttpProblem(404, 'not_found', `no route ${ctx.method} ${ctx.path}`);
      }
    } catch (error) {
      const answer = problemAnswer(error, logger, ctx.method, ctx.path);
      ctx.status = answer.status;
      ctx.set(answer.headers);
      sendJson(ctx, answer.body);
    }
  };
}

/** Errors thrown with `ctx.throw` (router's 405/501) carry a status and are safe to show. */
function isExposedHttpError(error: unknown): error is { status: number; message: string } {
  const candidate = error as { status?: unknown; expose?: unknown };
  return typeof candidate?.status === 'number' && candidate.expose === true;
}
