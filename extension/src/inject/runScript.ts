import { utf8Length } from '../../../src/domain/text/utf8.js';
import { MAX_RESULT_BYTES, type PageOutcome, SLOT } from '../shared/commands.js';
import { BUS } from '../shared/protocol.js';
import { capString, RESULT_LIMITS, toJsonSafe } from '../page/serialize.js';

type AsyncFunctionConstructor = new (body: string) => () => Promise<unknown>;

/**
 * execute_js, in the page's MAIN world: `script` is the body of an async function; its return
 * value comes back JSON-safe (`{success:true, data}`), cut to 90 KB of JSON with `truncated: true`
 * when larger. A throw comes back with the page's own name, message and stack.
 */
export async function runScript(script: string): Promise<PageOutcome> {
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as AsyncFunctionConstructor;
  let body: () => Promise<unknown>;
  try {
    body = new AsyncFunction(script);
  } catch (error) {
    // The CSP violation this raises is reported to the page later: it is ours, not the page's.
    if (!(error instanceof SyntaxError)) document.dispatchEvent(new CustomEvent(BUS.ownEval));
    return compileFailure(error);
  }
  let value: unknown;
  try {
    value = await body();
  } catch (error) {
    return { ok: false, code: 'script_error', ...describeError(error) };
  }
  const data = toJsonSafe(value, RESULT_LIMITS) ?? null;
  const json = JSON.stringify(data);
  const bytes = utf8Length(json);
  if (bytes <= MAX_RESULT_BYTES) return { ok: true, data };
  return {
    ok: true,
    data: {
      truncated: true,
      bytes,
      preview: json.slice(0, 2_000),
      message: `The return value is ${bytes} bytes of JSON, over the ${MAX_RESULT_BYTES}-byte limit of a result; return less (pick fields, slice arrays).`,
    },
  };
}

function compileFailure(error: unknown): PageOutcome {
  const described = describeError(error);
  if (error instanceof SyntaxError) return { ok: false, code: 'script_syntax_error', ...described };
  // EvalError (or a Trusted Types TypeError): the page's CSP forbids compiling strings.
  return {
    ok: false,
    code: 'csp_blocks_eval',
    ...described,
    message:
      `This page's Content-Security-Policy does not allow 'unsafe-eval', so execute_js cannot run here (${described.message}). ` +
      'Use query_dom, click, type or select instead, or allow unsafe-eval in the development server.',
  };
}

function describeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return {
      name: error.name,
      message: capString(String(error.message), 4_096),
      ...(error.stack ? { stack: capString(error.stack, 4_096) } : {}),
    };
  }
  return {
    name: 'Thrown',
    message: capString(typeof error === 'string' ? error : (JSON.stringify(toJsonSafe(error)) ?? String(error)), 4_096),
  };
}

const global = globalThis as unknown as Record<symbol, unknown>;
if (typeof global[Symbol.for(SLOT.run)] !== 'function') {
  Object.defineProperty(global, Symbol.for(SLOT.run), { value: runScript, enumerable: false });
}
