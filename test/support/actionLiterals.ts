/**
 * Where a browser action's name is said as a string literal, and in which vocabulary (docs/architecture.md,
 * "Adding an action"). An action's name is said in its table entry and its handler only; the same word in
 * another vocabulary — a DOM event, an element's, input's or ARIA word, a field's name, another buffer's
 * or channel's own kinds — is recognised by the call or property it is an argument of, and not counted.
 * A literal in any other position counts, so a new `entry.type === 'click'` is caught.
 */

/** One literal saying a name: where, and the other vocabulary it belongs to (absent: it names an action or a recorded kind). */
export interface Saying {
  readonly path: string;
  readonly line: number;
  readonly name: string;
  readonly other?: Vocabulary;
  readonly source: string;
}

export interface Vocabulary {
  readonly why: string;
  /** Matches the code before the literal (up to the start of its statement or list). */
  readonly before: RegExp;
  /** Matches the code after the literal, when the position is told by both sides. */
  readonly after?: RegExp;
}

/**
 * The positions of other vocabularies, small on purpose: each is the call, property or list a literal is
 * an argument of. A position an action's name or a recorded kind takes (`type:`, `.type ===`, `case`,
 * `records:`) is one only where its receiver says another vocabulary: a cast element, a sent message, an
 * object with a `severity`, the `switch` over a `message`.
 */
export const OTHER_VOCABULARIES: readonly Vocabulary[] = [
  { why: 'a DOM event', before: /\b(?:add|remove)EventListener\(\s*$/ },
  { why: 'a DOM event', before: /\bnew \w*Event\(\s*$/ },
  { why: 'a DOM event (a listener table row)', before: /^\s*\[\s*$/m, after: /^\s*,\s*[\w.]+\s*,\s*\{/ },
  { why: 'a DOM or page event (a list of event names)', before: /\b[A-Z_]*EVENTS\s*=\s*\[[^\]]*$/ },
  { why: 'a page event', before: /\bevent!?:\s*(?:'\w+'\s*\|\s*)*$/ },
  { why: "an element's type", before: /\bas HTML\w*Element\)\.type(?:\s*\|\|\s*'\w+'\))?\s*(?:\|\||===)\s*$/ },
  {
    why: "an element's type",
    before: /\[[^\]]*$/,
    after: /^[^\]]*\]\.includes\((?:element\.type|\(\w+ as HTML\w*Element\)\.type)\)/,
  },
  { why: 'a tag name', before: /\.closest\(\s*$/ },
  {
    why: 'an element, input, role or attribute name (a set named for them)',
    before: /\b[A-Z_]*(?:TAGS|INPUTS|ROLE|ATTRIBUTES|LABELLED|VALUE_NAMED|DESCRIPTORS)[A-Z_]*\b[^=]*=\s*new Set\(\[[^\]]*$/,
  },
  { why: 'a field or attribute name', before: /\b(?:own|pick)\([^,()]+,\s*\[?[^\]]*$/ },
  { why: 'a field or attribute name', before: /\battributeFilter:\s*\[[^\]]*$/ },
  { why: 'a field name (a list of columns)', before: /\[\s*'id',\s*'ts',[^\]]*$/ },
  {
    why: "a field name (a wrapper's fields read by `own`)",
    before: /\bfor \(const \w+ of \[[^\]]*$/,
    after: /^[^\]]*\]\) \{\s*const \w+ = own\(/,
  },
  { why: "a type's field", before: /(?:\b[A-Z][a-z]\w*\[|\bPick<[^,<>]+,\s*)$/ },
  { why: 'a log source', before: /\bsource(?::|\s*[!=]==)\s*$/ },
  { why: 'a log source', before: /\bLOG_SOURCES\s*=\s*\[[^\]]*$/ },
  { why: 'a timeline row kind', before: /(?:\bkind(?::|\s*[!=]==)|\bTimelineKind\s*=[^;]*)\s*$/ },
  { why: "a word of a timeline row's text", before: /\bclip\(\s*\[\s*$/ },
  { why: 'a stream event type', before: /\b(?:EVENT_TYPES\s*=\s*\[[^\]]*|TYPES_OF\b[^=]*=\s*\{[^}]*)$/ },
  { why: 'a stream event type', before: /\btype:\s*$/, after: /^,[^{}]*\bseverity:/ },
  { why: 'a pick overlay message', before: /\bsend\(\{\s*type:\s*$/ },
  { why: 'a pick overlay message', before: /^\s*\| \{ readonly type:\s*$/m },
  { why: 'a pick overlay message', before: /\bswitch \(message\??\.type\) \{(?:(?!switch \()[^])*\bcase\s*$/ },
  { why: 'an interaction of a vital', before: /\binteraction === '\w+' \? '[^']*' : $/ },
  { why: 'a JSON message of a dev server', before: /['`]\{$/ },
];

function vocabularyAt(before: string, after: string): Vocabulary | undefined {
  const window = before.slice(Math.max(0, before.length - 1500));
  const start = Math.max(window.lastIndexOf(';'), window.lastIndexOf('\n\n'));
  const statement = start < 0 ? window : window.slice(start + 1);
  const inSwitch = window.slice(Math.max(0, window.lastIndexOf('switch (')));
  return OTHER_VOCABULARIES.find(
    ({ before: b, after: a }) =>
      (b.test(statement) || (b.source.includes('switch') && b.test(inSwitch))) && (a === undefined || a.test(after)),
  );
}

/** Every literal `'name'` or `"name"` of `names` in `text`, classified. */
export function sayings(path: string, text: string, names: readonly string[]): Saying[] {
  const found: Saying[] = [];
  const pattern = new RegExp(`(['"])(${names.join('|')})\\1`, 'g');
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    const before = text.slice(0, at);
    const after = text.slice(at + match[0].length, at + match[0].length + 200);
    const line = before.split('\n').length;
    const other = vocabularyAt(before, after);
    const source = text.split('\n')[line - 1]?.trim() ?? '';
    found.push({ path, line, name: match[2] as string, source, ...(other === undefined ? {} : { other }) });
  }
  return found;
}
