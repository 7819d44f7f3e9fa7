import { tsString } from './tsLiteral.js';

/**
 * A recorded Playwright locator expression (docs/mcp-tools.md: `getByRole('button', { name: 'Save', exact:
 * true })`, `locator('form > button').nth(1)`), read as data and written again: the text comes
 * from a page, so it is never pasted into generated code as it is — only calls and arguments this
 * grammar knows survive, every string re-escaped.
 */
export type OptionValue = string | number | boolean;
export type LocatorArg = string | number | Readonly<Record<string, OptionValue>>;

export interface LocatorCall {
  readonly method: string;
  readonly args: readonly LocatorArg[];
}

/** Longest expression read (characters). */
export const MAX_LOCATOR_CHARS = 2_000;

const TEXT_OPTIONS = { exact: 'boolean' } as const;
const ROLE_OPTIONS = {
  name: 'string',
  exact: 'boolean',
  checked: 'boolean',
  disabled: 'boolean',
  expanded: 'boolean',
  includeHidden: 'boolean',
  level: 'number',
  pressed: 'boolean',
  selected: 'boolean',
} as const;
type OptionTypes = Readonly<Record<string, 'string' | 'boolean' | 'number'>>;

/** Each method: the type of its first argument (none for first/last) and the options it takes. */
const METHODS: Readonly<Record<string, { first?: 'string' | 'integer'; options?: OptionTypes }>> = {
  getByTestId: { first: 'string' },
  getByRole: { first: 'string', options: ROLE_OPTIONS },
  getByLabel: { first: 'string', options: TEXT_OPTIONS },
  getByPlaceholder: { first: 'string', options: TEXT_OPTIONS },
  getByText: { first: 'string', options: TEXT_OPTIONS },
  getByAltText: { first: 'string', options: TEXT_OPTIONS },
  getByTitle: { first: 'string', options: TEXT_OPTIONS },
  locator: { first: 'string' },
  nth: { first: 'integer' },
  first: {},
  last: {},
};

/** The calls of `expression` (an optional leading `page.` dropped), or undefined when it is not one this grammar reads. */
export function parseLocator(expression: string): LocatorCall[] | undefined {
  if (expression.length > MAX_LOCATOR_CHARS) return undefined;
  const reader = new Reader(expression.replace(/^\s*page\s*\./, ''));
  const calls: LocatorCall[] = [];
  try {
    do {
      calls.push(reader.call());
    } while (reader.eat('.'));
    reader.end();
  } catch {
    return undefined;
  }
  return calls.length > 0 && calls.length <= 20 ? calls : undefined;
}

/** The calls as code, after `receiver` (`page`): `page.getByRole('button', { name: 'Save' })`. */
export function locatorCode(receiver: string, calls: readonly LocatorCall[]): string {
  return calls.reduce((code, call) => `${code}.${call.method}(${call.args.map(argCode).join(', ')})`, receiver);
}

function argCode(arg: LocatorArg): string {
  if (typeof arg === 'string') return tsString(arg);
  if (typeof arg === 'number') return String(arg);
  const entries = Object.entries(arg).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? tsString(value) : String(value)}`,
  );
  return `{ ${entries.join(', ')} }`;
}

class NotALocator extends Error {}

/** A recursive-descent reader over the expression; every step consumes input (linear time). */
class Reader {
  private at = 0;

  constructor(private readonly text: string) {}

  call(): LocatorCall {
    this.space();
    const method = this.identifier();
    const shape = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
    if (shape === undefined) throw new NotALocator();
    this.expect('(');
    const args: LocatorArg[] = [];
    if (shape.first === 'string') args.push(this.string());
    else if (shape.first === 'integer') args.push(this.integer());
    if (shape.options !== undefined && this.eat(',')) {
      if (this.peek() !== ')') args.push(this.options(shape.options));
    }
    this.eat(',');
    this.expect(')');
    return { method, args };
  }

  options(types: OptionTypes): Record<string, OptionValue> {
    this.expect('{');
    const options: Record<string, OptionValue> = {};
    while (!this.eat('}')) {
      this.space();
      const key = this.identifier();
      const type = Object.hasOwn(types, key) ? types[key] : undefined;
      if (type === undefined || Object.hasOwn(options, key)) throw new NotALocator();
      this.expect(':');
      this.space();
      options[key] = type === 'string' ? this.string() : type === 'number' ? this.integer() : this.boolean();
      if (!this.eat(',')) {
        this.expect('}');
        break;
      }
    }
    return options;
  }

  string(): string {
    this.space();
    const quote = this.text[this.at];
    if (quote !== "'" && quote !== '"') throw new NotALocator();
    this.at++;
    let value = '';
    for (;;) {
      const c = this.text[this.at++];
      if (c === undefined || c === '\n' || c === '\r') throw new NotALocator();
      if (c === quote) return value;
      if (c !== '\\') {
        value += c;
        continue;
      }
      value += this.escape();
    }
  }

  private escape(): string {
    const c = this.text[this.at++];
    switch (c) {
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case '0':
        if (/[0-9]/.test(this.text[this.at] ?? '')) throw new NotALocator();
        return '\0';
      case 'x':
        return this.hex(2);
      case 'u':
        if (this.text[this.at] !== '{') return this.hex(4);
        this.at++;
        {
          const end = this.text.indexOf('}', this.at);
          const digits = end < 0 ? '' : this.text.slice(this.at, end);
          if (!/^[0-9a-fA-F]{1,6}$/.test(digits) || Number.parseInt(digits, 16) > 0x10ffff) throw new NotALocator();
          this.at = end + 1;
          return String.fromCodePoint(Number.parseInt(digits, 16));
        }
      case undefined:
      case '\n':
      case '\r':
        throw new NotALocator();
      default:
        if (/[1-9]/.test(c)) throw new NotALocator();
        return c;
    }
  }

  private hex(length: number): string {
    const digits = this.text.slice(this.at, this.at + length);
    if (digits.length !== length || !/^[0-9a-fA-F]+$/.test(digits)) throw new NotALocator();
    this.at += length;
    return String.fromCharCode(Number.parseInt(digits, 16));
  }

  integer(): number {
    this.space();
    const digits = /^(0|[1-9][0-9]{0,5})/.exec(this.text.slice(this.at, this.at + 7))?.[1];
    if (digits === undefined) throw new NotALocator();
    this.at += digits.length;
    return Number(digits);
  }

  boolean(): boolean {
    for (const word of ['true', 'false']) {
      if (this.text.startsWith(word, this.at) && !/[\w$]/.test(this.text[this.at + word.length] ?? '')) {
        this.at += word.length;
        return word === 'true';
      }
    }
    throw new NotALocator();
  }

  identifier(): string {
    const name = /^[A-Za-z]{1,20}/.exec(this.text.slice(this.at, this.at + 21))?.[0];
    if (name === undefined) throw new NotALocator();
    this.at += name.length;
    return name;
  }

  eat(token: string): boolean {
    this.space();
    if (this.text[this.at] !== token) return false;
    this.at++;
    return true;
  }

  expect(token: string): void {
    if (!this.eat(token)) throw new NotALocator();
  }

  peek(): string | undefined {
    this.space();
    return this.text[this.at];
  }

  end(): void {
    this.space();
    if (this.at !== this.text.length) throw new NotALocator();
  }

  private space(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at] as string)) this.at++;
  }
}
