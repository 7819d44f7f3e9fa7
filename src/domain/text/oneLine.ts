/** Line breaks (`\r`, `\n`, `\v`, `\f`, NEL, U+2028, U+2029) and every other control character. */
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` on one line: each line break or other control character becomes a space. Pure, linear. */
export function oneLine(text: string): string {
  return text.replace(BREAKS, ' ');
}
