import { setOwn } from './ownData.js';

/** JSON nesting kept: objects and arrays at most this many levels deep (docs/security.md). */
export const MAX_DEPTH = 20;
/** What replaces an object or array nested deeper than `MAX_DEPTH`. */
export const DEPTH_MARK = '[depth]';

/** Paths of cut values listed, at most (the count covers them all). */
const MAX_PATHS = 3;
/** Longest path listed (characters); a longer one ends with `…`. */
const MAX_PATH_CHARS = 200;

export interface DepthCut {
  /** The value, every object or array past the bound replaced by `DEPTH_MARK`. */
  readonly value: unknown;
  /** How many values were replaced. */
  readonly cut: number;
  /** JSON Pointers (RFC 6901) of the first replaced values. */
  readonly paths: readonly string[];
}

/**
 * A copy of a JSON value in which every object or array nested deeper than `maxDepth` levels
 * (the value itself is level 1) is replaced by `"[depth]"`, with the count and first places of
 * what was replaced. A `"[depth]"` string already standing at the bound was cut upstream (the
 * HTTP edge cuts too) and counts as cut. `__proto__` keys stay own data properties. The
 * recursion never goes deeper than `maxDepth`, however deep the value.
 */
export function cutDepth(value: unknown, maxDepth = MAX_DEPTH): DepthCut {
  const state = { cut: 0, paths: [] as string[], path: [] as string[] };
  const copy = walk(value, 0, maxDepth, state);
  return { value: copy, cut: state.cut, paths: state.paths };
}

interface WalkState {
  cut: number;
  readonly paths: string[];
  readonly path: string[];
}

function walk(value: unknown, depth: number, maxDepth: number, state: WalkState): unknown {
  if (value === DEPTH_MARK && depth >= maxDepth) return mark(state);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxDepth) return mark(state);
  if (Array.isArray(value)) {
    return value.map((item, index) => within(state, String(index), () => walk(item, depth + 1, maxDepth, state)));
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    setOwn(
      out,
      key,
      within(state, key, () => walk(item, depth + 1, maxDepth, state)),
    );
  }
  return out;
}

function within(state: WalkState, segment: string, run: () => unknown): unknown {
  state.path.push(segment);
  try {
    return run();
  } finally {
    state.path.pop();
  }
}

function mark(state: WalkState): string {
  state.cut++;
  if (state.paths.length < MAX_PATHS) state.paths.push(pointer(state.path));
  return DEPTH_MARK;
}

function pointer(segments: readonly string[]): string {
  const text = segments.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
  return text.length <= MAX_PATH_CHARS ? text : `${text.slice(0, MAX_PATH_CHARS - 1)}…`;
}
