import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** `POST /pending-queries` body (or the query string of `GET`). */
export class PendingQueriesDto {
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  instance_id!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(128)
  boot_id!: string;

  /** The extension's manifest version (shown by the status page and `doctor`). */
  @IsOptional()
  @IsString()
  @MaxLength(32)
  extension_version?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(25_000)
  wait_ms?: number;
}
