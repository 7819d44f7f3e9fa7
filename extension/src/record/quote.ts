/**
 * A JavaScript string literal in single quotes, as a test file would write it: JSON's escapes
 * (backslash, control characters, newlines), `'` escaped and `"` left alone.
 */
export function jsString(text: string): string {
  const json = JSON.stringify(text);
  return `'${json
    .slice(1, -1)
    .replace(/\\"/g, '"')
    .replace(/'/g, "\\'")
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
}

/**
 * A CSS string in double quotes: `"` and `\` escaped, and control characters (a newline ends a
 * CSS string) as hex escapes.
 */
export function cssString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(16)} `;
    else out += char;
  }
  return `${out}"`;
}

/** An identifier usable in a CSS selector as it is (`#save-button`, `.primary`), or undefined. */
export function plainIdent(text: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(text) && !/^-?\d/.test(text);
}
