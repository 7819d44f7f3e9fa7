import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The framework fixture apps (test/e2e/fixtures/frameworks): App → Panel → Card → a nested button. */
export const FRAMEWORKS_SOURCE = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'frameworks');

export type FrameworkApp = 'react19' | 'react18' | 'vue' | 'svelte' | 'angular';
/** `dev`: as a developer runs it (a Vite dev server; Angular's development build); `prod`: its production build. */
export type Variant = 'dev' | 'prod';

/** The fixture folder each app is built from (both React apps share one source). */
export function sourceOf(app: FrameworkApp): string {
  return join(FRAMEWORKS_SOURCE, app.startsWith('react') ? 'react' : app);
}

export interface ServedApp {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  close(): Promise<void>;
}

const scratch: string[] = [];
process.once('exit', () => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** React 18 in place of the repository's React 19 (the npm aliases `react18`, `react-dom18`), for every importer. */
const REACT18_ALIASES = [
  { find: /^react$/, replacement: resolve('node_modules/react18') },
  { find: /^react\/(.*)$/, replacement: `${resolve('node_modules/react18')}/$1` },
  { find: /^react-dom$/, replacement: resolve('node_modules/react-dom18') },
  { find: /^react-dom\/(.*)$/, replacement: `${resolve('node_modules/react-dom18')}/$1` },
];

/** The Vite configuration of a Vite-built app, as its project would write it. */
async function viteConfig(app: Exclude<FrameworkApp, 'angular'>, mode: 'development' | 'production') {
  const plugins = [];
  if (app === 'vue') plugins.push((await import('@vitejs/plugin-vue')).default());
  else if (app === 'svelte') plugins.push((await import('@sveltejs/vite-plugin-svelte')).svelte({ configFile: false }));
  else plugins.push((await import('@vitejs/plugin-react')).default());
  return {
    root: sourceOf(app),
    mode,
    configFile: false as const,
    envFile: false as const,
    logLevel: 'silent' as const,
    cacheDir: tempDir(`browsertap-vite-${app}-`),
    plugins,
    ...(app === 'react18' ? { resolve: { alias: REACT18_ALIASES } } : {}),
  };
}

const builds = new Map<string, Promise<string>>();

/**
 * The app's production build (with source maps, as many projects ship), or Angular's
 * development build: once per test run, into a temporary folder removed when the process exits.
 */
export function buildApp(app: FrameworkApp, variant: Variant): Promise<string> {
  const key = `${app}:${variant}`;
  let built = builds.get(key);
  if (built === undefined) {
    built = app === 'angular' ? buildAngular(variant) : buildVite(app, variant);
    builds.set(key, built);
  }
  return built;
}

async function buildVite(app: Exclude<FrameworkApp, 'angular'>, variant: Variant): Promise<string> {
  const outDir = tempDir(`browsertap-${app}-${variant}-`);
  const { build } = await import('vite');
  const mode = variant === 'dev' ? 'development' : 'production';
  const restore = nodeEnv(mode);
  try {
    await build({ ...(await viteConfig(app, mode)), build: { outDir, emptyOutDir: true, sourcemap: true } });
  } finally {
    restore();
  }
  return outDir;
}

/**
 * Sets NODE_ENV for a Vite build or dev server of this process; the previous value comes back
 * with the function it returns. Vite takes NODE_ENV over its `mode` once it is set, and sets it
 * itself on first use: every e2e file shares one process, so a dev server after a build would
 * serve production React, and a build after a dev server would build the development one.
 */
function nodeEnv(value: 'development' | 'production'): () => void {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = value;
  return () => {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  };
}

/** Angular's application builder (`@angular/build`) run through its Architect API, as `ng build` runs it. */
async function buildAngular(variant: Variant): Promise<string> {
  const outputPath = tempDir(`browsertap-angular-${variant}-`);
  const root = sourceOf('angular');
  const [{ Architect }, { WorkspaceNodeModulesArchitectHost }, { json, workspaces }, { NodeJsSyncHost }] = await Promise.all([
    import('@angular-devkit/architect'),
    import('@angular-devkit/architect/node/index.js'),
    import('@angular-devkit/core'),
    import('@angular-devkit/core/node/index.js'),
  ]);
  const registry = new json.schema.CoreSchemaRegistry();
  registry.addPostTransform(json.schema.transforms.addUndefinedDefaults);
  const { workspace } = await workspaces.readWorkspace(root, workspaces.createWorkspaceHost(new NodeJsSyncHost()));
  const architect = new Architect(new WorkspaceNodeModulesArchitectHost(workspace, root), registry);
  const configuration = variant === 'dev' ? 'development' : 'production';
  const run = await architect.scheduleTarget(
    { project: 'orders', target: 'build', configuration },
    { outputPath, progress: false },
  );
  try {
    const result = await run.result;
    if (!result.success) throw new Error(`the Angular ${configuration} build failed: ${String(result.error ?? '')}`);
  } finally {
    await run.stop();
  }
  return join(outputPath, 'browser');
}

/**
 * The app as the e2e loads it: a Vite app's `dev` variant on Vite's dev server (the framework's
 * development runtime, modules served one by one with their maps); any other on a static server
 * of its build.
 */
export async function serveApp(app: FrameworkApp, variant: Variant): Promise<ServedApp> {
  if (variant === 'dev' && app !== 'angular') {
    const { createServer: createViteServer } = await import('vite');
    // Its dependencies are bundled on the first page load, with NODE_ENV as it is then: it stays set while the server runs.
    const restore = nodeEnv('development');
    try {
      const server = await createViteServer({
        ...(await viteConfig(app, 'development')),
        server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, allowedHosts: ['127.0.0.1'] },
      });
      await server.listen();
      return {
        base: (server.resolvedUrls?.local[0] as string).replace(/\/$/, ''),
        close: async () => {
          await server.close();
          restore();
        },
      };
    } catch (error) {
      restore();
      throw error;
    }
  }
  return serveStatic(await buildApp(app, variant));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** A folder over HTTP on 127.0.0.1 (index.html for `/`), as any static host serves a build. */
async function serveStatic(dir: string): Promise<ServedApp> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] as string);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir)) return void response.writeHead(403).end();
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Where a component's markup or class is, found in the fixture's real source (never written in the test). */
export interface Expected {
  readonly name: string;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly selector?: string;
}

