import { type ActionEntry, KIND } from '../wire/entries.js';
import { REDACTED_VALUE } from '../wire/recording.js';
import { utf8Length, utf8Prefix } from '../text/utf8.js';
import { errorNeedle } from './errorNeedle.js';
import { answeredOverNetwork, parseUrl, requestKey, type Reproduction, type ReproStep } from './reproduction.js';
import { commentText } from './tsLiteral.js';

/** Largest `format:"steps"` answer, in UTF-8 bytes (docs/mcp-tools.md). */
export const MAX_STEPS_BYTES = 2_000;

/**
 * Numbered plain steps for a bug report (docs/mcp-tools.md): what the person did, each target as a person
 * would name it (role and name), what went wrong. Within `MAX_STEPS_BYTES`: texts shorten first,
 * then steps in the middle are left out and counted. Pure.
 */
export function reproductionSteps(repro: Reproduction): string {
  for (const cap of [80, 40, 20]) {
    const text = render(repro, cap, 0);
    if (utf8Length(text) <= MAX_STEPS_BYTES) return text;
  }
  for (let left = 1; left < repro.steps.length; left++) {
    const text = render(repro, 20, left);
    if (utf8Length(text) <= MAX_STEPS_BYTES) return text;
  }
  return utf8Prefix(render(repro, 20, Math.max(0, repro.steps.length - 2)), MAX_STEPS_BYTES);
}

/** The steps with texts cut to `cap` characters and `leftOut` steps before the last ones replaced by a count. */
function render(repro: Reproduction, cap: number, leftOut: number): string {
  const first = repro.steps[0] as ReproStep;
  const last = repro.steps[repro.steps.length - 1] as ReproStep;
  const appOrigin = parseUrl(first.action.url)?.origin;
  const lines = [
    `Steps to reproduce (actions ${first.id} to ${last.id}${repro.tabId === undefined ? '' : `, tab ${repro.tabId}`}):`,
  ];
  const opening = first.action.type === KIND.navigate && first.action.navigation === 'load';
  const said = [`Open ${text(first.action.url, cap * 2)}`];
  repro.steps.forEach((step, i) => {
    if (i === 0 && opening) return;
    said.push(sentence(step, cap, appOrigin));
  });
  // Keep the opening and the last steps (the ones that led to the error).
  said.forEach((line, i) => {
    if (leftOut === 0 || i === 0 || i > leftOut) lines.push(`${i + 1}. ${line}`);
    else if (i === 1) lines.push(`… ${leftOut} more step${leftOut === 1 ? '' : 's'} …`);
  });
  const problems = [
    // What Playwright would look for, or (when that cannot be told) the message as recorded.
    ...distinct(repro.errors.map((error) => errorNeedle(error) || error.message)).map((said) => text(said, cap * 2)),
    ...distinct(
      repro.failed.map((request) => `${requestKey(request, appOrigin)} → ${request.status > 0 ? request.status : 'failed'}`),
    ).map((key) => text(key, cap * 2)),
  ].slice(0, 5);
  if (repro.expect === 'errors') lines.push(`Actual: ${problems.length === 0 ? 'the errors recorded' : problems.join('; ')}`);
  lines.push('Expected: no console error, no uncaught exception, no failed request.');
  return `${lines.join('\n')}\n`;
}

function sentence(step: ReproStep, cap: number, appOrigin: string | undefined): string {
  const { action } = step;
  const on = target(action, cap);
  const answers = step.responses
    .filter((response) => response.status > 0 && answeredOverNetwork(response.url))
    .slice(0, 3)
    .map((response) => `${requestKey(response, appOrigin)} ${response.status}`);
  const after = answers.length === 0 ? '' : ` (${answers.map((answer) => text(answer, cap)).join(', ')})`;
  const by = action.by === 'agent' ? ' [agent]' : '';
  return `${describe(action, on, cap)}${after}${by}`;
}

function describe(action: ActionEntry, on: string, cap: number): string {
  switch (action.type) {
    case KIND.click:
      return `Click ${on}`;
    case KIND.dblclick:
      return `Double-click ${on}`;
    case KIND.fill:
      return action.value === REDACTED_VALUE
        ? `Type ${text(action.value_name ?? 'a private value', cap)} (not recorded) into ${on}`
        : `Type "${text(action.value ?? '', cap)}" into ${on}`;
    case KIND.press:
      return `Press ${text(action.key ?? 'a key', 30)}${on === 'the page' ? '' : ` in ${on}`}`;
    case KIND.select:
      return `Choose "${text((action.values ?? [action.value ?? '']).join('", "'), cap)}" in ${on}`;
    case KIND.check:
      return `Check ${on}`;
    case KIND.uncheck:
      return `Uncheck ${on}`;
    case KIND.submit:
      return `Submit ${on}`;
    case KIND.upload: {
      const files = (action.files ?? []).map((file) => `${file.name} (${file.size} bytes)`).join(', ');
      return `Pick ${text(files === '' ? 'no file' : files, cap * 2)} in ${on}`;
    }
    case KIND.drag:
      if (action.moves !== undefined && action.moves.length > 0) {
        const [dx, dy] = action.moves[action.moves.length - 1] ?? [0, 0];
        const onto = action.to_locator ?? action.to_selector;
        const by = `${Math.round(dx)}, ${Math.round(dy)} px`;
        return onto === undefined
          ? `Drag ${on} by the pointer, ${by}`
          : `Drag ${on} by the pointer onto ${text(onto, cap)} (${by})`;
      }
      return `Drag ${on} onto ${text(action.to_locator ?? action.to_selector ?? 'the drop target', cap)}`;
    case KIND.scroll:
      return `Scroll ${on === 'the page' ? 'the page' : on} to ${Math.round(action.x ?? 0)}, ${Math.round(action.y ?? 0)}`;
    case KIND.navigate:
      switch (action.navigation) {
        case 'reload':
          return 'Reload the page';
        case 'back_forward':
        case 'pop':
          return `Go back or forward to ${text(action.url, cap * 2)}`;
        case 'load':
          return `Open ${text(action.url, cap * 2)}`;
        default:
          return `(the page moves to ${text(action.url, cap * 2)})`;
      }
    default:
      return text(String(action.type), 20);
  }
}

/** The element as a person names it: role and name, else the locator or selector. */
function target(action: ActionEntry, cap: number): string {
  if (action.name !== undefined && action.name !== '') {
    return `${action.role === undefined ? 'the element' : text(action.role, 20)} "${text(action.name, cap)}"`;
  }
  const named = action.locator ?? action.selector;
  if (named === undefined && action.renamed === true) return 'an element the page renamed as it was pressed';
  return named === undefined ? 'the page' : text(named, cap);
}

/**
 * Text from a page, as plain text wherever the steps are pasted: one line of at most `cap`
 * characters, and each character that starts markdown or HTML in an issue tracker (an image
 * `![…](…)`, a link, `<img>`, an entity, emphasis, code, a mention, math, Jira's `!image!`)
 * escaped with a backslash: markdown then shows it as the page had it, and renders nothing.
 */
function text(value: string, cap: number): string {
  return commentText(value, cap).replace(MARKUP, '\\$&');
}

/**
 * The ASCII punctuation that means something mid-line in markdown (CommonMark and GitHub's), HTML
 * or Jira. Not `#`: it starts a heading only at a line's start, where page text never is (a `#12`
 * mid-line is an issue reference, a link to the tracker's own page), and CSS ids are full of it.
 */
const MARKUP = /[\\`*_[\]<>&@~|$!]/g;

function distinct(items: readonly string[]): string[] {
  return [...new Set(items)];
}
