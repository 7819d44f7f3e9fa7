import { typicalConsole } from '../../test/support/typicalCapture.js';

/**
 * test/support/typicalCapture.ts's 100 console entries as a real page makes them: a script that
 * calls `console.debug/log/info/warn/error` with the same arguments (objects as objects, the
 * `%c` notice with its style, an Error object), throws the 5 identical uncaught exceptions and
 * leaves the unhandled rejection, one per task, in the mix's order. Both tools of the peer bench
 * load this page and list what it logged.
 */
export function typicalConsoleScript(count = 100): string {
  // One function per call site of the mix (its stack's first frame), as in an app: the same line
  // logs again each round, so its `at` is the same, and identical errors fold as they would.
  const sites = new Map<string, string>();
  const site = (key: string, body: string) => {
    if (!sites.has(key)) sites.set(key, `function site${sites.size}(...args) { ${body} }`);
    return `site${[...sites.keys()].indexOf(key)}`;
  };
  const steps = typicalConsole(count).map((entry) => {
    const message = JSON.stringify(afterName(entry.message));
    if (entry.source === 'exception') return `() => ${site(entry.stack, `throw new TypeError(${message});`)}()`;
    if (entry.source === 'unhandledrejection') return `() => ${site(entry.stack, `Promise.reject(new Error(${message}));`)}()`;
    const args = entry.args.map((arg) =>
      isErrorLike(arg) ? `new ${arg.name}(${JSON.stringify(arg.message)})` : JSON.stringify(arg),
    );
    const caller = site(`${entry.level} ${entry.stack.split('\n')[0]}`, `console.${entry.level}(...args);`);
    return `() => ${caller}(${args.join(', ')})`;
  });
  return [
    ...sites.values(),
    'const steps = [',
    ...steps.map((step) => `  ${step},`),
    '];',
    'let next = 0;',
    // One step per task (a message, not a timer: nested timers are clamped and throttled in a
    // background page), so each uncaught exception is its own and the order is the mix's.
    'const tasks = new MessageChannel();',
    'tasks.port1.onmessage = () => { const step = steps[next++]; if (step === undefined) return; tasks.port2.postMessage(0); step(); };',
    'tasks.port2.postMessage(0);',
    '',
  ].join('\n');
}

/** The page around the script (`console.js` beside it). */
export const TYPICAL_CONSOLE_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Todos</title></head><body><h1>Todos</h1><ul id="todos"></ul><script src="console.js"></script></body></html>';

function isErrorLike(value: unknown): value is { name: string; message: string } {
  return typeof value === 'object' && value !== null && 'name' in value && 'message' in value && 'stack' in value;
}

/** "Uncaught TypeError: x" → "x" (what the page throws; Chrome adds the rest). */
function afterName(message: string): string {
  return message.replace(/^Uncaught (\(in promise\) )?\w*Error: /, '');
}
