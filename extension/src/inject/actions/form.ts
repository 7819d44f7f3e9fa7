import { ActionFailure } from '../ActionFailure.js';
import { brief } from '../describe.js';
import type { FamilyHandlers } from '../PageHandler.js';
import { isA } from '../realm.js';

/**
 * A form's controls as a person uses them, and as Playwright's `selectOption`, `setInputFiles`,
 * `check` and `requestSubmit` do (the action table's form family): an option chosen, a multiple
 * select's options, files given, a checkbox clicked only when its state differs, a form submitted
 * with its validation and submit event.
 */
export const FORM: FamilyHandlers<'form'> = {
  select: {
    finds: 'one',
    act: (target, params, page) => page.record(target, () => select(target as Element, String(params.value ?? ''))),
  },
  select_values: {
    finds: 'one',
    act: (target, params, page) =>
      page.record(target, () => selectValues(required(target), Array.isArray(params.values) ? params.values.map(String) : [])),
  },
  upload: {
    finds: 'one',
    act: (target, params, page) =>
      page.record(
        target,
        () => upload(target as Element, params.files),
        undefined,
        (result) => ({ files: (result as { uploaded: Array<{ name: string; size: number }> }).uploaded }),
      ),
  },
  check: { finds: 'one', act: (target, _params, page) => page.record(target, () => check(required(target), true, page.click)) },
  uncheck: {
    finds: 'one',
    act: (target, _params, page) => page.record(target, () => check(required(target), false, page.click)),
  },
  submit: { finds: 'one', act: (target, _params, page) => page.record(target, () => submit(required(target))) },
};

function required(target: Element | undefined): Element {
  if (target === undefined) throw new ActionFailure('invalid_params', 'selector is required');
  return target;
}

function select(target: Element, value: string): unknown {
  if (!isA(target, 'HTMLSelectElement'))
    throw new ActionFailure('not_a_select', `The element is not a <select>: ${brief(target)}`);
  const element = target as HTMLSelectElement;
  const options = [...element.options];
  const option = options.find((o) => o.value === value) ?? options.find((o) => o.text.trim() === value);
  if (option === undefined) {
    const available = options.slice(0, 20).map((o) => o.value);
    throw new ActionFailure('option_not_found', `No option with value or text "${value}"; options: ${JSON.stringify(available)}`);
  }
  element.value = option.value;
  element.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: { value: option.value, text: option.text.trim() }, element: brief(element) };
}

function selectValues(element: Element, values: readonly string[]): unknown {
  if (element.tagName !== 'SELECT') throw new ActionFailure('not_a_select', `The element is not a <select>: ${brief(element)}`);
  const select = element as HTMLSelectElement;
  const options = [...select.options];
  const missing = values.filter((value) => !options.some((option) => option.value === value));
  if (missing.length > 0) {
    throw new ActionFailure(
      'option_not_found',
      `No option with value ${JSON.stringify(missing.slice(0, 5))} in ${brief(select)}`,
    );
  }
  for (const option of options) option.selected = values.includes(option.value);
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: values.slice(0, 20), element: brief(select) };
}

interface FileParam {
  name: string;
  mime_type?: string;
  content_base64: string;
}

/** Sets an `<input type=file>`'s files as a user picking them would, then fires input and change. */
function upload(target: Element, files: unknown): unknown {
  if (!isA(target, 'HTMLInputElement') || (target as HTMLInputElement).type !== 'file') {
    throw new ActionFailure('not_a_file_input', `upload needs an <input type="file">; this is ${brief(target)}`);
  }
  const input = target as HTMLInputElement;
  if (input.disabled) throw new ActionFailure('element_disabled', `The file input is disabled: ${brief(input)}`);
  const list = files as FileParam[];
  if (list.length > 1 && !input.multiple) {
    throw new ActionFailure(
      'invalid_params',
      `${brief(input)} takes one file (no multiple attribute); ${list.length} were given`,
    );
  }
  const transfer = new DataTransfer();
  for (const file of list) {
    const bytes = Uint8Array.from(atob(file.content_base64), (c) => c.charCodeAt(0));
    transfer.items.add(new File([bytes], file.name, { type: file.mime_type ?? 'application/octet-stream' }));
  }
  input.files = transfer.files;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return { uploaded: [...transfer.files].map((file) => ({ name: file.name, size: file.size })), element: brief(input) };
}

function check(element: Element, want: boolean, click: (element: Element) => unknown): unknown {
  const box = element as HTMLInputElement;
  const native = element.tagName === 'INPUT' && (box.type === 'checkbox' || box.type === 'radio');
  if (!native && element.getAttribute('aria-checked') === null) {
    throw new ActionFailure('not_checkable', `The element is not a checkbox, radio or aria-checked control: ${brief(element)}`);
  }
  const checked = () => (native ? box.checked : element.getAttribute('aria-checked') === 'true');
  if (checked() === want) return { checked: want, clicked: false, element: brief(element) };
  click(element);
  if (checked() !== want) {
    throw new ActionFailure('check_failed', `Clicking ${brief(element)} did not ${want ? 'check' : 'uncheck'} it`);
  }
  return { checked: want, clicked: true, element: brief(element) };
}

/** The element's form (itself, its form owner, or the form around it) submitted as its submit button or Enter would. */
function submit(element: Element): unknown {
  const owner = (element as HTMLInputElement).form;
  const form = element.tagName === 'FORM' ? (element as HTMLFormElement) : (owner ?? element.closest('form'));
  if (form === null) throw new ActionFailure('not_in_a_form', `No form to submit around ${brief(element)}`);
  const submitter =
    element !== form && (element as HTMLButtonElement).type === 'submit' ? (element as HTMLButtonElement) : undefined;
  form.requestSubmit(submitter);
  return { submitted: brief(form) };
}
