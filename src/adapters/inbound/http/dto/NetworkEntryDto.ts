import { type NetworkWire, REQUEST_TYPES, type RequestType } from '../../../../domain/wire/entries.js';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsStringRecord } from './isStringRecord.js';

/** One entry of `POST /network-bodies`; status 0 with `error` is a network failure. */
export class NetworkEntryDto implements NetworkWire {
  @IsString()
  url!: string;

  @IsString()
  @Matches(/^[A-Za-z-]{1,16}$/, { message: 'method must be an HTTP method name' })
  method!: string;

  @IsInt()
  @Min(0)
  @Max(999)
  status!: number;

  @IsOptional()
  @IsString()
  @MaxLength(1_024)
  status_text?: string;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  duration_ms!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  ts!: number;

  @IsOptional()
  @IsInt()
  tab_id?: number;

  /** The child frame the entry came from (docs/extension.md). */
  @IsOptional()
  @IsString()
  frame_url?: string;

  @IsOptional()
  @IsString()
  error?: string;

  @IsOptional()
  @IsIn(REQUEST_TYPES)
  type?: RequestType;

  @IsOptional()
  @IsInt()
  @Min(0)
  size?: number;

  @IsOptional()
  @IsString()
  initiator?: string;

  @IsOptional()
  @IsStringRecord()
  request_headers?: Record<string, string>;

  @IsOptional()
  @IsStringRecord()
  response_headers?: Record<string, string>;

  @IsOptional()
  @IsString()
  request_body?: string;

  @IsOptional()
  @IsString()
  response_body?: string;

  @IsOptional()
  @IsBoolean()
  truncated?: boolean;
}
