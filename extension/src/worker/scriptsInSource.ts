import type { SourcePosition } from './SourceMaps.js';

/** Scripts of one page message put in source, at most (the page is untrusted). */
export const MAX_SCRIPTS_MAPPED = 50;

export type Locate = (scriptUrl: string, char: number) => Promise<SourcePosition | undefined>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The script objects of a batch: INP's (`vitals[].attribution.scripts`) and the long frames' (`performance[].frames[].scripts`). */
function scriptsOf(batch: Record<string, unknown>): Array<{ script: Record<string, unknown>; page: unknown }> {
  const found: Array<{ script: Record<string, unknown>; page: unknown }> = [];
  const take = (scripts: unknown, page: unknown) => {
    if (!Array.isArray(scripts)) return;
    for (const script of scripts.slice(0, 10)) if (isObject(script)) found.push({ script, page });
  };
  for (const vital of Array.isArray(batch.vitals) ? batch.vitals.slice(0, 500) : []) {
    if (isObject(vital) && isObject(vital.attribution)) take(vital.attribution.scripts, vital.url);
  }
  for (const record of Array.isArray(batch.performance) ? batch.performance.slice(0, 20) : []) {
    if (!isObject(record) || !Array.isArray(record.frames)) continue;
    for (const frame of record.frames.slice(0, 10)) if (isObject(frame)) take(frame.scripts, record.url);
  }
  return found;
}

/**
 * Scripts named in source (docs/mcp-tools.md): each script of a long animation frame that a page reported
 * (its url and `char`, the function's offset in it) gets `at: "src/slow.ts:4:17"` and, when the
 * map names it, `function`, through the same source maps as stacks (only scripts the frame loaded
 * are read). `at` and `function` are the extension's word: whatever the page put there goes first.
 * A script of the document itself (an inline one: its offset is not the document's) stays as it is.
 */
export async function scriptsInSource(batch: unknown, locate: Locate): Promise<void> {
  if (!isObject(batch)) return;
  const scripts = scriptsOf(batch);
  for (const { script } of scripts) {
    delete script.at;
    delete script.function;
  }
  await Promise.all(
    scripts.slice(0, MAX_SCRIPTS_MAPPED).map(async ({ script, page }) => {
      const { url, char } = script;
      if (typeof url !== 'string' || !/^https?:/i.test(url) || typeof char !== 'number' || url === page) return;
      const position = await locate(url, char);
      if (position === undefined) return;
      script.at = `${position.file}:${position.line}:${position.column}`;
      if (position.name !== undefined) script.function = position.name;
    }),
  );
}
