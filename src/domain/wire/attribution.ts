/**
 * Why a value is what it is (docs/mcp-tools.md): the scripts a long animation frame names and a Web
 * Vital's attribution, in the wire shape the extension posts and the daemon keeps (snake_case,
 * durations in ms). Apart from performance.ts so that entries.ts can use it without a cycle.
 */

/** The bounds of what a page may report (items, characters): past them an entry is refused. */
export const PERFORMANCE_LIMITS = Object.freeze({
  /** Long animation frames kept per page, and scripts kept per frame or interaction. */
  frames: 5,
  scripts: 3,
  /** Slowest requests and render-blocking requests kept per page. */
  slowest: 5,
  blocking: 10,
  /** Elements named as having moved in the largest layout shift. */
  sources: 5,
  url: 2_048,
  /** A function name, an invoker, a selector, a locator. */
  text: 300,
  /** A source position (`src/slow.ts:4:17`). */
  at: 500,
});

/** The kinds of code a long animation frame names as having run (`PerformanceScriptTiming.invokerType`). */
export const INVOKER_TYPES = [
  'classic-script',
  'module-script',
  'event-listener',
  'user-callback',
  'resolve-promise',
  'reject-promise',
] as const;
export type InvokerType = (typeof INVOKER_TYPES)[number];

/**
 * A script that ran in a long animation frame (a LoAF `script` entry): the page's own view
 * (`url`, `fn`, `char`), and, when the page's source map says, where it is in source (`at`,
 * `function`: set by the extension, never by the page).
 */
export interface ScriptTiming {
  /** The script's url (`sourceURL`). */
  readonly url: string;
  /** The function as the running script names it (`sourceFunctionName`: minified in a bundle). */
  readonly fn?: string;
  /** Where the function starts in the script (`sourceCharPosition`, characters). */
  readonly char?: number;
  /** What called it: `BUTTON#add.onclick`, `TimerHandler:setTimeout`, `Response.json.then`… */
  readonly invoker?: string;
  readonly invoker_type?: InvokerType;
  readonly duration_ms: number;
  /** Style and layout it forced (ms). */
  readonly layout_ms?: number;
  /** The function's start in source: `src/slow.ts:4:17`. */
  readonly at?: string;
  /** The function's name in source (the map's name there). */
  readonly function?: string;
}

/**
 * Why a Web Vital has its value (web-vitals' attribution build), by metric. LCP: the resource and
 * its four parts; INP: the kind of input, its three parts and the scripts that ran; CLS: the
 * largest shift, when and what moved. The element itself is the vital's `target`.
 */
export interface VitalAttribution {
  readonly resource_url?: string;
  readonly ttfb_ms?: number;
  readonly load_delay_ms?: number;
  readonly load_ms?: number;
  readonly render_delay_ms?: number;
  /** The LCP image has `loading="lazy"`: the browser waited for layout before asking for it. */
  readonly lazy?: boolean;
  readonly interaction?: 'pointer' | 'keyboard';
  /** The INP target as a test would find it: `getByRole('button', { name: 'Add to cart' })`. */
  readonly locator?: string;
  readonly input_delay_ms?: number;
  readonly processing_ms?: number;
  readonly presentation_ms?: number;
  readonly scripts?: readonly ScriptTiming[];
  readonly shift_ms?: number;
  readonly shift_value?: number;
  /** The elements that moved in the largest shift (selectors). */
  readonly sources?: readonly string[];
}
