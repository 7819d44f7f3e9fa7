import { DomainError } from '../DomainError.js';

/** A pattern compiled for untrusted text, run with a linear-time guarantee (docs/security.md). */
export interface TextPattern {
  /** The pattern as the agent gave it. */
  readonly source: string;
  /** True when the pattern matches anywhere in `text`. */
  test(text: string): boolean;
}

/** Compiles agent-supplied patterns (noise rules, stream filters) for a linear-time engine. */
export interface PatternCompiler {
  /**
   * @throws DomainError `invalid_params` for bad syntax, `unsafe_pattern` for what the engine
   *   cannot run in linear time (lookaround, backreferences) or what costs too much per character.
   */
  compile(source: string): TextPattern;
  /**
   * One pattern that matches when any of `sources` does (each already compiled on its own).
   * @throws DomainError `unsafe_pattern` when together they cost too much per character.
   */
  any(sources: readonly string[]): TextPattern;
}

/** Longest pattern accepted (characters). */
export const MAX_PATTERN_LENGTH = 100;

/** @throws DomainError `invalid_params` for an empty pattern, `unsafe_pattern` for one over 100 characters. */
export function checkPatternSource(field: string, source: string): void {
  if (source === '') throw new DomainError('invalid_params', `${field} is empty`, { field });
  if (source.length > MAX_PATTERN_LENGTH) {
    throw new DomainError('unsafe_pattern', `${field} is ${source.length} characters long; the limit is ${MAX_PATTERN_LENGTH}`, {
      field,
    });
  }
}
