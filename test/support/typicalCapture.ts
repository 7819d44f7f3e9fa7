/**
 * What a developer's page typically sends, in the extension's wire shape: the mix the token
 * targets of docs/mcp-tools.md are measured on (test/integration/mcp/compactAnswers.test.ts and
 * bench/tokenBench.ts). A Vite + React app on localhost:5173: HMR chatter, app logs with object
 * arguments, React's own warnings, a few errors with stacks, a burst of identical errors.
 * Messages read as the extension writes them (objects as Chrome's collapsed previews; the
 * values themselves in `args`).
 */
const ORIGIN = 'http://localhost:5173';
const PAGE = `${ORIGIN}/todos`;
const TAB = 418;
const T0 = 1_795_400_000_000;

const frame = (fn: string, file: string, line: number, col: number) =>
  `at ${fn} (${ORIGIN}/src/${file}?t=1795399990123:${line}:${col})`;
const REACT = `at renderWithHooks (${ORIGIN}/node_modules/.vite/deps/react-dom.js?v=8c3f12ab:11548:26)`;
const callSite = (fn: string, file: string, line: number) => [frame(fn, file, line, 13), REACT].join('\n');

type Call = { level: 'debug' | 'log' | 'info' | 'warn' | 'error'; message: string; args: unknown[]; stack: string };

const todo = (i: number) => ({ id: i, title: `Write the ${i}th test`, done: i % 3 === 0, tags: ['work'] });
const user = { id: 42, name: 'Ada' };
const KEY_WARNING =
  'Warning: Each child in a list should have a unique "key" prop.\n\nCheck the render method of `TodoList`. See https://reactjs.org/link/warning-keys for more information.\n    at TodoItem (http://localhost:5173/src/TodoItem.tsx:5:3)\n    at TodoList (http://localhost:5173/src/TodoList.tsx:14:13)';
const MAP_ERROR = "TypeError: Cannot read properties of undefined (reading 'map')";
const mapErrorStack = `${MAP_ERROR}\n    ${frame('TodoStats', 'TodoStats.tsx', 8, 27)}\n    ${REACT}`;

/** What a page load prints once: the dev server's client, React's one-time notices and (deduplicated) warnings. */
const ONCE: Call[] = [
  {
    level: 'debug',
    message: '[vite] connecting...',
    args: ['[vite] connecting...'],
    stack: callSite('setupWebSocket', 'client.ts', 12),
  },
  {
    level: 'debug',
    message: '[vite] connected.',
    args: ['[vite] connected.'],
    stack: callSite('setupWebSocket', 'client.ts', 40),
  },
  {
    level: 'info',
    message: 'Download the React DevTools for a better development experience: https://reactjs.org/link/react-devtools',
    args: [
      '%cDownload the React DevTools for a better development experience: https://reactjs.org/link/react-devtools',
      'font-weight:bold',
    ],
    stack: callSite('printWarning', 'main.tsx', 3),
  },
  { level: 'warn', message: KEY_WARNING, args: [KEY_WARNING], stack: callSite('printWarning', 'TodoList.tsx', 31) },
];

/** What the app logs as the developer uses it, round after round (`i`). */
function cycle(i: number): Call[] {
  return [
    {
      level: 'log',
      message: `render TodoList {count: ${12 + i}}`,
      args: ['render TodoList', { count: 12 + i }],
      stack: callSite('TodoList', 'TodoList.tsx', 14),
    },
    {
      level: 'log',
      message: `fetching /api/todos?page=${i}`,
      args: [`fetching /api/todos?page=${i}`],
      stack: callSite('loadTodos', 'api.ts', 21),
    },
    {
      level: 'log',
      message: 'todos loaded (2) [{…}, {…}]',
      args: ['todos loaded', [todo(i), todo(i + 1)]],
      stack: callSite('loadTodos', 'api.ts', 27),
    },
    { level: 'debug', message: `cache hit todos:${i}`, args: [`cache hit todos:${i}`], stack: callSite('cached', 'cache.ts', 7) },
    { level: 'log', message: "user {id: 42, name: 'Ada'}", args: ['user', user], stack: callSite('useUser', 'useUser.ts', 9) },
    {
      level: 'log',
      message: `state {todos: ${12 + i}, filter: 'active', editing: null}`,
      args: ['state', { todos: 12 + i, filter: 'active', editing: null }],
      stack: callSite('reducer', 'store.ts', 44),
    },
    { level: 'info', message: `saved todo ${i}`, args: [`saved todo ${i}`], stack: callSite('saveTodo', 'api.ts', 33) },
    i % 2 === 0
      ? {
          level: 'error',
          message: mapErrorStack,
          args: [{ name: 'TypeError', message: "Cannot read properties of undefined (reading 'map')", stack: mapErrorStack }],
          stack: callSite('TodoStats', 'TodoStats.tsx', 8),
        }
      : {
          level: 'log',
          message: `sync ok (${i} changes)`,
          args: [`sync ok (${i} changes)`],
          stack: callSite('sync', 'sync.ts', 19),
        },
    {
      level: 'warn',
      message: `slow render: TodoList ${40 + i} ms`,
      args: [`slow render: TodoList ${40 + i} ms`],
      stack: callSite('onRender', 'Profiler.tsx', 17),
    },
    {
      level: 'log',
      message: '[HMR] updated /src/TodoItem.tsx',
      args: ['[HMR] updated /src/TodoItem.tsx'],
      stack: callSite('handleMessage', 'client.ts', 88),
    },
  ];
}

