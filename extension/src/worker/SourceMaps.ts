import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { isSourcePath } from '../../../src/domain/capture/sourcePath.js';
import { LINES_READ, type SourceAnswer } from '../relay/sources.js';

/** Scripts whose maps (or lack of one) are remembered; the least recently used go first. */
export const MAX_MAPS = 50;
/**
 * Mapping segments kept decoded in all (each costs the worker ≈ 70 bytes once decoded: 50 maps of
 * 60 000 segments measured 283 MB of heap): past it, the least recently used maps go first.
 */
export const MAX_SEGMENTS = 1_000_000;
/** The first error of a script waits this long for its map (docs/extension.md); later ones find it cached. */
export const FIRST_MAP_WAIT_MS = 1_000;
/** Stacks whose mapped result is remembered. */
export const MAX_RECENT = 500;
/** Frames of one stack that are mapped (the rest stay as they are). */
const MAX_FRAMES = 20;

/** Lines of a script whose starts are kept (a longer script's functions are left at their offsets). */
export const MAX_LINES = LINES_READ;
/** A JavaScript identifier, the only kind of map name shown as a function's name. */
const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]{0,99}$/u;

/** A position in source: 1-based line and column, and the map's name there (an identifier). */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly name?: string;
}

/** `    at fn (http://host/assets/index-x.js:9:512)` or `    at http://host/x.js:1:2`. */
const FRAME = /^(\s*at (?:.*? \()?)(https?:\/\/[^\s()]+?):(\d+):(\d+)(\)?)\s*$/;

export interface SourceMapPorts {
  /** The reading of a script's map (relay/sources.ts) by the relay of the frame that ran it. */
  read(tabId: number, frameId: number, scriptUrl: string): Promise<SourceAnswer>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Stacks in source (docs/extension.md): each frame of a captured stack that points into a script with a
 * source map is rewritten to the original file, line and column (`@jridgewell/trace-mapping`),
 * the map's `sources` resolved against the map's url, so the daemon shows `src/App.tsx:10:31`.
 * Maps are parsed here, in the worker, off the page's thread, and cached (MAX_MAPS scripts,
 * least recently used first out); a script without a map is remembered as such. A stack whose
 * maps are not ready within FIRST_MAP_WAIT_MS keeps its raw frames (the entry is never held longer
 * or dropped); a broken map leaves them raw too. Only a map's positions and its `sources` paths are
 * used (a `sources` entry that is not a path, `isSourcePath`, leaves its frames raw); its `names`
 * never are: a frame keeps the function name V8 gave it.
 */
export class SourceMaps {
  private readonly maps = new Map<string, Promise<TraceMap | null>>();
  /** Decoded segments of each kept map. */
  private readonly weights = new Map<string, number>();
  /** Maps (or their absence) already read: used without waiting. */
  private readonly settled = new Map<string, TraceMap | null>();
  /** Stacks mapped lately (a loop logging from one line repeats its call site): their results. */
  private readonly recent = new Map<string, string | undefined>();
  /** Where each line of a kept map's script starts (characters): LoAF positions are offsets. */
  private readonly lineStarts = new Map<string, Uint32Array>();

  constructor(private readonly ports: SourceMapPorts) {}

  /** The stack in source positions, or undefined when no frame could be mapped. */
  async map(tabId: number, stack: string, frameId = 0): Promise<string | undefined> {
    if (this.recent.has(stack)) return this.recent.get(stack);
    const { result, final } = await this.mapNow(tabId, frameId, stack);
    if (final) {
      this.recent.set(stack, result); // not a result made while a map was still on its way
      if (this.recent.size > MAX_RECENT) this.recent.delete(this.recent.keys().next().value as string);
    }
    return result;
  }

