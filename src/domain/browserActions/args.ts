/**
 * The arguments of browser actions as small descriptors (pure data): each inbound adapter turns
 * them into its own validator once (the MCP adapter into zod schemas), so an argument's bounds
 * are said in one place. `hint` is the few words `tools/list` shows beside the argument.
 */
export type Arg =
  | {
      readonly kind: 'string';
      readonly min?: number;
      readonly max?: number;
      /** A linear-time pattern the whole value must match, with the sentence said when it does not. */
      readonly pattern?: { readonly regex: RegExp; readonly message: string };
      readonly hint?: string;
    }
  /** An http(s), file or about: url of at most `max` characters. */
  | { readonly kind: 'url'; readonly max: number; readonly hint?: string }
  | { readonly kind: 'integer'; readonly min?: number; readonly max?: number; readonly hint?: string }
  | { readonly kind: 'boolean'; readonly hint?: string }
  | { readonly kind: 'enum'; readonly values: readonly string[]; readonly hint?: string }
  | { readonly kind: 'list'; readonly of: Arg; readonly min: number; readonly max: number; readonly hint?: string }
  /** `upload`'s files: `[{name, mime_type?, content_base64}]`, `maxBytes` decoded in all. */
  | {
      readonly kind: 'files';
      readonly maxFiles: number;
      readonly maxBytes: number;
      /** Characters of a file's name, and of its MIME type, at most. */
      readonly maxName: number;
      readonly maxType: number;
      readonly hint?: string;
    }
  /** Text by action id (`{a12: "…"}`). */
  | { readonly kind: 'values'; readonly key: Arg; readonly maxText: number; readonly maxEntries: number; readonly hint?: string }
  /** A pointer's path, `[[dx, dy], …]` in CSS pixels. */
  | { readonly kind: 'moves'; readonly min: number; readonly max: number; readonly hint?: string };

/** An argument of one action: its descriptor, and whether the action needs it. */
export interface ArgSpec {
  readonly arg: Arg;
  readonly required: boolean;
  /** Only a replay's steps pass it (`interact` does not take it). */
  readonly replayOnly?: boolean;
}

export const required = (arg: Arg): ArgSpec => ({ arg, required: true });
export const optional = (arg: Arg): ArgSpec => ({ arg, required: false });
export const replayOnly = (arg: Arg): ArgSpec => ({ arg, required: false, replayOnly: true });

/** `arg` with no hint of its own (the same argument under another name, shown bare). */
export function unhinted(arg: Arg): Arg {
  const { hint: _hint, ...rest } = arg;
  return rest as Arg;
}

/** The JSON type `tools/list` shows for an argument. */
export function jsonType(arg: Arg): 'string' | 'integer' | 'boolean' | 'array' | 'object' {
  switch (arg.kind) {
    case 'string':
    case 'url':
    case 'enum':
      return 'string';
    case 'integer':
    case 'boolean':
      return arg.kind;
    case 'list':
    case 'files':
    case 'moves':
      return 'array';
    case 'values':
      return 'object';
  }
}

/** The schemes a url argument takes (and a replay loads). */
export const LOADABLE_URL = /^(https?:\/\/|file:\/\/|about:)/i;

export const CSS_SELECTOR: Arg = { kind: 'string', min: 1, max: 1_000, hint: 'CSS, text=Save, role=button[name="Save"]' };
export const PAGE_URL: Arg = { kind: 'url', max: 2_048 };
/** A ref from the tab's snapshots (docs/mcp-tools.md): `e12`, or `f7e12` in a cross-origin frame. */
export const REF: Arg = {
  kind: 'string',
  pattern: {
    regex: /^(?:f[1-9][0-9]{0,9})?e[1-9][0-9]{0,8}$/,
    message: 'a ref from snapshot looks like e12 (or f7e12 in a frame)',
  },
  hint: 'e12, from snapshot',
};
/** An action id from `observe {what:"actions"}` (the range checks it names an action). */
export const ACTION_ID: Arg = { kind: 'string', min: 2, max: 20 };

/** Which element: a ref, or a selector with `nth` among several visible matches (0-based); `frame` is a same-origin iframe. */
export const TARGET = {
  ref: optional(REF),
  selector: optional(CSS_SELECTOR),
  nth: optional({ kind: 'integer', min: 0, max: 10_000 }),
  frame: optional({ ...CSS_SELECTOR, hint: 'iframe selector' }),
} as const;

/** How long an action that changes the page waits for it to settle unless `settle_ms` says otherwise (docs/mcp-tools.md). */
export const DEFAULT_SETTLE_MS = 2_000;

/** How long an action that changes the page waits for it to settle (docs/mcp-tools.md; 0 skips it). */
export const SETTLE = {
  settle_ms: optional({ kind: 'integer', min: 0, max: 10_000, hint: `default ${DEFAULT_SETTLE_MS}` }),
} as const;
