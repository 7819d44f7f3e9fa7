import { IsBoolean, IsOptional } from 'class-validator';
import { PendingQueriesDto } from './PendingQueriesDto.js';

/** `GET /channel`'s query string: the poll's lease, and how the worker takes its claims. */
export class ChannelQueryDto extends PendingQueriesDto {
  /**
   * With `claims`: the worker takes a command the daemon claimed for it as it pushed it on this
   * channel (`claimed: true`), and runs it without claiming it first (docs/extension-protocol.md,
   * "Claimed on delivery"). An older daemon ignores it; an older worker leaves it out.
   */
  @IsOptional()
  @IsBoolean()
  claim_on_delivery?: boolean;
}
