import { IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { RequestType } from '../../../../domain/wire/entries.js';
import { type LongFrame, PERFORMANCE_LIMITS, type TimedRequest, type TypeTotal } from '../../../../domain/wire/performance.js';
import { IsLongFrames, IsTimedRequests, IsTypeTotals } from './performanceShapes.js';

/** One entry of `POST /performance` (docs/mcp-tools.md): a page's long frames and requests so far. */
export class PerformanceDto {
  @IsString()
  @MaxLength(PERFORMANCE_LIMITS.url)
  url!: string;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  ts!: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2 ** 31)
  tab_id?: number;

  @IsOptional()
  @IsString()
  @MaxLength(PERFORMANCE_LIMITS.url)
  frame_url?: string;

  @IsInt()
  @Min(0)
  frame_count!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  blocking_ms!: number;

  @IsLongFrames()
  frames!: LongFrame[];

  @IsInt()
  @Min(0)
  request_count!: number;

  @IsInt()
  @Min(0)
  bytes!: number;

  @IsTypeTotals()
  by_type!: Partial<Record<RequestType, TypeTotal>>;

  @IsTimedRequests(PERFORMANCE_LIMITS.slowest)
  slowest!: TimedRequest[];

  @IsTimedRequests(PERFORMANCE_LIMITS.blocking)
  blocking!: TimedRequest[];

  @IsInt()
  @Min(0)
  blocking_count!: number;
}
