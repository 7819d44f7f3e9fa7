import { DomainError } from '../DomainError.js';
import { checkPatternSource, type PatternCompiler, type TextPattern } from '../text/TextPattern.js';

export const NOISE_CATEGORIES = ['logs', 'network', 'websocket', 'all'] as const;
export type NoiseCategory = (typeof NOISE_CATEGORIES)[number];
type Kind = Exclude<NoiseCategory, 'all'>;

export interface NoiseRule {
  readonly pattern: string;
  readonly category: NoiseCategory;
}

export const MAX_NOISE_RULES = 50;
/** Longest piece of a url or message a noise pattern is run against (characters). */
export const NOISE_INPUT_CAP = 2_048;

/**
 * Patterns whose matching entries are dropped at ingest (`configure noise`). A rule matches an
 * entry of its category (or any, for `all`) when its pattern matches the entry's url or
 * message. Patterns run on the linear-time engine behind `PatternCompiler`; the rules of each
 * kind are matched as one combined pattern, so 50 rules cost about what one does.
 */
export class NoiseRules {
  private readonly rules = new Map<string, NoiseRule>();
  private combined = new Map<Kind, TextPattern | undefined>();

  constructor(
    private readonly compiler: PatternCompiler,
    initial: readonly NoiseRule[] = [],
  ) {
    for (const rule of initial) this.add(rule);
  }

  /**
   * Adds saved rules at start-up, combining them once rather than once per rule; a rule that is
   * refused (alone, or because it makes the combination too costly) is skipped and reported.
   */
  restore(saved: readonly NoiseRule[]): Array<{ rule: NoiseRule; error: DomainError }> {
    const skipped: Array<{ rule: NoiseRule; error: DomainError }> = [];
    const accepted = new Map(this.rules);
    for (const rule of saved) {
      try {
        if (!(NOISE_CATEGORIES as readonly string[]).includes(rule.category)) {
          throw new DomainError(
            'invalid_params',
            `category must be one of ${NOISE_CATEGORIES.join(', ')}; got '${rule.category}'`,
          );
        }
        if (accepted.size >= MAX_NOISE_RULES) throw new DomainError('too_many_rules', `at most ${MAX_NOISE_RULES} noise rules`);
        checkPatternSource('pattern', rule.pattern);
        this.compiler.compile(rule.pattern);
        accepted.set(keyOf(rule), { pattern: rule.pattern, category: rule.category });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        skipped.push({ rule, error });
      }
    }
    try {
      this.combined = this.combine(accepted);
      for (const [key, rule] of accepted) this.rules.set(key, rule);
    } catch {
      // Together too costly: find the one that tips it over by adding them one at a time.
      for (const rule of accepted.values()) {
        try {
          this.add(rule);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          skipped.push({ rule, error });
        }
      }
    }
    return skipped;
  }

  /**
   * Adds a rule (adding an existing pattern+category again changes nothing).
   * @throws DomainError `invalid_params` / `unsafe_pattern` (alone or together with the other
   *   rules), or `too_many_rules` past 50; nothing changes then.
   */
  add(rule: NoiseRule): boolean {
    if (!(NOISE_CATEGORIES as readonly string[]).includes(rule.category)) {
      throw new DomainError('invalid_params', `category must be one of ${NOISE_CATEGORIES.join(', ')}; got '${rule.category}'`);
    }
    const key = keyOf(rule);
    if (this.rules.has(key)) return false;
    if (this.rules.size >= MAX_NOISE_RULES) {
      throw new DomainError('too_many_rules', `at most ${MAX_NOISE_RULES} noise rules; remove one first`);
    }
    checkPatternSource('pattern', rule.pattern);
    this.compiler.compile(rule.pattern);
    const rules = new Map(this.rules).set(key, { pattern: rule.pattern, category: rule.category });
    this.combined = this.combine(rules);
    this.rules.set(key, { pattern: rule.pattern, category: rule.category });
    return true;
  }

  /** Removes the rule; returns false when there was none. */
  remove(rule: NoiseRule): boolean {
    if (!this.rules.delete(keyOf(rule))) return false;
    this.combined = this.combine(this.rules);
    return true;
  }

  list(): NoiseRule[] {
    return [...this.rules.values()];
  }

  /** True when any rule applies to entries of `kind` (so matching has work to do). */
  has(kind: Kind): boolean {
    return this.combined.get(kind) !== undefined;
  }

  /** True when some rule for `kind` matches any of `texts` (each read up to `NOISE_INPUT_CAP`). */
  drops(kind: Kind, texts: ReadonlyArray<string | undefined>): boolean {
    const pattern = this.combined.get(kind);
    if (pattern === undefined) return false;
    return texts.some(
      (text) => text !== undefined && pattern.test(text.length > NOISE_INPUT_CAP ? text.slice(0, NOISE_INPUT_CAP) : text),
    );
  }

  /** One combined pattern per kind. @throws DomainError `unsafe_pattern` when a combination is too costly. */
  private combine(rules: ReadonlyMap<string, NoiseRule>): Map<Kind, TextPattern | undefined> {
    const combined = new Map<Kind, TextPattern | undefined>();
    for (const kind of ['logs', 'network', 'websocket'] as const) {
      const sources = [...rules.values()].filter((r) => r.category === kind || r.category === 'all').map((r) => r.pattern);
      combined.set(kind, sources.length === 0 ? undefined : this.compiler.any(sources));
    }
    return combined;
  }
}

function keyOf(rule: NoiseRule): string {
  return `${rule.category}\u0000${rule.pattern}`;
}