/** The 1-based line of `needle` in `file` and the 1-based column of the line's first `<` (the markup's start). */
function find(file: string, needle: string): { line: number; column: number } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((text) => text.includes(needle));
  if (index === -1) throw new Error(`${needle} is not in ${file}`);
  return { line: index + 1, column: (lines[index] as string).indexOf('<') + 1 };
}

/** The chain each dev app must give for its nested button, from the fixture's sources. */
export function expectedChain(app: FrameworkApp): Expected[] {
  const root = sourceOf(app);
  // React and Vue name files by the path the page loaded them from; Svelte and Angular relative to
  // where their tool ran (a project's root; here the repository's).
  const fromCwd = (path: string) => relative(process.cwd(), join(root, path));
  switch (app) {
    case 'react19':
    case 'react18':
      return [
        { name: 'Card', file: 'src/Card.jsx', ...find(join(root, 'src/Card.jsx'), 'data-testid="nested"') },
        { name: 'Panel', file: 'src/Panel.jsx', ...find(join(root, 'src/Panel.jsx'), '<Card ') },
        { name: 'App', file: 'src/App.jsx', ...find(join(root, 'src/App.jsx'), '<Panel ') },
      ];
    case 'vue':
      return ['Card', 'Panel', 'App'].map((name) => ({ name, file: `src/${name}.vue` }));
    case 'svelte':
      return [
        { name: 'Card', file: fromCwd('src/Card.svelte'), ...find(join(root, 'src/Card.svelte'), 'data-testid="nested"') },
        { name: 'Panel', file: fromCwd('src/Panel.svelte'), ...find(join(root, 'src/Panel.svelte'), '<Card ') },
        { name: 'App', file: fromCwd('src/App.svelte'), ...find(join(root, 'src/App.svelte'), '<Panel ') },
      ];
    case 'angular':
      return ['Card', 'Panel', 'App'].map((name) => ({
        name,
        selector: name === 'App' ? 'app-root' : `app-${name.toLowerCase()}`,
        file: fromCwd(`src/app/${name.toLowerCase()}.ts`),
        line: find(join(root, `src/app/${name.toLowerCase()}.ts`), `export class ${name} `).line,
      }));
  }
}
