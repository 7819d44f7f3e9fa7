/** Digits in a payment card number (ISO/IEC 7812: 13 for old Visa, up to 19 for Maestro and UnionPay). */
export const CARD_DIGITS = Object.freeze({ min: 13, max: 19 });
/** Characters of a text looked at for a card number, at most. */
const MAX_SCAN = 4_096;

/**
 * True when `text` holds a payment card number a person typed: 13 to 19 digits, grouped by
 * single spaces or dashes or not at all (`4111 1111 1111 1111`, `3782-822463-10005`), whose first
 * digit is that of a payment network (2 to 6: Mastercard, Visa, American Express, Diners, JCB,
 * Discover, UnionPay, Maestro) and whose check digit is right (Luhn). Anywhere in the text: a
 * number written in a sentence or a longer run of groups (a card then its expiry) counts. One
 * random number in ten passes the Luhn check, so this is for what a person types, not for logs,
 * where 13-digit millisecond times and long ids are common. Linear in the text (capped at 4 096
 * characters): each run of groups is read once, and each group starts at most 19 windows.
 */
export function hasCardNumber(text: string): boolean {
  const scanned = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  let groups: string[] = [];
  for (let i = 0; i <= scanned.length; i++) {
    const c = scanned.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      let end = i;
      while (end < scanned.length && isDigit(scanned.charCodeAt(end))) end++;
      groups.push(scanned.slice(i, end));
      i = end;
      // A single space or dash between two digits keeps the run going.
      const next = scanned.charCodeAt(i);
      if ((next === 32 || next === 45) && isDigit(scanned.charCodeAt(i + 1))) continue;
    }
    if (groups.length > 0 && runHoldsCard(groups)) return true;
    groups = [];
  }
  return false;
}

/** Whether consecutive groups of the run make a card number together (the run may hold more). */
function runHoldsCard(groups: readonly string[]): boolean {
  for (let first = 0; first < groups.length; first++) {
    let digits = '';
    for (let last = first; last < groups.length && digits.length < CARD_DIGITS.max; last++) {
      digits += groups[last];
      if (digits.length >= CARD_DIGITS.min && digits.length <= CARD_DIGITS.max && isCardNumber(digits)) return true;
    }
  }
  return false;
}

/** `digits` (digits only) has a payment network's first digit and a right Luhn check digit. */
export function isCardNumber(digits: string): boolean {
  const first = digits.charCodeAt(0) - 48;
  return first >= 2 && first <= 6 && luhn(digits);
}

/** The Luhn (mod 10) check over a string of digits. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (digit < 0 || digit > 9) return false;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
