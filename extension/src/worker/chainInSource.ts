import type { ComponentInfo } from '../shared/pick.js';
import type { SourcePlace } from './Pointing.js';

/** Maps a stack (one frame a line) to source positions, as stacks are (SourceMaps.map); undefined when nothing maps. */
export type MapStack = (stack: string) => Promise<string | undefined>;

/** Components whose served position is mapped, at most. */
const MAX_MAPPED = 20;
/** `at Name (file:line:column)`, as SourceMaps writes a mapped frame. */
const MAPPED = /^\s*at (?:.* \()?(.+):(\d+):(\d+)\)?$/;

/**
 * Each component's position in served code (`url:line:column`, from the page's reader: React
 * 19's owner stacks) put in source through the page's source maps exactly as a stack frame is
 * (SPEC 8, 15): one frame per component, mapped by the same code; a position no map covers stays
 * unknown — never shown in served code as if it were source.
 */
export async function chainInSource(
  raw: ReadonlyArray<ComponentInfo | undefined>,
  map: MapStack,
): Promise<Array<SourcePlace | undefined>> {
  const frames = raw
    .slice(0, MAX_MAPPED)
    .map((c) =>
      c === undefined || typeof c.url !== 'string' || !Number.isSafeInteger(c.line) || !Number.isSafeInteger(c.column)
        ? undefined
        : `    at ${c.name.replace(/[\s()]/g, '_').slice(0, 100) || 'component'} (${c.url}:${c.line}:${c.column})`,
    );
  if (frames.every((frame) => frame === undefined)) return [];
  const mapped = await map(frames.map((frame) => frame ?? '    at unknown (unknown:0:0)').join('\n'));
  if (mapped === undefined) return [];
  const lines = mapped.split('\n');
  return frames.map((frame, i) => {
    const line = lines[i];
    if (frame === undefined || line === undefined || line === frame) return undefined;
    const match = MAPPED.exec(line);
    if (match === null) return undefined;
    const file = relative(match[1] as string);
    return file === undefined ? undefined : { file, line: Number(match[2]), column: Number(match[3]) };
  });
}

/** A mapped file as a stack's `at` shows it: without an http(s) origin, a leading slash or a query; an extension's never. */
function relative(file: string): string | undefined {
  if (file.startsWith('chrome-extension:')) return undefined;
  const path = file
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/^\/+/, '')
    .replace(/\?.*$/, '');
  return path === '' ? undefined : path;
}
