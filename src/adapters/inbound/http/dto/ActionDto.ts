import type { ActionWire } from '../../../../domain/wire/entries.js';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  ACTION_BY,
  ACTION_TYPES,
  NAVIGATION_KINDS,
  type ActionBy,
  type ActionType,
  type NavigationKind,
  type PickedFile,
} from '../../../../domain/wire/entries.js';
import { ACTION_LIMITS, IsDragMoves, IsPickedFiles } from './isPickedFiles.js';

/** One entry of `POST /actions` (docs/mcp-tools.md): every field checked and bounded; an unknown `type` or `by` rejects the entry. */
export class ActionDto implements ActionWire {
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  ts!: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2 ** 31)
  tab_id?: number;

  @IsIn(ACTION_BY)
  by!: ActionBy;

  @IsIn(ACTION_TYPES)
  type!: ActionType;

  @IsString()
  @MaxLength(ACTION_LIMITS.url)
  url!: string;

  @IsOptional()
  @IsString()
  @MaxLength(ACTION_LIMITS.url)
  frame_url?: string;

  @IsOptional()
  @IsString()
  @MaxLength(ACTION_LIMITS.locator)
  locator?: string;

  @IsOptional()
  @IsString()
  @MaxLength(ACTION_LIMITS.locator)
  selector?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(ACTION_LIMITS.nth)
  nth?: number;

  @IsOptional()
  @IsString()
  @MaxLength(ACTION_LIMITS.role)
  role?: string;

  @IsOptional()
  @IsString()
  @MaxLength(ACTION_LIMITS.text)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(ACTION_LIMITS.text)
  value?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(ACTION_LIMITS.values)
  @IsString({ each: true })
  @MaxLength(ACTION_LIMITS.text, { each: true })
  values?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(ACTION_LIMITS.valueName)
  value_name?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(ACTION_LIMITS.key)
  key?: string;

  @IsOptional()
  @IsPickedFiles()
  files?: PickedFile[];

  @IsOptional()
  @IsString()
  @MaxLength(ACTION_LIMITS.locator)
  to_locator?: string;

  @IsOptional()
  @IsString()
  @MaxLength(ACTION_LIMITS.locator)
  to_selector?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(ACTION_LIMITS.nth)
  to_nth?: number;

  @IsOptional()
  @IsDragMoves()
  moves?: Array<[number, number]>;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-ACTION_LIMITS.scroll)
  @Max(ACTION_LIMITS.scroll)
  x?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-ACTION_LIMITS.scroll)
  @Max(ACTION_LIMITS.scroll)
  y?: number;

  @IsOptional()
  @IsIn(NAVIGATION_KINDS)
  navigation?: NavigationKind;

  @IsOptional()
  @IsBoolean()
  by_script?: boolean;

  @IsOptional()
  @IsBoolean()
  typed?: boolean;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  correlation_id?: string;

  @IsOptional()
  @IsBoolean()
  renamed?: boolean;
}
