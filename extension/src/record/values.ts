import { hasCardNumber } from '../../../src/domain/privacy/cardNumbers.js';
import { looksSecret } from '../../../src/domain/privacy/secretValues.js';
import { RedactionTally, redactText } from '../../../src/domain/privacy/textSecrets.js';
import { MAX_VALUE, REDACTED_VALUE } from '../shared/actions.js';
import { markupSays } from './fieldEvidence.js';
import { wasPasswordField } from './passwordFields.js';
import { labelsOf, TextCache } from './playwrightText.js';

/** Longest `value_name` kept (characters). */
const MAX_VALUE_NAME = 60;
/** Characters of a value scanned for secrets, at most. */
const MAX_SCANNED = 4_096;

export interface RecordedValue {
  value?: string;
  values?: string[];
  value_name?: string;
  truncated?: boolean;
}

/**
 * What an action says of a field's value: the value itself (≤ 200 characters, cut and marked
 * `truncated` past it), or REDACTED_VALUE and what the field is called (`value_name`, for the
 * environment variable a generated test reads it from) when the value is a secret (`isSecret`).
 * Runs in the page: a secret never leaves it. `values: false` (recording without values): nothing.
 */
export function recordedValue(element: Element, raw: string | readonly string[], values: boolean): RecordedValue {
  if (!values) return {};
  const list = typeof raw === 'string' ? [raw] : [...raw];
  if (list.some((value) => isSecret(element, value))) return { value: REDACTED_VALUE, value_name: valueName(element) };
  const cut = list.map((value) => (value.length > MAX_VALUE ? value.slice(0, MAX_VALUE) : value));
  const truncated = list.some((value) => value.length > MAX_VALUE) ? { truncated: true } : {};
  return typeof raw === 'string' ? { value: cut[0] as string, ...truncated } : { values: cut, ...truncated };
}

/**
 * Whether `value` in `element` must not leave the page (docs/security.md, "What the person
 * types"): the field is or was a password input at any moment of its recorded life
 * (passwordFields.ts), its markup says secret (fieldEvidence.ts), it has an ambiguous name and
 * the value looks like a credential, or the value holds a payment card number (Luhn) or a shape
 * the redactor hides (a JWT, a cloud key, a bearer token), whatever the field.
 */
export function isSecret(element: Element, value: string): boolean {
  if (value === '') return false;
  if (wasPasswordField(element)) return true;
  const says = markupSays(element);
  if (says === 'secret') return true;
  const scanned = value.length > MAX_SCANNED ? value.slice(0, MAX_SCANNED) : value;
  if (says === 'ambiguous' && looksSecret(scanned)) return true;
  if (hasCardNumber(scanned)) return true;
  const tally = new RedactionTally();
  redactText(scanned, tally);
  return tally.count > 0;
}

/** What the field is called: its label, else its name, id or placeholder. */
export function valueName(element: Element): string {
  const label = labelsOf(new TextCache(), element).find((text) => text !== '');
  const name = label || element.getAttribute('name') || element.getAttribute('id') || element.getAttribute('placeholder') || '';
  return name.slice(0, MAX_VALUE_NAME);
}

/** A field's value as typed: an input's or textarea's value, an editing host's text. */
export function fieldValue(element: Element): string {
  if (element.nodeName === 'INPUT' || element.nodeName === 'TEXTAREA') return (element as HTMLInputElement).value;
  return (element as HTMLElement).innerText ?? element.textContent ?? '';
}

/** A field's value as recorded, or of the text typed into it: redacted when its whole value would be. */
export function typedValue(element: Element, typed: string | undefined, values: boolean): RecordedValue {
  const whole = recordedValue(element, fieldValue(element), values);
  if (typed === undefined || whole.value === REDACTED_VALUE) return whole;
  return recordedValue(element, typed, values);
}
