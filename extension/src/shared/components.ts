/**
 * The component chain of a picked element (docs/extension.md, "The component chain"): the seam
 * between the page-side reader (extension/src/component, in the page's MAIN world, where the
 * frameworks' debug data lives) and the pick. Pure types and constants, imported by both sides.
 */

/** The frameworks whose components are read. */
export const FRAMEWORKS = ['react', 'vue', 'svelte', 'angular'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/**
 * One component that rendered the element, from the element up. `file`/`line`/`column` say
 * where in source: for React and Svelte the markup (JSX, template) inside this component that
 * rendered the element or the component below it; for Angular the component's class; Vue gives
 * the file only. A position the framework does not give is left out, never guessed.
 */
export interface ChainComponent {
  readonly name: string;
  readonly framework: Framework;
  /** Angular's element selector (`app-card`). */
  readonly selector?: string;
  /** A source path, relative to the page's origin where it is served there (`src/components/Card.tsx`). */
  readonly file?: string;
  /** 1-based. With `file`: a line of the source file; with `url`: of the served script, not yet mapped. */
  readonly line?: number;
  /** 1-based, as `line`. */
  readonly column?: number;
  /**
   * The served script the position is in (React 19's owner stacks): only in what the page
   * answers; the worker maps it through the page's source maps (componentsInSource) and drops it.
   */
  readonly url?: string;
  /** The component's props, clipped and redacted in the page (functions and elements as short markers). */
  readonly props?: Readonly<Record<string, unknown>>;
}

/** What `componentChain(element)` answers: the chain, innermost first, and why it is empty or incomplete. */
export interface ComponentChain {
  readonly components: readonly ChainComponent[];
  readonly reason?: string;
}

/** Why a chain is empty or has no positions: the only reasons the reader gives (the worker keeps no other text). */
export const CHAIN_REASONS = {
  production: 'production build: no component metadata',
  noPositions: 'production build: component names only, no source positions',
  none: 'no component framework rendered this element',
  topLevel: 'no component rendered this element: the framework’s root did',
  unmapped: 'a position is in served code that has no source map: its file and line are left out',
  failed: 'the component metadata could not be read',
  notElement: 'not an element of this page',
} as const;

/** Components in a chain, at most (the innermost kept). */
export const MAX_COMPONENTS = 20;

/**
 * Where the reader lives once injected (`Symbol.for(COMPONENT_SLOT)` on the MAIN world's global,
 * not enumerable): `(element: Element) => ComponentChain`.
 */
export const COMPONENT_SLOT = 'browsertap.componentChain';
/** The bundle (extension/dist) injected into the MAIN world when pointing starts, never before. */
export const COMPONENT_FILE = 'component-chain.js';

/**
 * Asking from the extension's isolated world (the overlay's), where the frameworks' data cannot
 * be seen: a `CustomEvent` of this type dispatched on the element (bubbling, composed) is
 * answered synchronously, before `dispatchEvent` returns, by a `COMPONENT_ANSWER` event on the
 * element's document whose `detail` is the chain as a JSON string (component/request.ts).
 */
export const COMPONENT_REQUEST = 'browsertap:component-chain';
export const COMPONENT_ANSWER = 'browsertap:component-chain-answer';
