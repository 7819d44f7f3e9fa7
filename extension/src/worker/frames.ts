import { CommandFailure } from '../shared/commands.js';

/**
 * Refs of elements in cross-origin frames (docs/mcp-tools.md: "refs already reach into frames"). A frame's
 * document gives its own refs (`e3`); the snapshot shows them as `f<frameId>e3`, so an action
 * knows which frame to run in. Refs of the top document and its same-origin frames have no prefix.
 */
const FRAME_REF = /^f([1-9][0-9]{0,9})(e[1-9][0-9]{0,8})$/;

/** Which frame an action runs in, and its params with the frame's own refs. */
export function frameOf(params: Record<string, unknown>): { frameId: number; params: Record<string, unknown> } {
  const ref = typeof params.ref === 'string' ? FRAME_REF.exec(params.ref) : null;
  const to = typeof params.to_ref === 'string' ? FRAME_REF.exec(params.to_ref) : null;
  const frameId = ref === null ? 0 : Number(ref[1]);
  const toFrame = to === null ? (typeof params.to_ref === 'string' ? 0 : frameId) : Number(to[1]);
  if (toFrame !== frameId) {
    throw new CommandFailure('invalid_params', 'drag moves an element within one frame: ref and to_ref are in different frames');
  }
  if (frameId === 0) return { frameId, params };
  return {
    frameId,
    params: { ...params, ref: (ref as RegExpExecArray)[2], ...(to === null ? {} : { to_ref: to[2] }) },
  };
}

/** A cross-origin iframe the top snapshot could not enter: its ref and where it points. */
export interface FramePlaceholder {
  readonly ref: string;
  readonly src: string;
}

/** One frame's own snapshot, as `executeScript` with `allFrames` returns it. */
export interface FrameSnapshot {
  readonly frameId: number;
  readonly url: string;
  readonly snapshot: string;
  /** The cross-origin frames inside it. */
  readonly frames?: readonly FramePlaceholder[];
}

const origin = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/**
 * Puts each cross-origin frame's snapshot under its iframe's line, indented, with its refs
 * prefixed by its frame id. A frame is matched by its url (the iframe's src), else by origin, in
 * order; frames inside those are filled the same way. A frame with no snapshot (not scriptable)
 * keeps its one line.
 */
export function spliceFrames(text: string, placeholders: readonly FramePlaceholder[], frames: readonly FrameSnapshot[]): string {
  const unused = [...frames];
  const take = (src: string): FrameSnapshot | undefined => {
    let at = unused.findIndex((frame) => frame.url === src);
    if (at === -1) at = unused.findIndex((frame) => origin(frame.url) === origin(src));
    return at === -1 ? undefined : unused.splice(at, 1)[0];
  };
  const fill = (snapshot: string, inside: readonly FramePlaceholder[], prefix: string): string => {
    let lines = snapshot.split('\n');
    for (const placeholder of inside) {
      const at = lines.findIndex((line) => line.endsWith(`[ref=${prefix}${placeholder.ref}]`));
      const frame = at === -1 ? undefined : take(placeholder.src);
      if (frame === undefined || frame.snapshot === '') continue;
      const indent = `${(/^ */.exec(lines[at] as string) as RegExpExecArray)[0]}  `;
      const own = `f${frame.frameId}`;
      const body = fill(frame.snapshot.replaceAll('[ref=e', `[ref=${own}e`), frame.frames ?? [], own)
        .split('\n')
        .map((line) => indent + line);
      lines = [...lines.slice(0, at), `${lines[at] as string}:`, ...body, ...lines.slice(at + 1)];
    }
    return lines.join('\n');
  };
  return fill(text, placeholders, '');
}
