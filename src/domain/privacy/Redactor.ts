import { isSensitiveName } from './sensitiveNames.js';

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

/** Counts replacements across calls; one per value replaced. */
export class RedactionTally {
  count = 0;
}

const MAX_DEPTH = 20;

// `Bearer abc…`, `Basic abc…`, `Token abc…`: keep the scheme, drop the credential.
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+(?!\[REDACTED\])[A-Za-z0-9\-._~+/]{8,}=*/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g;
const PRIVATE_KEY = /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/g;
// `password=…`, `"api_key": "…"`, `session_id: …` inside free text.
const NAMED_SECRET =
  /(["']?)\b([A-Za-z0-9_.-]{0,40}?(?:token|secret|password|passwd|api[_-]?key|apikey|session[_-]?id|auth[_-]?code|authorization|cookie|credentials?))\1(\s*[:=]\s*)(["']?)((?:(?:Bearer|Basic|Token)\s+)?[^\s"'&,;}?#]+)\4/gi;
// `?name=value`, `&name=value`, `#name=value`, `;name=value` in urls and form bodies.
const PARAM = /(^|[?&#;])([^=&#;?]+)=([^&#;?]*)/g;
const USERINFO_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]+:)([^/@\s]+)@/i;

/**
 * Removes secrets before anything is stored (SPEC 6): secret-named headers, query/fragment
 * parameters and JSON fields, url passwords, and bearer tokens, JWTs, private keys and
 * `name=value` secrets in any text. Pure; every replacement is counted in the tally.
 */
export class Redactor {
  /** Replaces the whole value of every secret-named header; scans the others as text. */
  headers(headers: Readonly<Record<string, string>>, tally: RedactionTally): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (isSensitiveName(name) && value !== REDACTED && value !== '') {
        out[name] = REDACTED;
        tally.count++;
      } else {
        out[name] = this.text(value, tally);
      }
    }
    return out;
  }

  url(url: string, tally: RedactionTally): string {
    const withoutPassword = url.replace(USERINFO_PASSWORD, (_m, head: string) => {
      tally.count++;
      return `${head}${REDACTED}@`;
    });
    return this.text(this.params(withoutPassword, tally), tally);
  }

  /** Free text: auth schemes, JWTs, private keys, `name=value` secrets. */
  text(text: string, tally: RedactionTally): string {
    const count = (replacement: string) => () => {
      tally.count++;
      return replacement;
    };
    return text
      .replace(PRIVATE_KEY, count(REDACTED))
      .replace(JWT, count(REDACTED))
      .replace(AUTH_SCHEME, (_m, scheme: string) => {
        tally.count++;
        return `${scheme} ${REDACTED}`;
      })
      .replace(NAMED_SECRET, (match, q1: string, name: string, sep: string, q2: string, value: string) => {
        if (value.endsWith(REDACTED)) return match;
        tally.count++;
        return `${q1}${name}${q1}${sep}${q2}${REDACTED}${q2}`;
      });
  }

  /** JSON values: secret-named fields are replaced whole; strings are scanned as text. */
  json(value: unknown, tally: RedactionTally, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value, tally);
    if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
    if (Array.isArray(value)) return value.map((item) => this.json(item, tally, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (isSensitiveName(key) && item !== null && item !== '' && item !== REDACTED) {
        out[key] = REDACTED;
        tally.count++;
      } else {
        out[key] = this.json(item, tally, depth + 1);
      }
    }
    return out;
  }

  /** A request or response body: JSON when it parses, form-encoded when it looks so, else text. */
  body(body: string, tally: RedactionTally): string {
    const trimmed = body.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return JSON.stringify(this.json(JSON.parse(body), tally));
      } catch {
        return this.text(body, tally);
      }
    }
    if (/^[^\s=&]+=[^\s]*$/.test(trimmed)) return this.text(this.params(body, tally), tally);
    return this.text(body, tally);
  }

  private params(text: string, tally: RedactionTally): string {
    return text.replace(PARAM, (match, sep: string, name: string, value: string) => {
      if (value === '' || value === REDACTED || !isSensitiveName(safeDecode(name))) return match;
      tally.count++;
      return `${sep}${name}=${REDACTED}`;
    });
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