export interface WireLog {
  level: string;
  message: string;
  args: unknown[];
  stack: string;
  source: string;
  url: string;
  ts: number;
  tab_id: number;
}

/** `n` console entries (default 100): the cycle above, 5 identical uncaught exceptions in a row at 40, and unhandled rejections. */
export function typicalConsole(n = 100): WireLog[] {
  const out: WireLog[] = [];
  for (let i = -1; out.length < n; i++) {
    for (const call of i === -1 ? ONCE : cycle(i)) {
      if (out.length === n) break;
      out.push({
        level: call.level,
        message: call.message,
        args: call.args,
        stack: call.stack,
        source: 'console',
        url: PAGE,
        ts: T0 + out.length * 37,
        tab_id: TAB,
      });
      if (out.length === 40) {
        for (let k = 0; k < 5 && out.length < n; k++) {
          out.push({
            level: 'error',
            message: "Uncaught TypeError: Cannot read properties of null (reading 'focus')",
            args: [],
            stack: `TypeError: Cannot read properties of null (reading 'focus')\n    ${frame('onEdit', 'TodoItem.tsx', 22, 15)}\n    ${REACT}`,
            source: 'exception',
            url: PAGE,
            ts: T0 + out.length * 37,
            tab_id: TAB,
          });
        }
      }
      if (out.length === 70) {
        out.push({
          level: 'error',
          message: 'Uncaught (in promise) Error: Request failed with status code 500',
          args: [],
          stack: `Error: Request failed with status code 500\n    ${frame('saveTodo', 'api.ts', 35, 11)}`,
          source: 'unhandledrejection',
          url: PAGE,
          ts: T0 + out.length * 37,
          tab_id: TAB,
        });
      }
    }
  }
  return out.slice(0, n);
}

export interface WireRequest {
  url: string;
  method: string;
  status: number;
  status_text: string;
  duration_ms: number;
  initiator: string;
  ts: number;
  tab_id: number;
  request_headers: Record<string, string>;
  response_headers: Record<string, string>;
}

/** `n` requests (default 50) of a page load and its API calls: 5 × 404 and 5 × 500 among them, with headers. */
export function typicalRequests(n = 50): WireRequest[] {
  const out: WireRequest[] = [];
  const assets = [
    '/src/main.tsx',
    '/src/App.tsx',
    '/src/TodoList.tsx',
    '/src/TodoItem.tsx',
    '/src/api.ts',
    '/node_modules/.vite/deps/react-dom.js?v=8c3f12ab',
  ];
  for (let i = 0; out.length < n; i++) {
    const kind = i % 10;
    const api = kind >= 6;
    const status = kind === 8 ? 404 : kind === 9 ? 500 : 200;
    const url = api
      ? `${ORIGIN}/api/todos${kind === 8 ? `/${1000 + i}` : kind === 9 ? '/sync' : `?page=${i}&filter=active`}`
      : `${ORIGIN}${assets[i % assets.length]}`;
    out.push({
      url,
      method: kind === 9 ? 'POST' : 'GET',
      status,
      status_text: status === 200 ? 'OK' : status === 404 ? 'Not Found' : 'Internal Server Error',
      duration_ms: 3.25 + ((i * 37) % 180) + (kind === 9 ? 1_200 : 0),
      initiator: api ? 'fetch' : 'script',
      ts: T0 + i * 53,
      tab_id: TAB,
      request_headers: {
        accept: api ? 'application/json' : '*/*',
        'accept-language': 'en-GB,en;q=0.9',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
      },
      response_headers: {
        'content-type': api ? 'application/json; charset=utf-8' : 'text/javascript',
        'cache-control': 'no-cache',
        etag: `W/"${(4096 + i).toString(16)}-Xy7pQ"`,
        date: 'Mon, 23 Nov 2026 10:00:00 GMT',
      },
    });
  }
  return out;
}

export const TYPICAL_TAB = TAB;
export const TYPICAL_PAGE = PAGE;
