/**
 * Longest source path or script url taken as a frame's file (characters). pnpm caps its store
 * folder names at 120, so a deep dependency's url with its origin stays well under this.
 */
export const MAX_SOURCE_PATH_CHARS = 400;

/**
 * What a path or url may be made of: letters, digits and marks of any script, and the ASCII
 * punctuation urls and paths use — `[id]` and `(group)` folders, `@scope`, `webpack://`, `?v=`,
 * `%20`, `C:\`. No whitespace, control or format characters, quotes, `<>`, `{}`, `|`, `^`.
 * One character class: linear time.
 */
const PATH = /^[\p{L}\p{N}\p{M}\-._~/:@!$&()*+,;=?#%[\]\\]+$/u;

/**
 * Whether `text` can stand as a frame's file in fields an agent reads as facts (docs/security.md: an `at`
 * is a path and numbers, nothing else): 1 to MAX_SOURCE_PATH_CHARS characters of PATH. A
 * source map's `sources` entry or a stack's location that is not is never shown as a file.
 */
export function isSourcePath(text: string): boolean {
  return text.length > 0 && text.length <= MAX_SOURCE_PATH_CHARS && PATH.test(text);
}
