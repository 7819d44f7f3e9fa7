import { classifyName, valueRunsToLineEnd } from './secretNames.js';
import { looksLikeCredential, looksSecret } from './secretValues.js';

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

/** Counts replacements across calls; one per value replaced. */
export class RedactionTally {
  count = 0;
  /** Values nested too deep and replaced by the depth mark: cut, not redacted. */
  cut = 0;
}

/*
 * Every pattern below runs in linear time on V8's backtracking engine, by construction: each
 * starts only where a run of its characters starts (a lookbehind on the run's class), its
 * repetitions are over one character class with nothing after them that can fail and make it
 * retry, and each match consumes the text it scanned. test/unit/domain/privacy/redosCorpus
 * holds the inputs that made the earlier patterns quadratic.
 */

// `Bearer abc…`, `Basic abc…`, `Token abc…`: keep the scheme, drop a credential-looking word.
const AUTH_SCHEME = /\b(Bearer|Basic|Token|Digest)([ \t]{1,16})([A-Za-z0-9\-._~+/]{8,}=*)/gi;

/** Credential shapes recognised anywhere, with or without a name before them. */
const TOKEN_SHAPES = new RegExp(
  `(?<![\\w-])(?:${[
    'eyJ[\\w-]{5,}\\.[\\w-]{5,}\\.[\\w-]{5,}', // JWT
    'A(?:KIA|SIA)[A-Z0-9]{16}(?:[^A-Za-z0-9/+\\n]{1,64}[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=]))?', // AWS key id [+ secret]
    'gh[pousr]_[A-Za-z0-9]{36,255}(?![A-Za-z0-9])', // GitHub tokens
    'github_pat_\\w{22,255}',
    'xox[abposr]-[A-Za-z0-9-]{10,250}', // Slack tokens
    'hooks\\.slack\\.com/services/[A-Za-z0-9/_-]{20,}', // Slack webhooks
    '(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,247}', // Stripe secret / restricted keys
    'whsec_[A-Za-z0-9+/=]{24,}', // Stripe webhook secrets
    'AIza[\\w-]{35}(?![\\w-])', // Google API keys
    'ya29\\.[\\w-]{20,}', // Google OAuth access tokens
    'npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])', // npm tokens
    'sk-(?:proj-|ant-)?[A-Za-z0-9_-]{32,}', // OpenAI / Anthropic keys
  ].join('|')})`,
  'g',
);
/** Cheap test for "could any token shape be here" before the full scan. */
const TOKEN_HINT = /eyJ|A[KS]IA|gh[pousr]_|github_pat_|xox|hooks\.slack|[sr]k_|whsec_|AIza|ya29\.|npm_|sk-/;

// `scheme://user:password@` anywhere in text (connection strings in logs, urls in messages).
const USERINFO = /(:\/\/[^\s/:@]{0,256}:)([^\s/@]{1,256})@/g;

// `name = value`, `"name": "value"`, `name: value` in free text. Found from the secret words
// they contain (a literal search V8 runs fast); the name around, the separator and the value
// are then read by code, and the scan resumes after them.
const NAME_WORDS =
  /pass|pwd|secret|token|key|auth|cookie|credential|jwt|bearer|csrf|xsrf|otp|sess|sid|signature|sig|code|pin|remember|card|ccnum|cvc|cvv|csc/gi;
