import { WEBSOCKET_DIRECTIONS, WEBSOCKET_EVENTS, type WebSocketWire } from '../../../../domain/wire/entries.js';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** One entry of `POST /websocket-events`. */
export class WebSocketEventDto implements WebSocketWire {
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  connection_id!: string;

  @IsString()
  url!: string;

  @IsIn(WEBSOCKET_EVENTS)
  event!: 'open' | 'message' | 'close' | 'error';

  @IsOptional()
  @IsIn(WEBSOCKET_DIRECTIONS)
  direction?: 'sent' | 'received';

  @IsOptional()
  @IsString()
  data?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  size?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65_535)
  code?: number;

  @IsOptional()
  @IsString()
  reason?: string;

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
}
