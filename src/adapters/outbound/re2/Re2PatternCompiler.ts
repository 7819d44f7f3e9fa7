import { RE2JS } from 're2js';
import { DomainError } from '../../../domain/DomainError.js';
import { checkPatternSource, type PatternCompiler, type TextPattern } from '../../../domain/text/TextPattern.js';
import { type Probe, probeRun, probes, probeText } from './probes.js';

/** Largest compiled program accepted for one pattern (RE2 instructions). */
export const MAX_INSTRUCTIONS = 1_000;
/** Largest compiled program for the union of all rules of one kind. */
export const MAX_UNION_INSTRUCTIONS = 20_000;
/** Characters of each probe text. */
const PROBE_CHARS = 8_192;
/**
 * A pattern is refused when a probe costs it this many times what it costs a pattern that
 * scans every character with a two-state automaton (measured on the same texts, at the same
 * moment, so the ratio does not depend on the machine or its load): a settled DFA costs about
 * 1×, one that keeps growing 30× to 300×.
 */
const PROBE_LIMIT_RATIO = 20;
/** Measurements of a probe before a pattern over the limit is refused. */
const PROBE_ATTEMPTS = 2;
/** Scans every character (no literal for a prefilter to skip to) and never matches here: the per-character baseline. */
const BASELINE = RE2JS.compile('[\\x{1}-\\x{2}][\\x{3}-\\x{4}]');

const BACKTRACKING_ONLY = /\(\?<?[=!]|\\[1-9]|\\k</;

/**
 * Agent-supplied patterns on `re2js`, a pure-JS port of RE2: matching time is linear in the
 * input whatever the pattern (no backtracking). What RE2 cannot express (lookaround,
 * backreferences) is refused as `unsafe_pattern`; so is a pattern whose automaton keeps
 * growing on its own kind of input (a DFA that never settles costs microseconds per
 * character): each pattern is run once over short probe texts drawn from its own characters
 * and classes, and refused when that costs too much per character. Syntax is RE2's (close to
 * JavaScript's; `(?i)` makes a pattern case-insensitive).
 */
export class Re2PatternCompiler implements PatternCompiler {
  /** @param now milliseconds from a monotonic clock; tests pass one that stalls. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  compile(source: string): TextPattern {
    checkPatternSource('pattern', source);
    warmUp();
    const compiled = compileOrRefuse(source);
    if (compiled.programSize() > MAX_INSTRUCTIONS) {
      throw new DomainError(
        'unsafe_pattern',
        `pattern compiles to ${compiled.programSize()} instructions; the limit is ${MAX_INSTRUCTIONS} (use smaller repetition counts)`,
      );
    }
    refuseIfCostly(source, [source], 'pattern', this.now);
    return { source, test: (text) => compiled.test(text) };
  }

  any(sources: readonly string[]): TextPattern {
    warmUp();
    const source = sources.map((s) => `(?:${s})`).join('|');
    const compiled = compileOrRefuse(source);
    if (compiled.programSize() > MAX_UNION_INSTRUCTIONS) {
      throw new DomainError(
        'unsafe_pattern',
        `together the patterns compile to ${compiled.programSize()} instructions; the limit is ${MAX_UNION_INSTRUCTIONS}`,
      );
    }
    refuseIfCostly(source, sources, 'together with the existing rules, this pattern', this.now);
    return { source, test: (text) => compiled.test(text) };
  }
}

function compileOrRefuse(source: string): RE2JS {
  try {
    return RE2JS.compile(source);
  } catch (error) {
    const reason = (error as Error).message;
    if (BACKTRACKING_ONLY.test(source)) {
      throw new DomainError(
        'unsafe_pattern',
        `pattern rejected: lookaround and backreferences need a backtracking engine, which untrusted text could stall (${reason})`,
      );
    }
    throw new DomainError('invalid_params', `not a valid regular expression (RE2 syntax): ${reason}`);
  }
}

/**
 * Runs the pattern over probe texts made of its own characters; refuses it when that is slow
 * per character. Each alphabet gets a first text (the automaton builds the states it needs)
 * and others, different, that are timed: a pattern whose automaton settles is fast on them,
 * one that keeps growing is as slow as on the first. A probe over the limit is measured again,
 * on a fresh copy of the pattern (an empty automaton) and the same texts, before the pattern
 * is refused: a pause of the process (GC, another program on the core) slows one
 * measurement, but a growing automaton costs the same every time.
 */
function refuseIfCostly(source: string, sources: readonly string[], what: string, now: () => number): void {
  for (const probe of probes(sources)) {
    let ratio = Infinity;
    for (let attempt = 0; attempt < PROBE_ATTEMPTS && ratio > PROBE_LIMIT_RATIO; attempt++) {
      ratio = Math.min(ratio, costRatio(RE2JS.compile(source), probe, now));
    }
    if (ratio > PROBE_LIMIT_RATIO) {
      throw new DomainError(
        'unsafe_pattern',
        `${what} is too costly to match: its automaton keeps growing on text made of ${JSON.stringify(probe.alphabet.slice(0, 12))} (${Math.round(ratio)}× the cost of a plain scan; the limit is ${PROBE_LIMIT_RATIO}×). Use fewer or smaller counted repetitions of a class.`,
      );
    }
  }
}

/** The pattern's cost over the baseline's on three fresh texts after a first one, timed in turns so a slow moment hits both. */
function costRatio(compiled: RE2JS, probe: Probe, now: () => number): number {
  compiled.test(probeRun(probe, PROBE_CHARS, 1));
  let cost = Infinity;
  let baseline = Infinity;
  for (const seed of [2, 3, 4]) {
    const text = probeRun(probe, PROBE_CHARS, seed);
    cost = Math.min(cost, timeNs(compiled, text, now));
    baseline = Math.min(baseline, timeNs(BASELINE, text, now));
  }
  return cost / Math.max(1, baseline);
}

function timeNs(compiled: RE2JS, text: string, now: () => number): number {
  const started = now();
  compiled.test(text);
  return (now() - started) * 1e6;
}

let warm = false;

/** Compiles and runs the engine a few times so the first real probe is not timed on cold code (on first use: not at start-up). */
function warmUp(): void {
  if (warm) return;
  warm = true;
  for (const source of ['warm(ing)?\\s+up', '[a-z]+\\d{2,4}x', '(?i)error|timeout']) {
    const compiled = RE2JS.compile(source);
    const text = probeText('abcdefghij 0123456789', PROBE_CHARS);
    for (let i = 0; i < 5; i++) compiled.test(text);
  }
}
