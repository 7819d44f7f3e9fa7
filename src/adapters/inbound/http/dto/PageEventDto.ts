import { PAGE_EVENTS, type PageWire } from '../../../../domain/wire/entries.js';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** `POST /page`. */
export class PageEventDto implements PageWire {
  @IsInt()
  tab_id!: number;

  @IsString()
  url!: string;

  @IsString()
  title!: string;

  @IsIn(PAGE_EVENTS)
  event!: 'load' | 'navigate' | 'close';

  /** When the document began (ms since the epoch): the summary counts a page's entries from then. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  started_at?: number;
}
