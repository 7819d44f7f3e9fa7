import { IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { RESULT_STATUSES, type ResultBody, type ResultStatus } from '../../../../domain/wire/commands.js';

/** `POST /query-result` (and its alias `/dom-result`), the wire's `ResultBody`. `result` is any JSON value. */
export class QueryResultDto implements ResultBody {
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  correlation_id!: string;

  @IsIn(RESULT_STATUSES)
  status!: ResultStatus;

  /** `complete`: the result; `error`/`timeout`: details the message does not say (a stack), if any. */
  @IsOptional()
  @IsDefined()
  result?: unknown;

  /**
   * `error`/`timeout`: the stable failure code (`ambiguous_selector`, …). An extension before
   * the code was said here sent its sentence in this field, without `message` (reportOf).
   */
  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  error?: string;

  /** `error`/`timeout`: what happened, in a sentence. */
  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  message?: string;

  /** The worker start that sends it: with `pending`, the report claims the command for that start. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  boot_id?: string;

  /** The tab the command ran in: this client's next command without `tab_id` goes there (docs/mcp-tools.md). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2 ** 31)
  tab_id?: number;
}
