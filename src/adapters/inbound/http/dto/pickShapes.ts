import type { ValidationOptions } from 'class-validator';
import { shape } from './performanceShapes.js';

/** The bounds of `POST /picks` (characters, items, pixels) beyond what the stored caps cut. */
export const PICK_LIMITS = Object.freeze({
  url: 16_384,
  text: 16_384,
  /** Style properties and component frames the extension may send (the daemon keeps fewer). */
  styles: 100,
  components: 50,
  /** A component's props as JSON. */
  propsJson: 65_536,
  /** The element screenshot, base64 characters (the request body is at most 1 MB). */
  imageBase64: 900_000,
  pixels: 1_000_000,
});

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const text = (max: number) => (value: unknown) => typeof value === 'string' && value.length <= max;
const coordinate = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= PICK_LIMITS.pixels;
const size = (value: unknown) => coordinate(value) && (value as number) >= 0;
const line = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

export function isBox(value: unknown): boolean {
  return isPlain(value) && coordinate(value.x) && coordinate(value.y) && size(value.width) && size(value.height);
}

function isViewport(value: unknown): boolean {
  return isPlain(value) && size(value.width) && size(value.height);
}

function isStyles(value: unknown): boolean {
  if (!isPlain(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= PICK_LIMITS.styles && entries.every(([name, v]) => name.length <= 64 && text(1_000)(v));
}

function isProps(value: unknown): boolean {
  if (!isPlain(value)) return false;
  try {
    return JSON.stringify(value).length <= PICK_LIMITS.propsJson;
  } catch {
    return false;
  }
}

function isComponent(value: unknown): boolean {
  return (
    isPlain(value) &&
    text(1_000)(value.name) &&
    optional(value.framework, text(32)) &&
    optional(value.selector, text(1_000)) &&
    optional(value.file, text(PICK_LIMITS.url)) &&
    optional(value.line, line) &&
    optional(value.column, line) &&
    optional(value.props, isProps)
  );
}

/** `null`, or at most PICK_LIMITS.components component frames. */
function isChain(value: unknown): boolean {
  return value === null || (Array.isArray(value) && value.length <= PICK_LIMITS.components && value.every(isComponent));
}

function isImage(value: unknown): boolean {
  return (
    isPlain(value) &&
    (value.mime_type === 'image/png' || value.mime_type === 'image/jpeg') &&
    typeof value.base64 === 'string' &&
    value.base64.length <= PICK_LIMITS.imageBase64 &&
    /^[A-Za-z0-9+/]*={0,2}$/.test(value.base64) &&
    size(value.width) &&
    size(value.height)
  );
}

export const IsBox = (options?: ValidationOptions) => shape('isBox', isBox, '{x, y, width, height} in CSS pixels', options);
export const IsViewport = (options?: ValidationOptions) => shape('isViewport', isViewport, '{width, height}', options);
export const IsStyles = (options?: ValidationOptions) =>
  shape('isStyles', isStyles, `an object of at most ${PICK_LIMITS.styles} CSS properties and their values`, options);
export const IsComponentChain = (options?: ValidationOptions) =>
  shape(
    'isComponentChain',
    isChain,
    `null or at most ${PICK_LIMITS.components} components {name, framework?, selector?, file?, line?, column?, props?}`,
    options,
  );
export const IsPickImage = (options?: ValidationOptions) =>
  shape(
    'isPickImage',
    isImage,
    `{mime_type: image/png|image/jpeg, base64 (≤ ${PICK_LIMITS.imageBase64}), width, height}`,
    options,
  );
