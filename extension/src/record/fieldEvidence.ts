import { classifyName, type NameClass } from '../../../src/domain/privacy/secretNames.js';
import { labelsOf, TextCache } from './playwrightText.js';

/** `autocomplete` tokens that say a password, which libraries also put on search boxes to stop autofill. */
const PASSWORD_AUTOCOMPLETE = new Set(['current-password', 'new-password']);
/** `aria-autocomplete` values of a field that suggests as the person types. */
const SUGGESTING = new Set(['list', 'both', 'inline']);
/** Ids read from `aria-controls`/`aria-owns`, at most. */
const MAX_IDS = 10;
/** Characters of a name, label or placeholder classified, at most. */
const MAX_NAME = 200;

/**
 * What a field's markup says of the value typed into it now (docs/security.md, "What the person
 * types"), from all of its evidence together:
 * - `secret` whatever else it says: a password or hidden input; `autocomplete` `cc-*` or
 *   `one-time-code`; a `name` or `id` that names a secret (`password`, `verification_code`,
 *   `card_number`, `cvc`…).
 * - `secret` unless the field is a search or a combobox (`searchLike`): `autocomplete`
 *   `current-password`/`new-password`, which libraries put on their search and combobox inputs
 *   only to stop the browser's autofill; a label, `aria-label` or placeholder that names a secret.
 * - otherwise the names it has, for the value to decide: `ambiguous` when one is (`code`, `key`).
 */
export function markupSays(element: Element): 'secret' | NameClass {
  if (element.nodeName === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    if (type === 'password' || type === 'hidden') return 'secret';
  }
  const autocomplete = autocompleteTokens(element);
  if (autocomplete.some((token) => token.startsWith('cc-') || token === 'one-time-code')) return 'secret';
  const names = nameClass([element.getAttribute('name'), element.getAttribute('id')]);
  if (names === 'secret') return 'secret';
  const labels = nameClass([...labelsOf(new TextCache(), element), element.getAttribute('placeholder')]);
  if (searchLike(element)) return names === 'ambiguous' || labels === 'ambiguous' ? 'ambiguous' : 'plain';
  if (labels === 'secret' || autocomplete.some((token) => PASSWORD_AUTOCOMPLETE.has(token))) return 'secret';
  return names === 'ambiguous' || labels === 'ambiguous' ? 'ambiguous' : 'plain';
}

/**
 * A field that searches or suggests as the person types: `role` combobox or searchbox,
 * `type=search`, a `list` of suggestions, `aria-autocomplete` list/both/inline, a listbox popup
 * (`aria-haspopup=listbox`, or `aria-controls`/`aria-owns` naming an element whose role is listbox).
 */
export function searchLike(element: Element): boolean {
  const role = (element.getAttribute('role') ?? '').trim().toLowerCase();
  if (role === 'combobox' || role === 'searchbox') return true;
  if (element.nodeName === 'INPUT' && ((element as HTMLInputElement).type === 'search' || element.hasAttribute('list')))
    return true;
  if (SUGGESTING.has((element.getAttribute('aria-autocomplete') ?? '').trim().toLowerCase())) return true;
  if ((element.getAttribute('aria-haspopup') ?? '').trim().toLowerCase() === 'listbox') return true;
  const ids = `${element.getAttribute('aria-controls') ?? ''} ${element.getAttribute('aria-owns') ?? ''}`
    .split(/\s+/)
    .filter((id) => id !== '')
    .slice(0, MAX_IDS);
  const root = element.getRootNode() as Document | ShadowRoot;
  return ids.some((id) => (root.getElementById?.(id)?.getAttribute('role') ?? '').trim().toLowerCase() === 'listbox');
}

function autocompleteTokens(element: Element): string[] {
  return (element.getAttribute('autocomplete') ?? '')
    .slice(0, MAX_NAME)
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => token !== '');
}

/** The strongest class among the names: `secret`, else `ambiguous`, else `plain`. */
function nameClass(names: ReadonlyArray<string | null>): NameClass {
  let found: NameClass = 'plain';
  for (const name of names) {
    if (name === null || name === '') continue;
    const kind = classifyName(name.slice(0, MAX_NAME));
    if (kind === 'secret') return kind;
    if (kind === 'ambiguous') found = kind;
  }
  return found;
}
