/** Longest filter pattern accepted (characters). */
export const MAX_PATTERN_LENGTH = 100;
/** Largest `{n,m}` bound accepted. */
const MAX_REPEAT_BOUND = 100;
/** Most unbounded quantifiers (`*`, `+`, `{n,}`) in one pattern. */
const MAX_UNBOUNDED = 3;

interface Frame {
  quantified: boolean; // holds a quantifier anywhere inside
  alternated: boolean; // holds a top-level `|`
}

interface Quantifier {
  readonly length: number;
  readonly repeats: boolean; // can match its atom more than once
  readonly unbounded: boolean;
  readonly bound: number;
}

/** Why a pattern is refused: `invalid_params` for bad syntax, `unsafe_pattern` for a risky shape. */
export interface PatternProblem {
  readonly code: 'invalid_params' | 'unsafe_pattern';
  readonly reason: string;
}

/**
 * Checks a user-supplied regular expression before it is ever run against page data.
 * Returns why it is refused, or undefined when it is accepted. Refused: over 100 characters,
 * invalid syntax, backreferences, a repeated group that itself holds a quantifier or an
 * alternation (`(a+)+`, `(a|aa)*`: exponential backtracking), two unbounded quantifiers in a row
 * (`.*.*`), more than three unbounded quantifiers, or a repetition bound over 100.
 */
export function assessPattern(source: string): PatternProblem | undefined {
  if (source.length > MAX_PATTERN_LENGTH) {
    return { code: 'unsafe_pattern', reason: `pattern is ${source.length} characters long; the limit is ${MAX_PATTERN_LENGTH}` };
  }
  try {
    new RegExp(source);
  } catch (error) {
    return { code: 'invalid_params', reason: `not a valid regular expression: ${(error as Error).message}` };
  }
  const shape = new PatternScan(source).run();
  return shape === undefined ? undefined : { code: 'unsafe_pattern', reason: shape };
}

class PatternScan {
  private i = 0;
  private readonly frames: Frame[] = [{ quantified: false, alternated: false }];
  private unbounded = 0;
  private previousUnbounded = false;

  constructor(private readonly source: string) {}

  run(): string | undefined {
    while (this.i < this.source.length) {
      const problem = this.step();
      if (problem !== undefined) return problem;
    }
    return undefined;
  }

  private step(): string | undefined {
    const ch = this.source[this.i] as string;
    if (ch === '(') {
      this.openGroup();
      return undefined;
    }
    if (ch === '|') {
      this.top.alternated = true;
      this.previousUnbounded = false;
      this.i++;
      return undefined;
    }
    if (ch === ')') {
      const inner = this.frames.pop() as Frame;
      this.i++;
      return this.afterAtom(inner);
    }
    if (ch === '^' || ch === '$') {
      this.i++;
      return undefined;
    }
    const problem = ch === '\\' ? this.skipEscape() : ch === '[' ? this.skipClass() : this.skipChar();
    return problem ?? this.afterAtom(undefined);
  }

  private get top(): Frame {
    return this.frames.at(-1) as Frame;
  }

  private openGroup(): void {
    this.i++;
    const rest = this.source.slice(this.i);
    const prefix = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(rest);
    if (prefix !== null) this.i += prefix[0].length;
    this.frames.push({ quantified: false, alternated: false });
  }

  private skipEscape(): string | undefined {
    const next = this.source[this.i + 1] ?? '';
    if (/[1-9]/.test(next) || (next === 'k' && this.source[this.i + 2] === '<')) {
      return 'backreferences are not allowed';
    }
    this.i += 2;
    return undefined;
  }

  private skipClass(): undefined {
    this.i++;
    while (this.i < this.source.length && this.source[this.i] !== ']') {
      this.i += this.source[this.i] === '\\' ? 2 : 1;
    }
    this.i++;
    return undefined;
  }

  private skipChar(): undefined {
    this.i++;
    return undefined;
  }

  /** Reads the quantifier (if any) after an atom; `group` is the frame of a group that just closed. */
  private afterAtom(group: Frame | undefined): string | undefined {
    const q = this.readQuantifier();
    if (group !== undefined && q?.repeats === true && (group.quantified || group.alternated)) {
      return group.quantified
        ? 'nested quantifiers (a repeated group containing a quantifier) can backtrack catastrophically'
        : 'a repeated alternation can backtrack catastrophically; use a character class or drop the quantifier';
    }
    if (q === undefined) {
      this.previousUnbounded = false;
    } else {
      this.i += q.length;
      if (q.bound > MAX_REPEAT_BOUND) return `repetition bound ${q.bound} is over ${MAX_REPEAT_BOUND}`;
      if (q.unbounded && this.previousUnbounded) {
        return 'two unbounded quantifiers in a row (like .*.*) can backtrack catastrophically';
      }
      if (q.unbounded && ++this.unbounded > MAX_UNBOUNDED) {
        return `more than ${MAX_UNBOUNDED} unbounded quantifiers (*, +, {n,})`;
      }
      this.previousUnbounded = q.unbounded;
    }
    this.top.quantified ||= q !== undefined || group?.quantified === true;
    return undefined;
  }

  private readQuantifier(): Quantifier | undefined {
    const rest = this.source.slice(this.i);
    const simple = /^[*+?]\??/.exec(rest);
    if (simple !== null) {
      const op = simple[0][0];
      const unbounded = op !== '?';
      return { length: simple[0].length, repeats: unbounded, unbounded, bound: 0 };
    }
    const braces = /^\{(\d+)(,(\d*))?\}\??/.exec(rest);
    if (braces === null) return undefined;
    const min = Number(braces[1]);
    const max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]);
    const bound = Math.max(min, Number.isFinite(max) ? max : 0);
    return { length: braces[0].length, repeats: max > 1, unbounded: !Number.isFinite(max), bound };
  }
}
