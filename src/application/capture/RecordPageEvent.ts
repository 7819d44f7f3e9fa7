import { inject, injectable } from 'inversify';
import type { PageEvent } from '../../domain/wire/entries.js';
import type { PageRegistry } from '../../domain/capture/PageRegistry.js';
import type { Sanitizer } from '../../domain/capture/sanitize.js';
import type { ClockPort } from '../ports/ClockPort.js';
import { TYPES } from '../tokens.js';

/** Tracks which page each tab shows (`POST /page`); `close` forgets the tab. */
@injectable()
export class RecordPageEvent {
  constructor(
    @inject(TYPES.PageRegistry) private readonly pages: PageRegistry,
    @inject(TYPES.Sanitizer) private readonly sanitizer: Sanitizer,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
  ) {}

  execute(event: PageEvent): void {
    const { url, title } = this.sanitizer.pageText(event.url, event.title);
    this.pages.apply({ ...event, url, title }, this.clock.now());
  }
}
