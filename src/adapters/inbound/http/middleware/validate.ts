import type { Middleware } from 'koa';
import { validateDto, type DtoClass } from '../dto/validateDto.js';
import { HttpProblem } from '../HttpProblem.js';
import { MAX_ENTRIES_PER_REQUEST } from '../ingestLimits.js';

/** Validates `ctx.state.body` against a DTO into `ctx.state.valid`; 400 with the reasons otherwise. */
export function validBody<T extends object>(Dto: DtoClass<T>): Middleware {
  return async (ctx, next) => {
    const checked = validateDto(Dto, ctx.state.body);
    if (!checked.ok) throw new HttpProblem(400, 'invalid_body', `request body ${checked.message}`);
    ctx.state.valid = checked.value;
    await next();
  };
}

/**
 * Validates the query string (the named keys parsed as integers, or as booleans from `true` and
 * `false`) into `ctx.state.valid`.
 */
export function validQuery<T extends object>(
  Dto: DtoClass<T>,
  integerKeys: readonly string[] = [],
  booleanKeys: readonly string[] = [],
): Middleware {
  return async (ctx, next) => {
    const query: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(ctx.query)) {
      if (Array.isArray(value)) throw new HttpProblem(400, 'invalid_query', `query parameter ${key} is given more than once`);
      if (booleanKeys.includes(key) && (value === 'true' || value === 'false')) query[key] = value === 'true';
      else query[key] = integerKeys.includes(key) && /^-?\d{1,9}$/.test(value ?? '') ? Number(value) : value;
    }
    const checked = validateDto(Dto, query);
    if (!checked.ok) throw new HttpProblem(400, 'invalid_query', `query ${checked.message}`);
    ctx.state.valid = checked.value;
    await next();
  };
}

export interface ValidEntries<T> {
  readonly entries: readonly T[];
  /** Where each of `entries` was in the request. */
  readonly positions: readonly number[];
  readonly rejected: number;
  /** The first few problems, by index in the request. */
  readonly errors: ReadonlyArray<{ index: number; message: string }>;
}

export const MAX_REPORTED_ERRORS = 5;

/**
 * For ingest routes: `{entries:[…]}` where each entry is checked on its own. Valid entries go
 * on, invalid ones are counted (never stored half-formed); a body of another shape is 400,
 * more than `MAX_ENTRIES_PER_REQUEST` entries 413 (before any is looked at).
 */
export function validEntries<T extends object>(Dto: DtoClass<T>): Middleware {
  return async (ctx, next) => {
    const body = ctx.state.body as { entries?: unknown } | undefined;
    if (typeof body !== 'object' || body === null || !Array.isArray(body.entries)) {
      throw new HttpProblem(400, 'invalid_body', 'request body must be {"entries": [ … ]}');
    }
    if (body.entries.length > MAX_ENTRIES_PER_REQUEST) {
      throw new HttpProblem(
        413,
        'too_many_entries',
        `${body.entries.length} entries in one request; the limit is ${MAX_ENTRIES_PER_REQUEST} (send them in smaller batches)`,
      );
    }
    const entries: T[] = [];
    const positions: number[] = [];
    const errors: Array<{ index: number; message: string }> = [];
    let rejected = 0;
    body.entries.forEach((plain: unknown, index: number) => {
      const checked = checkEntry(Dto, plain);
      if (checked.ok) {
        entries.push(checked.value);
        positions.push(index);
      } else {
        rejected++;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push({ index, message: checked.message });
      }
    });
    ctx.state.valid = { entries, positions, rejected, errors } satisfies ValidEntries<T>;
    await next();
  };
}

/** One entry's check; a validator that throws (a bug, or input it chokes on) rejects that entry only. */
function checkEntry<T extends object>(Dto: DtoClass<T>, plain: unknown): ReturnType<typeof validateDto<T>> {
  try {
    return validateDto(Dto, plain);
  } catch (error) {
    return { ok: false, message: `could not be validated: ${(error as Error).message}`.slice(0, 300) };
  }
}
