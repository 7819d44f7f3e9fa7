import { registerDecorator, type ValidationOptions } from 'class-validator';
import { REQUEST_TYPES } from '../../../../domain/wire/entries.js';
import { INVOKER_TYPES, PERFORMANCE_LIMITS as LIMITS } from '../../../../domain/wire/performance.js';

/** Longest duration or offset taken (ms): 30 days (a page left open that long). */
const MAX_MS = 2_592_000_000;

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const ms = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_MS;
const count = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const text = (max: number) => (value: unknown) => typeof value === 'string' && value.length <= max;
const listOf = (max: number, each: (value: unknown) => boolean) => (value: unknown) =>
  Array.isArray(value) && value.length <= max && value.every(each);

/** A LoAF script: `url`, `duration_ms`, and bounded optional fields. */
export function isScriptTiming(value: unknown): boolean {
  if (!isPlain(value)) return false;
  return (
    text(LIMITS.url)(value.url) &&
    ms(value.duration_ms) &&
    optional(value.fn, text(LIMITS.text)) &&
    optional(value.char, count) &&
    optional(value.invoker, text(LIMITS.text)) &&
    optional(value.invoker_type, (type) => (INVOKER_TYPES as readonly unknown[]).includes(type)) &&
    optional(value.layout_ms, ms) &&
    optional(value.at, text(LIMITS.at)) &&
    optional(value.function, text(LIMITS.text))
  );
}

const scripts = listOf(LIMITS.scripts, isScriptTiming);

function isLongFrame(value: unknown): boolean {
  if (!isPlain(value)) return false;
  return (
    ms(value.start_ms) &&
    ms(value.duration_ms) &&
    ms(value.blocking_ms) &&
    optional(value.render_ms, ms) &&
    scripts(value.scripts)
  );
}

function isTimedRequest(value: unknown): boolean {
  if (!isPlain(value)) return false;
  return (
    text(LIMITS.url)(value.url) &&
    (REQUEST_TYPES as readonly unknown[]).includes(value.type) &&
    ms(value.start_ms) &&
    ms(value.duration_ms) &&
    optional(value.size, count) &&
    optional(value.blocking, (blocking) => typeof blocking === 'boolean')
  );
}

function isTypeTotals(value: unknown): boolean {
  if (!isPlain(value)) return false;
  return Object.entries(value).every(
    ([type, total]) =>
      (REQUEST_TYPES as readonly string[]).includes(type) && isPlain(total) && count(total.count) && count(total.bytes),
  );
}

/** A vital's attribution (docs/mcp-tools.md): every field optional, typed and bounded. */
export function isVitalAttribution(value: unknown): boolean {
  if (!isPlain(value)) return false;
  const a = value;
  return (
    optional(a.resource_url, text(LIMITS.url)) &&
    [
      'ttfb_ms',
      'load_delay_ms',
      'load_ms',
      'render_delay_ms',
      'input_delay_ms',
      'processing_ms',
      'presentation_ms',
      'shift_ms',
    ].every((key) => optional(a[key], ms)) &&
    optional(a.lazy, (lazy) => typeof lazy === 'boolean') &&
    optional(a.interaction, (kind) => kind === 'pointer' || kind === 'keyboard') &&
    optional(a.locator, text(LIMITS.text)) &&
    optional(a.scripts, scripts) &&
    optional(a.shift_value, (shift) => typeof shift === 'number' && Number.isFinite(shift) && shift >= 0 && shift <= 1_000) &&
    optional(a.sources, listOf(LIMITS.sources, text(LIMITS.text)))
  );
}

/** A class-validator decorator from a plain check and the sentence its failure says. */
export function shape(
  name: string,
  check: (value: unknown) => boolean,
  says: string,
  options?: ValidationOptions,
): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      ...(options === undefined ? {} : { options }),
      validator: { validate: check, defaultMessage: (args) => `${args?.property ?? 'value'} must be ${says}` },
    });
  };
}

export const IsVitalAttribution = (options?: ValidationOptions) =>
  shape('isVitalAttribution', isVitalAttribution, 'a vital attribution (docs/mcp-tools.md: typed, bounded fields)', options);
export const IsLongFrames = (options?: ValidationOptions) =>
  shape(
    'isLongFrames',
    listOf(LIMITS.frames, isLongFrame),
    `at most ${LIMITS.frames} long frames {start_ms, duration_ms, blocking_ms, render_ms?, scripts}`,
    options,
  );
export const IsTimedRequests = (max: number, options?: ValidationOptions) =>
  shape(
    'isTimedRequests',
    listOf(max, isTimedRequest),
    `at most ${max} requests {url, type, start_ms, duration_ms, size?}`,
    options,
  );
export const IsTypeTotals = (options?: ValidationOptions) =>
  shape('isTypeTotals', isTypeTotals, 'an object of request type → {count, bytes}', options);