const SEPARATOR = /(["']?)[ \t]*[:=][ \t]*/y;
/** Longest name read around a secret word (characters). */
const MAX_NAME = 128;
const UNQUOTED_VALUE = /(?:(?:Bearer|Basic|Token|Digest)[ \t]+)?[^\s"'&,;<>{}()[\]]+/y;
const LINE_VALUE = /[^\r\n"]+/y;
const SCHEME_PREFIX = /^(?:Bearer|Basic|Token|Digest)[ \t]+/i;
const NOT_A_SECRET = new Set(['true', 'false', 'null', 'undefined', 'none', 'nil', REDACTED]);
/** Longest quoted value read after a secret name (characters). */
const MAX_QUOTED = 4_096;

const PEM_BEGIN = /-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY( BLOCK)?-----/g;
const PEM_BODY = /^[A-Za-z0-9+/=\s:,.\\-]*/;
const PEM_END = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/y;

/** Free text: private keys, credential shapes, auth schemes, url passwords, `name=value` secrets. */
export function redactText(text: string, tally: RedactionTally): string {
  let out = text.includes('-----BEGIN ') ? redactPemKeys(text, tally) : text;
  if (TOKEN_HINT.test(out)) out = out.replace(TOKEN_SHAPES, () => hide(tally));
  out = out.replace(AUTH_SCHEME, (match, scheme: string, gap: string, credential: string) =>
    looksLikeCredential(credential) ? `${scheme}${gap}${hide(tally)}` : match,
  );
  if (out.includes('://')) {
    out = out.replace(USERINFO, (match, head: string, password: string) =>
      password === REDACTED ? match : `${head}${hide(tally)}@`,
    );
  }
  return out.includes('=') || out.includes(':') ? redactNamedSecrets(out, tally) : out;
}

function hide(tally: RedactionTally): string {
  tally.count++;
  return REDACTED;
}

/** PEM private keys, with or without their END line (a cut-off key is hidden to the end of its body). */
function redactPemKeys(text: string, tally: RedactionTally): string {
  let out = '';
  let from = 0;
  PEM_BEGIN.lastIndex = 0;
  for (let begin = PEM_BEGIN.exec(text); begin !== null; begin = PEM_BEGIN.exec(text)) {
    const headerEnd = PEM_BEGIN.lastIndex;
    // The body is what follows up to the next run of dashes (an END line, or the next block).
    const dashes = text.indexOf('-----', headerEnd);
    const region = text.slice(headerEnd, dashes === -1 ? text.length : dashes);
    const body = (PEM_BODY.exec(region) as RegExpExecArray)[0];
    let end = headerEnd + body.length;
    if (body.length === region.length && dashes !== -1) {
      PEM_END.lastIndex = dashes;
      if (PEM_END.exec(text) !== null) end = PEM_END.lastIndex;
    }
    out += `${text.slice(from, begin.index)}${hide(tally)}`;
    from = end;
    PEM_BEGIN.lastIndex = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * `name sep value` pairs: the value is hidden when the name is a secret name, or an ambiguous
 * one (`code`, `key`, `session`) and the value looks like a secret. Every value read is
 * consumed, so no character is scanned twice.
 */
function redactNamedSecrets(text: string, tally: RedactionTally): string {
  let out = '';
  let from = 0;
  let scanned = 0; // names never reach back into text already read
  NAME_WORDS.lastIndex = 0;
  for (let word = NAME_WORDS.exec(text); word !== null; word = NAME_WORDS.exec(text)) {
    const name = nameAround(text, Math.max(scanned, word.index - MAX_NAME), word.index, NAME_WORDS.lastIndex);
    NAME_WORDS.lastIndex = name.end;
    scanned = name.end;
    const quote = text[name.start - 1];
    SEPARATOR.lastIndex = name.end;
    const separator = SEPARATOR.exec(text);
    if (separator === null || (separator[1] !== '' && separator[1] !== quote)) continue;
    const named = text.slice(name.start, name.end);
    const kind = classifyName(named);
    if (kind === 'plain') continue;
    const value = readValue(text, SEPARATOR.lastIndex, valueRunsToLineEnd(named));
    if (value === undefined) continue;
    NAME_WORDS.lastIndex = value.end;
    scanned = value.end;
    const body = value.text;
    if ((body.length <= 10 && NOT_A_SECRET.has(body.toLowerCase())) || body.endsWith(REDACTED)) continue;
    if (kind === 'ambiguous' && !looksSecret(body)) continue;
    const scheme = SCHEME_PREFIX.exec(body)?.[0] ?? '';
    out += `${text.slice(from, value.bodyStart)}${scheme}${hide(tally)}`;
    from = value.bodyStart + body.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The run of name characters (`[A-Za-z0-9_.$-]`) around `[start, end)`, reaching back no further than `floor`. */
function nameAround(text: string, floor: number, start: number, end: number): { start: number; end: number } {
  let s = start;
  while (s > floor && isNameChar(text.charCodeAt(s - 1))) s--;
  let e = end;
  while (e < text.length && e - s < MAX_NAME && isNameChar(text.charCodeAt(e))) e++;
  return { start: s, end: e };
}

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 36 || c === 45;
}

interface ValueSpan {
  readonly text: string;
  readonly bodyStart: number;
  readonly end: number;
}

/** The value starting at `at`: quoted (to its closing quote, escapes honoured), to the line end, or one word. */
function readValue(text: string, at: number, toLineEnd: boolean): ValueSpan | undefined {
  const quote = text[at];
  if (quote === '"' || quote === "'") {
    const limit = Math.min(text.length, at + 1 + MAX_QUOTED);
    let i = at + 1;
    while (i < limit && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    if (i === at + 1) return undefined;
    return { text: text.slice(at + 1, Math.min(i, limit)), bodyStart: at + 1, end: Math.min(i + 1, text.length) };
  }
  const pattern = toLineEnd ? LINE_VALUE : UNQUOTED_VALUE;
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  if (match === null) return undefined;
  const body = toLineEnd ? match[0].trimEnd() : match[0];
  return { text: body, bodyStart: at, end: pattern.lastIndex };
}
