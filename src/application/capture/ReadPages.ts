import { inject, injectable } from 'inversify';
import type { PageRegistry, TrackedPage } from '../../domain/capture/PageRegistry.js';
import { TYPES } from '../tokens.js';

export interface PagePayload {
  readonly tab_id: number;
  readonly url: string;
  readonly title: string;
  readonly updated_at: string;
}

const present = (page: TrackedPage): PagePayload => ({ ...page, updated_at: new Date(page.updated_at).toISOString() });

/** `observe page` (the most recently active tracked page) and `observe tabs` (all, most recent first). */
@injectable()
export class ReadPages {
  constructor(@inject(TYPES.PageRegistry) private readonly pages: PageRegistry) {}

  execute(input: { readonly what: 'page' | 'tabs' }): { page: PagePayload | null } | { tabs: PagePayload[]; count: number } {
    if (input.what === 'page') {
      const current = this.pages.current();
      return { page: current === undefined ? null : present(current) };
    }
    const tabs = this.pages.all().map(present);
    return { tabs, count: tabs.length };
  }
}
