import type { LogSource } from '../../src/domain/wire/entries.js';

/** One way a page goes wrong: what the capture recorded of it, and what Playwright reports. */
export interface ErrorWords {
  readonly kind: string;
  /** Runs in the page, in a task of its own. */
  readonly code: string;
  /** The capture's entry: its source, its message's first line, its console arguments (an Error's without `stack`). */
  readonly recorded: { readonly source: LogSource; readonly message: string; readonly args?: readonly unknown[] };
  /** Playwright's words, first line: `pageerror`'s `error.message`, or the `console` event's `text()`. */
  readonly playwright: { readonly event: 'pageerror' | 'console'; readonly text: string };
  /** What a generated test looks for ('' when Playwright's words cannot be told from the record). */
  readonly needle: string;
}

/**
 * Measured in Chromium with the extension and Playwright 1.65 (test/e2e/errorNeedle.e2e.test.ts
 * checks every row again): how each class of error reads in the capture and in Playwright.
 */
export const ERROR_WORDS: readonly ErrorWords[] = [
  row('plain Error', "throw new Error('save failed')", 'exception', 'Uncaught Error: save failed', 'save failed'),
  row(
    'Error with a colon',
    "throw new Error('bad input: name')",
    'exception',
    'Uncaught Error: bad input: name',
    'bad input: name',
  ),
  row(
    'TypeError from the engine',
    'null.foo',
    'exception',
    "Uncaught TypeError: Cannot read properties of null (reading 'foo')",
    "Cannot read properties of null (reading 'foo')",
  ),
  row('RangeError', "throw new RangeError('too far')", 'exception', 'Uncaught RangeError: too far', 'too far'),
  row(
    'DOMException',
    "document.querySelector('!!!')",
    'exception',
    "Uncaught SyntaxError: Failed to execute 'querySelector' on 'Document': '!!!' is not a valid selector.",
    "Failed to execute 'querySelector' on 'Document': '!!!' is not a valid selector.",
  ),
  row(
    'subclass naming itself',
    "class ValidationFailure extends Error { constructor(m) { super(m); this.name = 'ValidationFailure'; } } throw new ValidationFailure('no email')",
    'exception',
    'Uncaught ValidationFailure: no email',
    'no email',
  ),
  row(
    'subclass with a name field',
    "class Boom extends Error { name = 'Boom' } throw new Boom('went off')",
    'exception',
    'Uncaught Boom: went off',
    'went off',
  ),
  row(
    'subclass without a name',
    "class Quiet extends Error {} throw new Quiet('hushed')",
    'exception',
    'Uncaught Error: hushed',
    'hushed',
  ),
  row(
    'message of two lines',
    "throw new Error('first line\\nsecond line')",
    'exception',
    'Uncaught Error: first line',
    'first line',
    'first line',
  ),
  row('empty message', "throw new Error('')", 'exception', 'Uncaught Error', 'Error'),
  row('thrown string', "throw 'plain words'", 'exception', 'Uncaught plain words', 'plain words'),
  row('thrown string with a colon', "throw 'key: value'", 'exception', 'Uncaught key: value', 'value'),
  row('thrown number', 'throw 42', 'exception', 'Uncaught 42', '42'),
  row('thrown null', 'throw null', 'exception', 'Uncaught null', 'null'),
  row('thrown object', "throw { code: 'E_OBJ' }", 'exception', 'Uncaught [object Object]', 'Object', ''),
  row(
    'rejected Error',
    "Promise.reject(new Error('request failed'))",
    'unhandledrejection',
    'Uncaught (in promise) Error: request failed',
    'request failed',
  ),
  row(
    'rejected TypeError',
    "Promise.reject(new TypeError('not a function'))",
    'unhandledrejection',
    'Uncaught (in promise) TypeError: not a function',
    'not a function',
  ),
  row(
    'rejected subclass',
    "class HttpError extends Error { constructor(m) { super(m); this.name = 'HttpError'; } } Promise.reject(new HttpError('status 503'))",
    'unhandledrejection',
    'Uncaught (in promise) HttpError: status 503',
    'status 503',
  ),
  row('rejected string', "Promise.reject('timed out')", 'unhandledrejection', 'Uncaught (in promise) timed out', 'timed out'),
  row('rejected number', 'Promise.reject(17)', 'unhandledrejection', 'Uncaught (in promise) 17', '17'),
  row(
    'rejected object',
    "Promise.reject({ code: 'E_REJ' })",
    'unhandledrejection',
    'Uncaught (in promise) {"code":"E_REJ"}',
    'Object',
    '',
  ),
  logged('console.error of a string', "console.error('cart is empty')", 'cart is empty', ['cart is empty'], 'cart is empty'),
  logged(
    'console.error with an object',
    "console.error('bad item', { sku: 'A1', qty: 0 })",
    "bad item {sku: 'A1', qty: 0}",
    ['bad item', { sku: 'A1', qty: 0 }],
    'bad item {sku: A1, qty: 0}',
    'bad item',
  ),
  logged(
    'console.error with directives',
    "console.error('failed %s after %d tries', 'sync', 3)",
    'failed sync after 3 tries',
    ['failed %s after %d tries', 'sync', 3],
    'failed %s after %d tries sync 3',
  ),
  logged(
    'console.error of an Error',
    "console.error(new Error('logged error'))",
    'Error: logged error',
    [{ name: 'Error', message: 'logged error' }],
    'Error: logged error',
    'logged error',
  ),
  logged(
    'console.error of words and an Error',
    "console.error('load failed:', new TypeError('no body'))",
    'load failed: TypeError: no body',
    ['load failed:', { name: 'TypeError', message: 'no body' }],
    'load failed: TypeError: no body',
    'load failed:',
  ),
  logged('console.error of a number', 'console.error(404)', '404', [404], '404'),
  logged('console.error of an object', "console.error({ id: 'x' })", "{id: 'x'}", [{ id: 'x' }], '{id: x}', ''),
  logged(
    'console.error of two strings',
    "console.error('no user', 'in session')",
    'no user in session',
    ['no user', 'in session'],
    'no user in session',
  ),
];

function row(
  kind: string,
  code: string,
  source: 'exception' | 'unhandledrejection',
  message: string,
  playwright: string,
  needle = playwright,
): ErrorWords {
  return { kind, code, recorded: { source, message }, playwright: { event: 'pageerror', text: playwright }, needle };
}

function logged(
  kind: string,
  code: string,
  message: string,
  args: readonly unknown[],
  playwright: string,
  needle = playwright,
): ErrorWords {
  return {
    kind,
    code,
    recorded: { source: 'console', message, args },
    playwright: { event: 'console', text: playwright },
    needle,
  };
}
