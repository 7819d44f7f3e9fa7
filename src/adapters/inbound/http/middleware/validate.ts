import type { Middleware } from 'koa';
import { validateDto, type DtoClass } from '../dto/validateDto.js';
import { HttpProblem } from '../HttpProblem.js';

/** Validates `ctx.state.body` against a DTO into `ctx.state.valid`; 400 with the reasons otherwise. */
export function validBody<T extends object>(Dto: DtoClass<T>): Middleware {
  return async (ctx, next) => {
    const checked = validateDto(Dto, ctx.state.body);
    if (!checked.ok) throw new HttpProblem(400, 'invalid_body', `request body ${checked.message}`);
    ctx.state.valid = checked.value;
    await next();
  };
}

/** Validates the query string (the named keys parsed as integers) into `ctx.state.valid`. */
export function validQuery<T extends object>(Dto: DtoClass<T>, integerKeys: readonly string[] = []): Middleware {
  return async (ctx, next) => {
    const query: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(ctx.query)) {
      if (Array.isArray(value)) throw new HttpProblem(400, 'invalid_query', `query parameter ${key} is given more than once`);
      query[key] = integerKeys.includes(key) && /^-?\d{1,9}$/.test(value ?? '') ? Number(value) : value;
    }
    const checked = validateDto(Dto, query);
    if (!checked.ok) throw new HttpProblem(400, 'invalid_query', `query ${checked.message}`);
    ctx.state.valid = checked.value;
    await next();
  };
}

export interface ValidEntries<T> {
  readonly entries: readonly T[];
  readonly rejected: number;
  /** The first few problems, by index in the request. */
  readonly errors: ReadonlyArray<{ index: number; message: string }>;
}

const MAX_REPORTED_ERRORS = 5;

/**
 * For ingest routes: `{entries:[…]}` where each entry is checked on its own. Valid entries go
 * on, invalid ones are counted (never stored half-formed); a body of another shape is 400.
 */
export function validEntries<T extends object>(Dto: DtoClass<T>): Middleware {
  return async (ctx, next) => {
    const body = ctx.state.body as { entries?: unknown } | undefined;
    if (typeof body !== 'object' || body === null || !Array.isArray(body.entries)) {
      throw new HttpProblem(400, 'invalid_body', 'request body must be {"entries": [ … ]}');
    }
    const entries: T[] = [];
    const errors: Array<{ index: number; message: string }> = [];
    let rejected = 0;
    body.entries.forEach((plain: unknown, index: number) => {
      const checked = validateDto(Dto, plain);
      if (checked.ok) {
        entries.push(checked.value);
      } else {
        rejected++;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push({ index, message: checked.message });
      }
    });
    ctx.state.valid = { entries, rejected, errors } satisfies ValidEntries<T>;
    await next();
  };
}
