import { IsDefined, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** `POST /query-result` (and its alias `/dom-result`). `result` is any JSON value. */
export class QueryResultDto {
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  correlation_id!: string;

  @IsIn(['pending', 'complete', 'error', 'timeout'])
  status!: 'pending' | 'complete' | 'error' | 'timeout';

  @IsOptional()
  @IsDefined()
  result?: unknown;

  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  error?: string;
}
