import { injectable } from 'inversify';

/** An element screenshot of a pick, as the extension took it when the person picked. */
export interface PickImage {
  readonly mime_type: string;
  readonly base64: string;
  readonly width: number;
  readonly height: number;
}

/** Images kept at most, and their base64 characters in all: the oldest go first past either. */
export const PICK_IMAGES = Object.freeze({ count: 20, chars: 8_000_000 });

/**
 * The element screenshots of the newest picks (`entry` with `image:true`), by the
 * pick's sequence number, apart from the bounded picks buffer: an image is ~100 KB where a pick
 * is ~2 KB. Bounded by count and by bytes; `clear` of the picks empties it.
 */
@injectable()
export class PickImages {
  private readonly images = new Map<number, PickImage>();
  private chars = 0;

  keep(seq: number, image: PickImage): void {
    if (image.base64.length > PICK_IMAGES.chars) return;
    this.images.set(seq, image);
    this.chars += image.base64.length;
    while (this.images.size > PICK_IMAGES.count || this.chars > PICK_IMAGES.chars) {
      const [oldest, gone] = this.images.entries().next().value as [number, PickImage];
      this.images.delete(oldest);
      this.chars -= gone.base64.length;
    }
  }

  get(seq: number): PickImage | undefined {
    return this.images.get(seq);
  }

  clear(): void {
    this.images.clear();
    this.chars = 0;
  }
}
