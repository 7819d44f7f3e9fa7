import { LOG_LEVELS, LOG_SOURCES, type LogLevel, type LogSource, type LogWire } from '../../../../domain/wire/entries.js';
import { IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Min } from 'class-validator';

/** One entry of `POST /logs`. */
export class LogEntryDto implements LogWire {
  @IsIn(LOG_LEVELS)
  level!: LogLevel;

  @IsString()
  message!: string;

  @IsOptional()
  @IsArray()
  args?: unknown[];

  @IsOptional()
  @IsString()
  stack?: string;

  /** The stack as the page reported it, when `stack` was put in source positions (docs/extension.md). */
  @IsOptional()
  @IsString()
  raw_stack?: string;

  @IsIn(LOG_SOURCES)
  source!: LogSource;

  @IsString()
  url!: string;

  @IsOptional()
  @IsInt()
  tab_id?: number;

  /** The child frame the entry came from (docs/extension.md). */
  @IsOptional()
  @IsString()
  frame_url?: string;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  ts!: number;
}
