import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

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

  /**
   * The worker claims each command before it starts it and can resume one its earlier start
   * claimed (docs/extension-protocol.md, Leases); an older extension leaves it out.
   */
  @IsOptional()
  @IsBoolean()
  claims?: boolean;
}
