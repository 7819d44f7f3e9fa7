import type { PatternCompiler, TextPattern } from '../../../domain/text/TextPattern.js';

/**
 * The pattern engine, loaded when first needed rather than at start-up: re2js builds its Unicode
 * tables when it loads, and with the first compile that was ≈ 10 ms of every daemon start that
 * needed no pattern yet (docs/benchmarks.md). Patterns come from saved noise rules, which the
 * daemon restores at start (it loads the engine first when there are any), and from agents'
 * `configure noise` and `configure streaming` calls (which load it first): `load` is awaited on
 * both paths before `compile` or `any` can run.
 */
export class DeferredPatternCompiler implements PatternCompiler {
  private engine: PatternCompiler | undefined;
  private loading: Promise<void> | undefined;

  constructor(private readonly loadEngine: () => Promise<PatternCompiler>) {}

  /** Loads the engine once; a failed load is tried again by the next call. */
  load(): Promise<void> {
    this.loading ??= this.loadEngine().then(
      (engine) => void (this.engine = engine),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  compile(source: string): TextPattern {
    return this.loaded().compile(source);
  }

  any(sources: readonly string[]): TextPattern {
    return this.loaded().any(sources);
  }

  private loaded(): PatternCompiler {
    // A path that compiles before awaiting `load` is a bug in the composition, not bad input.
    if (this.engine === undefined) throw new Error('the pattern engine was used before it was loaded');
    return this.engine;
  }
}
