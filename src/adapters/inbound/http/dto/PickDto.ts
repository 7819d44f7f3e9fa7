import { Allow, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { PICK_VIA, type ComponentFrame, type PickBox, type PickVia } from '../../../../domain/wire/picks.js';
import type { PickImage } from '../../../../application/capture/PickImages.js';
import { IsBox, IsComponentChain, IsPickImage, IsStyles, IsViewport, PICK_LIMITS } from './pickShapes.js';

/** One entry of `POST /picks`: every field checked and bounded; an unknown `via` rejects the entry. */
export class PickDto {
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
  @MaxLength(PICK_LIMITS.url)
  frame_url?: string;

  @IsIn(PICK_VIA)
  via!: PickVia;

  @IsString()
  @MaxLength(PICK_LIMITS.url)
  url!: string;

  @IsOptional()
  @IsString()
  @MaxLength(PICK_LIMITS.text)
  note?: string;

  @IsOptional()
  @IsString()
  @MaxLength(PICK_LIMITS.text)
  prompt?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  correlation_id?: string;

  @IsOptional()
  @IsBox()
  region?: PickBox;

  @IsOptional()
  @IsString()
  @MaxLength(PICK_LIMITS.text)
  locator?: string;

  @IsOptional()
  @IsString()
  @MaxLength(PICK_LIMITS.text)
  selector?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100_000)
  nth?: number;

  @IsOptional()
  @IsString()
  @MaxLength(PICK_LIMITS.text)
  frame?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  role?: string;

  @IsOptional()
  @IsString()
  @MaxLength(PICK_LIMITS.text)
  name?: string;

  @IsString()
  @MinLength(1)
  @MaxLength(64)
  tag!: string;

  @IsOptional()
  @IsString()
  @MaxLength(PICK_LIMITS.text)
  text?: string;

  @IsBox()
  box!: PickBox;

  @IsViewport()
  viewport!: { width: number; height: number };

  @IsOptional()
  @IsStyles()
  styles?: Record<string, string>;

  /** Required (null says no component is known). `@Allow` lets null through to the chain check. */
  @Allow()
  @IsComponentChain()
  component!: ComponentFrame[] | null;

  @IsOptional()
  @IsString()
  @MaxLength(PICK_LIMITS.text)
  component_reason?: string;

  @IsOptional()
  @IsPickImage()
  image?: PickImage;
}
