import { DomainError } from '../DomainError.js';
import { assessPattern } from '../streaming/patternSafety.js';

export const NOISE_CATEGORIES = ['logs', 'network', 'websocket', 'all'] as const;
export type NoiseCategory = (typeof NOISE_CATEGORIES)[number];

export interface NoiseRule {
  readonly pattern: string;
  readonly category: NoiseCategory;
}

export const MAX_NOISE_RULES = 50;

/**
 * Patterns whose matching entries are dropped at ingest (`configure noise`). A rule matches an
 * entry of its category (or any, for `all`) when its pattern matches the entry's url or
 * message. Patterns pass the same safety check as stream filters.
 */
export class NoiseRules {
  private readonly rules = new Map<string, { rule: NoiseRule; regex: RegExp }>();

  constructor(initial: readonly NoiseRule[] = []) {
    for (const rule of initial) this.add(rule);
  }

  /**
   * Adds a rule (adding an existing pattern+category again changes nothing).
   * @throws DomainError `invalid_params` / `unsafe_pattern`, or `too_many_rules` past 50.
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
    const problem = assessPattern(rule.pattern);
    if (problem !== undefined) throw new DomainError(problem.code, `pattern rejected: ${problem.reason}`);
    this.rules.set(key, { rule: { pattern: rule.pattern, category: rule.category }, regex: new RegExp(rule.pattern) });
    return true;
  }

  /** Removes the rule; returns false when there was none. */
  remove(rule: NoiseRule): boolean {
    return this.rules.delete(keyOf(rule));
  }

  list(): NoiseRule[] {
    return [...this.rules.values()].map(({ rule }) => rule);
  }

  /** True when some rule for `category` matches any of `texts`. */
  drops(category: Exclude<NoiseCategory, 'all'>, texts: ReadonlyArray<string | undefined>): boolean {
    for (const { rule, regex } of this.rules.values()) {
      if (rule.category !== 'all' && rule.category !== category) continue;
      if (texts.some((text) => text !== undefined && regex.test(text.slice(0, 2_048)))) return true;
    }
    return false;
  }
}

function keyOf(rule: NoiseRule): string {
  return `${rule.category}\u0000${rule.pattern}`;
}