  private async mapNow(tabId: number, frameId: number, stack: string): Promise<{ result: string | undefined; final: boolean }> {
    const lines = stack.split('\n');
    const frames = lines
      .map((line, index) => ({ index, match: FRAME.exec(line) }))
      .filter((frame): frame is { index: number; match: RegExpExecArray } => frame.match !== null)
      .slice(0, MAX_FRAMES);
    if (frames.length === 0) return { result: undefined, final: true };
    const scripts = [...new Set(frames.map((frame) => frame.match[2] as string))];
    const ready = await this.ready(tabId, frameId, scripts);
    const final = scripts.every((script) => this.settled.has(script)); // every answer is one to remember
    if ([...ready.values()].every((map) => map === null)) return { result: undefined, final };
    let changed = false;
    for (const { index, match } of frames) {
      const map = ready.get(match[2] as string);
      if (map == null) continue;
      let original;
      try {
        original = originalPositionFor(map, { line: Number(match[3]), column: Number(match[4]) - 1 });
      } catch {
        continue;
      }
      if (original.source === null || original.line === null || original.column === null) continue;
      // The map's text is the map author's: a `sources` entry that is no path stays out of the stack (docs/security.md).
      if (!isSourcePath(original.source)) continue;
      const [, head, , , , close] = match;
      lines[index] = `${head}${original.source}:${original.line}:${original.column + 1}${close}`;
      changed = true;
    }
    return { result: changed ? lines.join('\n') : undefined, final };
  }

  /**
   * The source position of a position in a served script (a React 19 component's owner stack
   * names the line its JSX ran on): 1-based `line` and `column` in `scriptUrl` mapped through its
   * map as a stack frame is, with `file` resolved against the map's url; undefined when the
   * script has no readable map (only scripts the frame loaded are read) or the position maps to
   * nothing. Waits for a first map as long as a stack does (FIRST_MAP_WAIT_MS).
   */
  async position(
    tabId: number,
    scriptUrl: string,
    line: number,
    column: number,
    frameId = 0,
  ): Promise<SourcePosition | undefined> {
    if (!Number.isSafeInteger(line) || !Number.isSafeInteger(column) || line < 1 || column < 1) return undefined;
    const map = (await this.ready(tabId, frameId, [scriptUrl])).get(scriptUrl);
    if (map == null) return undefined;
    let original;
    try {
      original = originalPositionFor(map, { line, column: column - 1 });
    } catch {
      return undefined;
    }
    if (original.source === null || original.line === null || original.column === null) return undefined;
    if (!isSourcePath(original.source)) return undefined;
    return { file: original.source, line: original.line, column: original.column + 1 };
  }

  /**
   * Where a function starts in source (docs/mcp-tools.md: a long animation frame's script): `char`, a
   * character offset in the script (`sourceCharPosition`), as `{file, line, column}` (1-based
   * line and column) with the map's name there when it is an identifier; undefined when the
   * script has no readable map, its text was not read, or the position maps to nothing. Waits for
   * a first map as long as a stack does (FIRST_MAP_WAIT_MS).
   */
  async locate(tabId: number, scriptUrl: string, char: number, frameId = 0): Promise<SourcePosition | undefined> {
    const map = (await this.ready(tabId, frameId, [scriptUrl])).get(scriptUrl);
    const starts = this.lineStarts.get(scriptUrl);
    if (map == null || starts === undefined || !Number.isSafeInteger(char) || char < 0) return undefined;
    const line = lineOf(starts, char);
    let original;
    try {
      original = originalPositionFor(map, { line: line + 1, column: char - (starts[line] as number) });
    } catch {
      return undefined;
    }
    if (original.source === null || original.line === null || original.column === null) return undefined;
    if (!isSourcePath(original.source)) return undefined;
    const name = original.name !== null && IDENTIFIER.test(original.name) ? original.name : undefined;
    return { file: original.source, line: original.line, column: original.column + 1, ...(name === undefined ? {} : { name }) };
  }

  /** The maps of `scripts` read so far, after waiting at most FIRST_MAP_WAIT_MS for the others. */
  private async ready(tabId: number, frameId: number, scripts: readonly string[]): Promise<Map<string, TraceMap | null>> {
    const ready = new Map<string, TraceMap | null>();
    for (const script of scripts) if (this.settled.has(script)) ready.set(script, this.settled.get(script) ?? null);
    const missing = scripts.filter((script) => !ready.has(script));
    if (missing.length > 0) {
      let timer: unknown;
      const waited = new Promise<void>((resolve) => (timer = this.ports.setTimeout(resolve, FIRST_MAP_WAIT_MS)));
      await Promise.race([
        Promise.all(missing.map(async (script) => ready.set(script, await this.mapOf(tabId, frameId, script)))),
        waited,
      ]);
      this.ports.clearTimeout(timer);
    }
    return ready;
  }

