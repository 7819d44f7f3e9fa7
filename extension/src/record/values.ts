import { classifyName } from '../../../src/domain/privacy/secretNames.js';
import { looksSecret } from '../../../src/domain/privacy/secretValues.js';
import { RedactionTally, redactText } from '../../../src/domain/privacy/textSecrets.js';
import { MAX_VALUE, REDACTED_VALUE } from '../shared/actions.js';
import { labelsOf, TextCache } from './playwrightText.js';

/** `autocomplete` tokens that mark a field whose value is a secret (SPEC 12). */
const SECRET_AUTOCOMPLETE = new Set(['one-time-code', 'current-password', 'new-password']);
/** Longest `value_name` kept (characters). */
const MAX_VALUE_NAME = 60;

export interface RecordedValue {
  value?: string;
  values?: string[];
  value_name?: string;
  truncated?: boolean;
}

/**
 * What an action says of a field's value (SPEC 12): the value itself (≤ 200 characters, cut and
 * marked `truncated` past it), or `[redacted]` and what the field is called (`value_name`, for the
 * environment variable a generated test reads it from) when the field holds a secret — a password
 * or hidden input, an `autocomplete` of `cc-*`, `one-time-code`, `current-password` or
 * `new-password`, a field named like a secret (SPEC 6's names: `password`, `api_key`, `otp`…; an
 * ambiguous one like `code` when the value looks like a credential) — or the value is one the
 * redactor hides (a JWT, a cloud key, a bearer token). Runs in the page: a secret never leaves it.
 * `values: false` (recording without values): nothing.
 */
export function recordedValue(element: Element, raw: string | readonly string[], values: boolean): RecordedValue {
  if (!values) return {};
  const list = typeof raw === 'string' ? [raw] : [...raw];
  if (list.some((value) => isSecret(element, value))) return { value: REDACTED_VALUE, value_name: valueName(element) };
  const cut = list.map((value) => (value.length > MAX_VALUE ? value.slice(0, MAX_VALUE) : value));
  const truncated = list.some((value) => value.length > MAX_VALUE) ? { truncated: true } : {};
  return typeof raw === 'string' ? { value: cut[0] as string, ...truncated } : { values: cut, ...truncated };
}

/** Whether `value` in `element` must not leave the page. */
export function isSecret(element: Element, value: string): boolean {
  if (value === '') return false;
  if (element.nodeName === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    if (type === 'password' || type === 'hidden') return true;
  }
  const autocomplete = (element.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
  if (autocomplete.some((token) => token.startsWith('cc-') || SECRET_AUTOCOMPLETE.has(token))) return true;
  for (const name of [element.getAttribute('name'), element.getAttribute('id')]) {
    if (name === null || name === '') continue;
    const kind = classifyName(name.slice(0, 200));
    if (kind === 'secret' || (kind === 'ambiguous' && looksSecret(value))) return true;
  }
  const tally = new RedactionTally();
  redactText(value.slice(0, 4_096), tally);
  return tally.count > 0;
}

/** What the field is called: its label, else its name, id or placeholder. */
export function valueName(element: Element): string {
  const label = labelsOf(new TextCache(), element).find((text) => text !== '');
  const name = label || element.getAttribute('name') || element.getAttribute('id') || element.getAttribute('placeholder') || '';
  return name.slice(0, MAX_VALUE_NAME);
}
