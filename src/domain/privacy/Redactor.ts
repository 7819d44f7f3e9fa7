import { DEPTH_MARK, MAX_DEPTH } from '../json/cutDepth.js';
import { setOwn } from '../json/ownData.js';
import { classifyName, type NameClass } from './secretNames.js';
import { looksSecret } from './secretValues.js';
import { REDACTED, RedactionTally, redactText } from './textSecrets.js';

export { DEPTH_MARK, MAX_DEPTH, REDACTED, RedactionTally };

// `?name=value`, `&name=value`, `#name=value`, `;name=value` in urls and form bodies.
const PARAM = /(^|[?&#;])([^=&#;?]+)=([^&#;?]*)/g;
const USERINFO_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:)([^/@\s]+)@/i;
const FORM = /^[^\s=&]+=[^\s]*$/;

/**
 * Removes secrets before anything is stored (docs/security.md), the same way for every text field:
 * secret-named headers, parameters and JSON fields; ambiguous names (`code`, `key`, `session`)
 * only when their value looks like a secret; url passwords; and credential shapes (JWTs,
 * private keys, cloud and service tokens, `Bearer …`) in any text. Pure, linear in the input;
 * every replacement is counted in the tally.
 */
export class Redactor {
  /** Replaces the whole value of every secret-named header; scans the others as text. */
  headers(headers: Readonly<Record<string, string>>, tally: RedactionTally): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      setOwn(out, name, hidesWhole(classifyName(name), value) ? hidden(tally) : this.text(value, tally));
    }
    return out;
  }

  url(url: string, tally: RedactionTally): string {
    const withoutPassword = url.replace(USERINFO_PASSWORD, (_m, head: string) => `${head}${hidden(tally)}@`);
    return this.text(this.params(withoutPassword, tally), tally);
  }

  /** Free text: credential shapes, auth schemes, url passwords, `name=value` secrets. */
  text(text: string, tally: RedactionTally): string {
    return redactText(text, tally);
  }

  /**
   * JSON values: fields with a secret name are replaced whole (an ambiguous name only when its
   * value looks secret); strings are scanned as text; nesting past `MAX_DEPTH` is cut (counted
   * in `tally.cut`); `__proto__` keys stay own data.
   */
  json(value: unknown, tally: RedactionTally, depth = 0, name: NameClass = 'plain'): unknown {
    if (typeof value === 'string') return hidesWhole(name, value) ? hidden(tally) : this.text(value, tally);
    if (typeof value === 'number') return name === 'secret' ? hidden(tally) : value;
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) {
      tally.cut++;
      return DEPTH_MARK;
    }
    if (Array.isArray(value)) return value.map((item) => this.json(item, tally, depth + 1, name));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      setOwn(out, key, this.json(item, tally, depth + 1, classifyName(key)));
    }
    return out;
  }

  /** A request or response body: JSON when it parses, form-encoded when it looks so, else text. */
  body(body: string, tally: RedactionTally): string {
    const trimmed = body.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return this.text(body, tally);
      }
      return JSON.stringify(this.json(parsed, tally));
    }
    if (FORM.test(trimmed)) return this.text(this.params(body, tally), tally);
    return this.text(body, tally);
  }

  private params(text: string, tally: RedactionTally): string {
    return text.replace(PARAM, (match, sep: string, name: string, value: string) =>
      hidesWhole(classifyName(safeDecode(name)), safeDecode(value)) ? `${sep}${name}=${hidden(tally)}` : match,
    );
  }
}

/** A value under a name of this class is hidden whole: secret names always, ambiguous ones when it looks secret. */
function hidesWhole(name: NameClass, value: string): boolean {
  if (value === '' || value === REDACTED || name === 'plain') return false;
  return name === 'secret' || looksSecret(value);
}

function hidden(tally: RedactionTally): string {
  tally.count++;
  return REDACTED;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
