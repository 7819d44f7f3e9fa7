import { ActionFailure } from '../ActionFailure.js';
import { cut, describe, TEXT_CHARS } from '../describe.js';
import { type Elements, requiredSelector } from '../Elements.js';
import type { FamilyHandlers, Params } from '../PageHandler.js';
import type { RefRegistry } from '../refs.js';
import { snapshot } from '../snapshot.js';

/**
 * Looking at the page (the action table's reading family): the accessibility snapshot with refs,
 * waiting for and querying elements, highlighting them, axe-core's audit. The worker adds a
 * snapshot's cross-origin frames and loads axe-core (worker/actions/reading.ts).
 */
export const READING: FamilyHandlers<'reading'> = {
  snapshot: {
    finds: 'one_or_none',
    act: (target, params, page) => takeSnapshot(target ?? page.elements.root.documentElement, params, page.elements.refs),
  },
  wait_for: {
    finds: 'nothing',
    act: (_target, params, page) => waitFor(page.elements, requiredSelector(selectorOf(params)), page.budgetMs),
  },
  query_dom: {
    finds: 'nothing',
    act: (_target, params, page) =>
      queryDom(page.elements, requiredSelector(selectorOf(params)), typeof params.limit === 'number' ? params.limit : 20),
  },
  highlight: {
    finds: 'nothing',
    act: (_target, params, page) => highlight(page.elements, requiredSelector(selectorOf(params)), page.appearMs),
  },
  audit: {
    finds: 'one_or_none',
    act: (target, params, page) => audit(page.elements, target ?? page.elements.root, params.rules),
  },
};

const selectorOf = (params: Params) => (typeof params.selector === 'string' ? params.selector : undefined);

/** Nodes shown below the start, at most (`max_depth`). */
const DEFAULT_DEPTH = 40;

function takeSnapshot(start: Element, params: Params, refs: RefRegistry): unknown {
  const depth = typeof params.max_depth === 'number' ? Math.max(1, Math.floor(params.max_depth)) : DEFAULT_DEPTH;
  const taken = snapshot(start, refs, depth);
  return {
    url: location.href,
    title: document.title,
    snapshot: taken.text,
    ...(taken.frames.length > 0 ? { frames: taken.frames } : {}),
    ...(taken.truncated
      ? { truncated: true, hint: 'The page is larger than one snapshot shows: pass ref or selector (a subtree) or max_depth' }
      : {}),
  };
}

async function waitFor(elements: Elements, selector: string, budgetMs: number): Promise<unknown> {
  const started = performance.now();
  elements.queryAll(selector); // a bad selector fails now, not at the deadline
  const found = await elements.appear(selector, budgetMs, true);
  if (found === undefined) {
    const present = elements.queryAll(selector).length;
    const why = present > 0 ? `${present} element(s) match but none is visible` : 'nothing matches';
    throw new ActionFailure('wait_for_timeout', `"${selector}" did not become visible within ${budgetMs} ms (${why})`, true);
  }
  return { found: describe(found), waited_ms: Math.round(performance.now() - started) };
}

function queryDom(elements: Elements, selector: string, limit: number): unknown {
  const all = elements.queryAll(selector);
  const max = Math.max(1, Math.min(100, Math.floor(limit)));
  return { count: all.length, elements: all.slice(0, max).map(describe), ...(all.length > max ? { has_more: true } : {}) };
}

async function highlight(elements: Elements, selector: string, waitMs: number): Promise<unknown> {
  await elements.appear(selector, waitMs, false);
  const all = elements.queryAll(selector);
  if (all.length === 0) throw elements.notFound(selector, waitMs);
  all[0]?.scrollIntoView({ block: 'center', inline: 'nearest' });
  for (const element of all.slice(0, 20)) {
    const box = element.getBoundingClientRect();
    const overlay = document.createElement('div');
    overlay.setAttribute('data-browsertap-highlight', '');
    Object.assign(overlay.style, {
      position: 'fixed',
      left: `${box.x - 2}px`,
      top: `${box.y - 2}px`,
      width: `${box.width + 4}px`,
      height: `${box.height + 4}px`,
      outline: '3px solid #ff3d7f',
      background: 'rgba(255, 61, 127, 0.12)',
      pointerEvents: 'none',
      zIndex: '2147483647',
    });
    document.documentElement.append(overlay);
    setTimeout(() => overlay.remove(), 3_000);
  }
  return { highlighted: Math.min(all.length, 20), count: all.length, first: describe(all[0] as Element) };
}

/** Elements listed per violation (docs/extension.md: up to 5, with ref and selector). */
const AUDIT_NODES = 5;

interface AxeResult {
  violations: Array<{
    id: string;
    impact?: string | null;
    help: string;
    helpUrl?: string;
    nodes: Array<{ target: unknown[] }>;
  }>;
}

/**
 * docs/extension.md audits: axe-core (injected as axe.js into this world just before) over the page or the
 * element, every rule or `rules`; each violation with up to 5 of its elements, by ref (when the
 * element is in this document) and selector.
 */
async function audit(elements: Elements, context: Element | Document, rules: unknown): Promise<unknown> {
  const axe = (globalThis as { axe?: { run(context: unknown, options: object): Promise<AxeResult> } }).axe;
  if (axe === undefined) throw new ActionFailure('axe_missing', 'axe-core is not loaded in this page');
  const only = Array.isArray(rules) && rules.length > 0 ? { runOnly: { type: 'rule', values: rules } } : {};
  const results = await axe.run(context, { resultTypes: ['violations'], ...only });
  return {
    url: location.href,
    violations: results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      count: violation.nodes.length,
      nodes: violation.nodes.slice(0, AUDIT_NODES).map((node) => {
        const path = node.target.map(String);
        let element: Element | null = null;
        if (path.length === 1) {
          try {
            element = elements.root.querySelector(path[0] as string);
          } catch {
            // a selector axe made that this document does not take
          }
        }
        return {
          selector: cut(path.join(' >>> '), TEXT_CHARS),
          ...(element === null ? {} : { ref: elements.refs.refFor(element) }),
        };
      }),
    })),
  };
}
