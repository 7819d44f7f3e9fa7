const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const WORD = `${LOWER}${UPPER}${DIGITS}_`;
const SPACE = ' \t\n';
const PRINTABLE = `${WORD} ./:-?=&#%@!,;"'()[]{}<>`;
/** Characters a probe alphabet keeps at most (sampled evenly from a larger class). */
const MAX_ALPHABET = 32;
const MAX_PROBES = 12;

export interface Probe {
  /** Characters the random part is drawn from. */
  readonly alphabet: string;
  /** Appended after the random part: the pattern's literal characters, so a literal it requires is present. */
  readonly suffix: string;
}

/**
 * The texts worth probing a pattern with. A DFA blows up when a repeated class can keep
 * restarting a match: that takes text drawn from the class (with the literal that starts a
 * match mixed in), and a literal the pattern requires somewhere, or the engine's literal
 * prefilter skips the text at once. So, for each class the pattern uses (`[abc]`, `\d`, `\w`,
 * `.`, negated classes): text drawn from the class, and text drawn from the literals plus one
 * member of the class; and text drawn from the literals alone. Each ends with the literals.
 */
export function probes(sources: readonly string[]): Probe[] {
  const classes = new Set<string>();
  const literals = new Set<string>();
  for (const source of sources) scan(source, classes, literals);
  const suffix = [...literals].join('').slice(0, 64);
  const alphabets = new Set<string>();
  for (const members of classes) {
    alphabets.add(sample(members));
    const outsider = [...members].find((c) => !literals.has(c));
    if (suffix !== '' && outsider !== undefined) alphabets.add(sample(unique(suffix + outsider)));
  }
  if (suffix !== '') alphabets.add(sample(suffix));
  if (alphabets.size === 0) alphabets.add(sample(PRINTABLE));
  return [...alphabets].slice(0, MAX_PROBES).map((alphabet) => ({ alphabet, suffix }));
}

/** `length` characters drawn from `alphabet` by a fixed pseudo-random sequence (the same text for the same seed). */
export function probeText(alphabet: string, length: number, seed0 = 0x2f6b): string {
  let seed = seed0;
  let text = '';
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    text += alphabet[(seed >>> 8) % alphabet.length];
  }
  return text;
}

/** The probe's text for one run: its random part (by `seed`) and its suffix. */
export function probeRun(probe: Probe, length: number, seed: number): string {
  return probeText(probe.alphabet, length - probe.suffix.length, seed) + probe.suffix;
}

/** Collects class alphabets and literal characters of one pattern (RE2 syntax, read leniently). */
function scan(source: string, classes: Set<string>, literals: Set<string>): void {
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      const cls = escapeClass(next);
      if (cls !== undefined) classes.add(cls);
      else if (/[^A-Za-z0-9]/.test(next)) literals.add(next);
      i += next === 'p' || next === 'P' ? skipProperty(source, i + 2) - i : 1;
    } else if (ch === '[') {
      const end = classEnd(source, i);
      classes.add(classMembers(source.slice(i + 1, end)));
      i = end;
    } else if (ch === '.') {
      classes.add(PRINTABLE);
    } else if (ch === '{') {
      i = Math.max(i, source.indexOf('}', i));
    } else if (ch === '(' && source[i + 1] === '?') {
      i = Math.max(i + 1, skipGroupFlags(source, i + 2) - 1);
    } else if (!'()|*+?^$'.includes(ch)) {
      literals.add(ch);
    }
  }
}

function escapeClass(letter: string): string | undefined {
  switch (letter) {
    case 'd':
      return DIGITS;
    case 'w':
      return WORD;
    case 's':
      return SPACE;
    case 'D':
    case 'W':
    case 'S':
    case 'p':
    case 'P':
      return PRINTABLE;
    default:
      return undefined;
  }
}

/** Index of the `]` closing the class opened at `open` (the first `]` may be a member). */
function classEnd(source: string, open: number): number {
  let i = open + 1;
  if (source[i] === '^') i++;
  if (source[i] === ']') i++;
  while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : source.startsWith('[:', i) ? 2 : 1;
  return Math.min(i, source.length);
}

/** The members of a class body (`a-z0-9_`, `^abc`, `\d`), or what is left of printable ASCII for a negated one. */
function classMembers(body: string): string {
  const negated = body.startsWith('^');
  const members = new Set<string>();
  const text = negated ? body.slice(1) : body;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\') {
      const cls = escapeClass(text[i + 1] ?? '');
      for (const c of cls ?? text[i + 1] ?? '') members.add(c);
      i++;
    } else if (text[i + 1] === '-' && i + 2 < text.length) {
      const from = ch.charCodeAt(0);
      const to = (text[i + 2] as string).charCodeAt(0);
      for (let c = from; c <= to && c - from < 128; c++) members.add(String.fromCharCode(c));
      i += 2;
    } else {
      members.add(ch);
    }
  }
  if (!negated) return [...members].join('') || PRINTABLE;
  return [...PRINTABLE].filter((c) => !members.has(c)).join('') || PRINTABLE;
}

function skipProperty(source: string, at: number): number {
  return source[at] === '{' ? Math.max(at, source.indexOf('}', at)) : at;
}

/** Skips `(?i)`, `(?:`, `(?P<name>`… flags and names, returning the index after them. */
function skipGroupFlags(source: string, at: number): number {
  let i = at;
  if (source[i] === 'P' || source[i] === '<') {
    const close = source.indexOf('>', i);
    return close === -1 ? i : close + 1;
  }
  while (i < source.length && /[a-zA-Z-]/.test(source[i] as string)) i++;
  return source[i] === ':' || source[i] === ')' ? i + 1 : i;
}

function sample(alphabet: string): string {
  if (alphabet.length <= MAX_ALPHABET) return alphabet;
  const step = alphabet.length / MAX_ALPHABET;
  let out = '';
  for (let i = 0; i < MAX_ALPHABET; i++) out += alphabet[Math.floor(i * step)];
  return out;
}

function unique(text: string): string {
  return [...new Set(text)].join('');
}
