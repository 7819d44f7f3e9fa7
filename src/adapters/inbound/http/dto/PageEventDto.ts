import { IsIn, IsInt, IsString } from 'class-validator';

/** `POST /page`. */
export class PageEventDto {
  @IsInt()
  tab_id!: number;

  @IsString()
  url!: string;

  @IsString()
  title!: string;

  @IsIn(['load', 'navigate', 'close'])
  event!: 'load' | 'navigate' | 'close';
}
