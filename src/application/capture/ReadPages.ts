import { inject, injectable } from 'inversify';
import type { PageRegistry, TrackedPage } from '../../domain/capture/PageRegistry.js';
import { DomainError } from '../../domain/DomainError.js';
import { utf8Length } from '../../domain/text/utf8.js';
import { TYPES } from '../tokens.js';

export interface PagePayload {
  readonly tab_id: number;
  readonly url: string;
  readonly title: string;
  readonly updated_at: string;
}

export interface TabsPayload {
  readonly tabs: PagePayload[];
  readonly count: number;
  readonly has_more: boolean;
  /** Pass as `after_cursor` for the next page (tabs are listed most recent first). */
  readonly cursor: string;
}

export const DEFAULT_TABS_LIMIT = 20;
export const MAX_TABS_LIMIT = 100;
const ENVELOPE_BYTES = 4_000;
const CURSOR = /^tabs\.(\d{1,3})$/;

const present = (page: TrackedPage): PagePayload => ({ ...page, updated_at: new Date(page.updated_at).toISOString() });

/**
 * `observe page` (the most recently active tracked page) and `observe tabs` (all, most recent
 * first, a page at a time within the result budget: `limit`, `after_cursor`).
 * @throws DomainError `invalid_params` for a bad limit or cursor.
 */
@injectable()
export class ReadPages {
  constructor(
    @inject(TYPES.PageRegistry) private readonly pages: PageRegistry,
    @inject(TYPES.ResultBudget) private readonly budget: number,
  ) {}

  execute(input: {
    readonly what: 'page' | 'tabs';
    readonly limit?: number;
    readonly afterCursor?: string;
  }): { page: PagePayload | null } | TabsPayload {
    if (input.what === 'page') {
      const current = this.pages.current();
      return { page: current === undefined ? null : present(current) };
    }
    const limit = input.limit ?? DEFAULT_TABS_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_TABS_LIMIT) {
      throw new DomainError('invalid_params', `limit must be an integer from 1 to ${MAX_TABS_LIMIT}, got ${String(limit)}`);
    }
    const from = input.afterCursor === undefined ? 0 : Number(CURSOR.exec(input.afterCursor)?.[1] ?? NaN);
    if (!Number.isInteger(from)) {
      throw new DomainError(
        'invalid_params',
        `after_cursor must be the cursor of an earlier tabs answer, got '${input.afterCursor}'`,
      );
    }
    const all = this.pages.all();
    const tabs: PagePayload[] = [];
    let used = ENVELOPE_BYTES;
    for (const page of all.slice(from)) {
      const shown = present(page);
      used += utf8Length(JSON.stringify(shown)) + 1;
      if (tabs.length >= limit || (used > this.budget && tabs.length > 0)) break;
      tabs.push(shown);
    }
    const next = from + tabs.length;
    return { tabs, count: tabs.length, has_more: next < all.length, cursor: `tabs.${next}` };
  }
}
