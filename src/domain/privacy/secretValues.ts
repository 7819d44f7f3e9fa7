/** Words and separators only (`checkout.submit`, `DB_TIMEOUT`, `sort-by-date`): names, not secrets. */
const IDENTIFIER = /^[A-Za-z]+(?:[._:-][A-Za-z]+)*$/;
const SPACE = /\s/;

/**
 * True when a value under an ambiguous name (`code`, `key`, `session`) looks like a credential
 * rather than a word, code or number: at least 16 characters without spaces, not a dotted or
 * underscored identifier, with letters and digits mixed (or very long and mixed-case), and not
 * repetitive. Linear in the length (which it caps at 4 096).
 */
export function looksSecret(value: string): boolean {
  if (value.length < 16 || value.length > 4_096 || SPACE.test(value) || IDENTIFIER.test(value)) return false;
  let digits = 0;
  let lower = 0;
  let upper = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c >= 97 && c <= 122) lower++;
    else if (c >= 65 && c <= 90) upper++;
  }
  const letters = lower + upper;
  const mixed = (digits > 0 && letters > 0) || (lower > 0 && upper > 0 && value.length >= 24);
  return mixed && distinctRatio(value) >= 0.2;
}

/**
 * True when what follows `Bearer`/`Basic`/`Token` is a credential, not a word of prose
 * ("Bearer authentication required", "Token validation-failed"): 8 characters or more with a
 * digit, or with both cases after the first letter.
 */
export function looksLikeCredential(value: string): boolean {
  if (value.length < 8) return false;
  return /\d/.test(value) || (/[A-Z]/.test(value.slice(1)) && /[a-z]/.test(value));
}

/** Share of distinct characters among the first 64 (a run like `aaaaaaaa…1` is not a secret). */
function distinctRatio(value: string): number {
  const head = value.slice(0, 64);
  return new Set(head).size / head.length;
}
