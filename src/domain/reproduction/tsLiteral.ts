/**
 * Text from a page written into generated TypeScript: every string a page, a person or an agent
 * chose (values, names, messages, urls) goes through these, so none of it can end a literal or a
 * comment and become code.
 */

/**
 * A quoted TypeScript string literal whose value is exactly `text`: backslashes, quotes,
 * control characters, the line and paragraph separators and lone surrogates are escaped (the file
 * stays valid UTF-8), everything else is kept as it is.
 */
export function tsString(text: string): string {
  // Double quotes when that saves escaping single ones, as a person (or prettier) would write it.
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += text.slice(i, i + 2);
      i++;
    } else if (c === 0x5c) out += '\\\\';
    else if (text[i] === quote) out += `\\${quote}`;
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0) || c === 0x2028 || c === 0x2029 || (c >= 0xd800 && c <= 0xdfff)) {
      out += `\\u${c.toString(16).padStart(4, '0')}`;
    } else out += text[i];
  }
  return `${out}${quote}`;
}

/**
 * `text` made safe for the rest of a `//` comment, on one line: line terminators and other
 * control characters become spaces, lone surrogates U+FFFD, and it is cut to `max` characters
 * (with `…`).
 */
export function commentText(text: string, max = 160): string {
  let out = '';
  for (let i = 0; i < text.length && out.length < max + 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += text.slice(i, i + 2);
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += '\ufffd';
    else if (c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0) || c === 0x2028 || c === 0x2029) out += ' ';
    else out += text[i];
  }
  if (out.length <= max) return out;
  const cut = out.slice(0, max - 1);
  // Never half a surrogate pair.
  return `${/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/**
 * The environment variable a redacted value is read from: `BROWSERTAP_` and what the field is
 * called in upper snake case (`New password` → `BROWSERTAP_NEW_PASSWORD`), ASCII letters and
 * digits only, at most 60 characters; `BROWSERTAP_VALUE` when nothing usable is left.
 */
export function envName(fieldName: string | undefined): string {
  const words = (fieldName ?? '')
    .slice(0, 200)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '');
  const name = words.join('_').slice(0, 49).replace(/_$/, '');
  return `BROWSERTAP_${name === '' ? 'VALUE' : name}`;
}
