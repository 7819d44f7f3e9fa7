import { isSourcePath } from '../../../src/domain/capture/sourcePath.js';
import {
  CHAIN_REASONS,
  type ChainComponent,
  type ComponentChain,
  type Framework,
  FRAMEWORKS,
  MAX_COMPONENTS,
} from '../shared/components.js';
import type { SourcePosition } from './SourceMaps.js';

/** Largest JSON of one component's props passed on (characters); past it the props are left out. */
export const MAX_PROPS_CHARS = 1_000;
/** Largest line or column passed on. */
const MAX_POSITION = 10_000_000;
/** A component's or selector's name, as the page-side reader makes them (component/pageData.ts). */
const NAME = /^[\p{L}\p{N}\p{M}_$.\-:()[\]<>@]{1,120}$/u;
const REASONS: ReadonlySet<string> = new Set(Object.values(CHAIN_REASONS));

/** The original position of a 1-based position in a served script the page loaded (SourceMaps.position, bound to the tab and frame). */
export type MapPosition = (url: string, line: number, column: number) => Promise<SourcePosition | undefined>;

/**
 * The component chain as the pick keeps it (docs/extension.md, "The component chain"), from what
 * the page answered (`componentChain`, untrusted: checked here as any page text is). A position
 * in served code (`url`, React 19's owner stacks) is mapped through the page's source maps as a
 * stack frame is and dropped when it maps to nothing, never kept as a guess (the reason then
 * says so). Every `file` is a path (`isSourcePath`) made relative to the page's origin as a stack
 * frame's `at` is, without its query (`src/components/Card.tsx`). At most MAX_COMPONENTS
 * components; names, selectors and reasons the reader would not give are dropped; props whose
 * JSON passes MAX_PROPS_CHARS are left out.
 */
export async function componentsInSource(answer: unknown, pageUrl: string, map: MapPosition): Promise<ComponentChain> {
  if (!isRecord(answer) || !Array.isArray(answer.components)) return { components: [], reason: CHAIN_REASONS.failed };
  const given = typeof answer.reason === 'string' && REASONS.has(answer.reason) ? answer.reason : undefined;
  const read = answer.components.slice(0, MAX_COMPONENTS).filter(isRecord);
  let unmapped = false;
  const components = await Promise.all(
    read.map(async (raw): Promise<ChainComponent | undefined> => {
      const framework = FRAMEWORKS.find((known) => known === raw.framework) as Framework | undefined;
      if (framework === undefined) return undefined;
      const { position, lost } = await positionOf(raw, pageUrl, map);
      unmapped ||= lost;
      const selector = typeof raw.selector === 'string' && NAME.test(raw.selector) ? raw.selector : undefined;
      const props = propsOf(raw.props);
      return {
        name: typeof raw.name === 'string' && NAME.test(raw.name) ? raw.name : 'Anonymous',
        framework,
        ...(selector === undefined ? {} : { selector }),
        ...position,
        ...(props === undefined ? {} : { props }),
      };
    }),
  );
  const kept = components.filter((component): component is ChainComponent => component !== undefined);
  const reason = given ?? (unmapped ? CHAIN_REASONS.unmapped : undefined);
  return reason === undefined ? { components: kept } : { components: kept, reason };
}

type Position = Pick<ChainComponent, 'file' | 'line' | 'column'>;

/** The component's source position: mapped from served code, or the file the framework named; `lost` when a served one mapped to nothing. */
async function positionOf(
  raw: Record<string, unknown>,
  pageUrl: string,
  map: MapPosition,
): Promise<{ position: Position; lost: boolean }> {
  const line = whole(raw.line);
  const column = whole(raw.column);
  if (raw.url !== undefined) {
    if (typeof raw.url !== 'string' || !/^https?:\/\//i.test(raw.url) || !isSourcePath(raw.url) || line === undefined) {
      return { position: {}, lost: true };
    }
    let original: SourcePosition | undefined;
    try {
      original = await map(raw.url, line, column ?? 1);
    } catch {
      original = undefined;
    }
    if (original === undefined) return { position: {}, lost: true };
    return { position: { file: relative(original.file, pageUrl), line: original.line, column: original.column }, lost: false };
  }
  if (typeof raw.file !== 'string' || !isSourcePath(raw.file)) return { position: {}, lost: false };
  return {
    position: {
      file: relative(raw.file, pageUrl),
      ...(line === undefined ? {} : { line }),
      ...(line === undefined || column === undefined ? {} : { column }),
    },
    lost: false,
  };
}

function whole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_POSITION ? value : undefined;
}

/** `src/Card.tsx` for `http://127.0.0.1:5173/src/Card.tsx?t=1` on a page of that origin; any other path as it is. */
export function relative(file: string, pageUrl: string): string {
  const origin = originOf(pageUrl);
  if (origin === undefined || !file.startsWith(`${origin}/`)) return file;
  const path = file.slice(origin.length + 1);
  const end = path.search(/[?#]/);
  const clean = end === -1 ? path : path.slice(0, end);
  return clean === '' ? file : clean;
}

function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin.startsWith('http') ? origin : undefined;
  } catch {
    return undefined;
  }
}

function propsOf(props: unknown): Record<string, unknown> | undefined {
  if (!isRecord(props)) return undefined;
  let json: string;
  try {
    json = JSON.stringify(props);
  } catch {
    return undefined;
  }
  return json.length <= MAX_PROPS_CHARS ? (JSON.parse(json) as Record<string, unknown>) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
