import { VITAL_NAMES, VITAL_RATINGS, type VitalName, type VitalWire } from '../../../../domain/wire/entries.js';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { VitalAttribution } from '../../../../domain/wire/performance.js';
import { IsVitalAttribution } from './performanceShapes.js';

/** One entry of `POST /vitals`. */
export class VitalDto implements VitalWire {
  @IsIn(VITAL_NAMES)
  name!: VitalName;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  value!: number;

  @IsOptional()
  @IsIn(VITAL_RATINGS)
  rating?: 'good' | 'needs-improvement' | 'poor';

  @IsString()
  url!: string;

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

  /** The element the vital is about (web-vitals attribution), as a CSS selector. */
  @IsOptional()
  @IsString()
  @MaxLength(1_000)
  target?: string;

  /** Why it has its value (docs/mcp-tools.md): LCP's parts, INP's parts and scripts, CLS's largest shift. */
  @IsOptional()
  @IsVitalAttribution()
  attribution?: VitalAttribution;
}
