import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The React fixture apps (TodoMVC, a sign-up form, an API console), built by Vite like a real project. */
export const APP_SOURCE = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'app');
/** Where the site serves the built app. */
export const APP_BASE = '/app/';

const built = new Map<boolean, Promise<string>>();

/**
 * Builds the fixture app once per test run (production build, with source maps) into a temporary
 * folder, removed when the process exits. Vite is loaded only here: unit tests never pay for it.
 * `fixed`: the same source built with the order page's planted bug fixed (`__ORDER_FIXED__`).
 */
export function buildFixtureApp({ fixed = false }: { fixed?: boolean } = {}): Promise<string> {
  const existing = built.get(fixed);
  if (existing !== undefined) return existing;
  const building = (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'browsertap-app-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
    await build({
      root: APP_SOURCE,
      base: APP_BASE,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      define: { __ORDER_FIXED__: JSON.stringify(fixed) },
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: {
          input: ['index.html', 'form.html', 'pets.html', 'bugs.html', 'frame.html', 'order.html', 'perf.html'].map((page) =>
            join(APP_SOURCE, page),
          ),
          // The maps name sources as a project building into its own dist/ would (../../src/form.jsx
          // from dist/assets/), not by the path to this temporary folder.
          output: {
            sourcemapPathTransform: (source: string, map: string) =>
              `../../${relative(APP_SOURCE, resolve(dirname(map), source))
                .split('\\')
                .join('/')}`,
          },
        },
      },
    });
    return outDir;
  })();
  built.set(fixed, building);
  return building;
}

/**
 * The e2e site's answers for routes the app lacks, on a Vite dev server (a project's mock API
 * plugin): `/api/profile` is an HTML 404 page (res.json() rejects), other `/api/` and `/missing/`
 * paths a JSON 404, `/cdn-missing/` a CSS 404 — instead of Vite's fallback to index.html with a 200.
 */
export function missingRoutes(): import('vite').Plugin {
  return {
    name: 'browsertap-e2e-missing-routes',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '/').split('?')[0] as string;
        if (path.startsWith('/cdn-missing/')) {
          response.writeHead(404, { 'content-type': 'text/css' }).end('/* not found */');
        } else if (path === '/api/profile') {
          response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title>');
        } else if (path.startsWith('/api/') || path.startsWith('/missing/')) {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        } else {
          next();
        }
      });
    },
  };
}

export interface DevServer {
  /** The copy of the app the server serves (edit its files to trigger HMR). */
  readonly root: string;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  close(): Promise<void>;
}

/**
 * The app on a Vite dev server, as a developer runs it, from a temporary copy (tests edit its
 * files): React with fast refresh, the error overlay on, the site's missing routes, answering to
 * both local names (the planted-bug page frames the other one).
 */
export async function startDevServer(): Promise<DevServer> {
  const root = mkdtempSync(join(tmpdir(), 'browsertap-dev-'));
  cpSync(APP_SOURCE, root, { recursive: true });
  // The copy lives outside the checkout: it finds react through a link, as a project finds its own.
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  const [{ createServer }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const server = await createServer({
    root,
    configFile: false,
    cacheDir: join(root, '.vite'),
    logLevel: 'silent',
    plugins: [react(), missingRoutes()],
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: { overlay: true }, allowedHosts: ['localhost', '127.0.0.1'] },
  });
  try {
    await server.listen();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    root,
    base: (server.resolvedUrls?.local[0] as string).replace(/\/$/, ''),
    close: async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
