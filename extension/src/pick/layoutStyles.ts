/**
 * The computed styles a layout or look question is about, most telling first (the compact pick
 * keeps the first ones): box and position, flex and grid, spacing, overflow and stacking, text.
 */
export const LAYOUT_PROPERTIES = [
  'display',
  'position',
  'width',
  'height',
  'margin',
  'padding',
  'box-sizing',
  'top',
  'left',
  'right',
  'bottom',
  'flex-direction',
  'flex-wrap',
  'justify-content',
  'align-items',
  'align-self',
  'justify-self',
  'flex',
  'gap',
  'grid-template-columns',
  'grid-template-rows',
  'grid-area',
  'order',
  'overflow',
  'z-index',
  'transform',
  'float',
  'vertical-align',
  'border-width',
  'border-radius',
  'visibility',
  'opacity',
  'font-size',
  'line-height',
  'font-weight',
  'text-align',
  'white-space',
  'color',
  'background-color',
  'min-width',
  'max-width',
  'min-height',
  'max-height',
] as const;

/** Values that say "nothing set" for most of those properties: left out, so what is listed is what someone chose. */
const QUIET = new Set([
  '',
  'auto',
  'normal',
  'none',
  'static',
  'visible',
  '0px',
  '0',
  '0px 0px',
  '0px 0px 0px 0px',
  'rgba(0, 0, 0, 0)',
  'nowrap',
  'stretch',
  'start',
  'baseline',
  'row',
  '0 1 auto',
  'content-box',
  '1',
]);

/** Properties whose value always says something (shown even when quiet). */
const ALWAYS = new Set(['display', 'position', 'width', 'height', 'font-size', 'color']);

/** The element's layout-relevant computed styles (LAYOUT_PROPERTIES order), those that are set. */
export function layoutStyles(element: Element): Record<string, string> {
  const view = element.ownerDocument.defaultView;
  if (view === null) return {};
  const style = view.getComputedStyle(element);
  const out: Record<string, string> = {};
  for (const property of LAYOUT_PROPERTIES) {
    const value = style.getPropertyValue(property).trim();
    if (ALWAYS.has(property) ? value !== '' : !QUIET.has(value)) out[property] = value.slice(0, 200);
  }
  return out;
}