  private mapOf(tabId: number, frameId: number, script: string): Promise<TraceMap | null> {
    let map = this.maps.get(script);
    if (map !== undefined) {
      this.maps.delete(script); // most recently used last
      this.maps.set(script, map);
      return map;
    }
    map = this.load(tabId, frameId, script).then(({ map: loaded, segments, again, lines }) => {
      if (again) {
        if (this.maps.get(script) === map) this.maps.delete(script); // asked again next time
      } else if (this.maps.has(script)) {
        this.settled.set(script, loaded);
        this.weights.set(script, segments);
        if (lines !== undefined && loaded !== null) this.lineStarts.set(script, lines);
        this.evict(script);
      }
      return loaded;
    });
    this.maps.set(script, map);
    this.evict(script);
    return map;
  }

  /** Forgets the least recently used maps past MAX_MAPS or MAX_SEGMENTS (never `keep`, just read). */
  private evict(keep: string): void {
    const total = () => [...this.weights.values()].reduce((sum, n) => sum + n, 0); // ≤ MAX_MAPS values
    while (this.maps.size > MAX_MAPS || (total() > MAX_SEGMENTS && this.maps.size > 1)) {
      const oldest = this.maps.keys().next().value as string;
      if (oldest === keep) {
        const kept = this.maps.get(keep) as Promise<TraceMap | null>;
        this.maps.delete(keep); // most recent now: the next oldest goes
        this.maps.set(keep, kept);
        continue;
      }
      this.maps.delete(oldest);
      this.settled.delete(oldest);
      this.weights.delete(oldest);
      this.lineStarts.delete(oldest);
      this.recent.clear(); // results that used it must not outlive it
    }
  }

  private async load(
    tabId: number,
    frameId: number,
    script: string,
  ): Promise<{ map: TraceMap | null; segments: number; again?: boolean; lines?: Uint32Array }> {
    try {
      const answer = await this.ports.read(tabId, frameId, script);
      // A frame that did not load the script (a forged stack) says nothing of one that did.
      if (!('map' in answer)) return { map: null, segments: 0, again: answer.notLoaded === true };
      const raw = JSON.parse(answer.map) as { sourcesContent?: unknown; mappings?: unknown };
      delete raw.sourcesContent; // the sources' text: never shown, often most of a map
      const segments = typeof raw.mappings === 'string' ? countSegments(raw.mappings) : 0;
      const map = new TraceMap(raw as ConstructorParameters<typeof TraceMap>[0], answer.url);
      return { map, segments, ...(validLines(answer.lines) ? { lines: Uint32Array.from(answer.lines) } : {}) };
    } catch {
      return { map: null, segments: 0 }; // unreadable or broken: raw positions stay
    }
  }
}

/** The 0-based line holding character `char`, given each line's start (ascending, the first 0). */
function lineOf(starts: Uint32Array, char: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= char) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** A script's line starts as the relay sent them: ascending offsets from 0, bounded. */
function validLines(lines: unknown): lines is number[] {
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > MAX_LINES || lines[0] !== 0) return false;
  for (let i = 1; i < lines.length; i++) {
    if (!Number.isSafeInteger(lines[i]) || (lines[i] as number) <= (lines[i - 1] as number)) return false;
  }
  return true;
}

/** Segments of an encoded `mappings` string (separated by `,` within a line and `;` between lines). */
function countSegments(mappings: string): number {
  let count = 0;
  let empty = true;
  for (let i = 0; i < mappings.length; i++) {
    const c = mappings.charCodeAt(i);
    if (c === 44 || c === 59) {
      if (!empty) count++;
      empty = true;
    } else {
      empty = false;
    }
  }
  return empty ? count : count + 1;
}
