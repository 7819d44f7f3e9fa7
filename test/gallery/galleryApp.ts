import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The gallery app's source: a Vite + React project with one route per flow (test/gallery/app). */
export const GALLERY_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'app');
/** Where the site serves the gallery (its client routes are under it too). */
export const GALLERY_BASE = '/gallery/';

let built: Promise<string> | undefined;

/**
 * Builds the gallery once per process with Vite (a production build, as a project ships it) into
 * a temporary folder removed when the process exits; its path. Vite is loaded only here.
 */
export function buildGallery(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'browsertap-gallery-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
    await build({
      root: GALLERY_SOURCE,
      base: GALLERY_BASE,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      build: {
        outDir,
        emptyOutDir: true,
        // The libraries are big; a chunk per route keeps each flow's page to its own library.
        chunkSizeWarningLimit: 5_000,
        rollupOptions: { input: ['index.html', 'frame.html'].map((page) => join(GALLERY_SOURCE, page)) },
      },
    });
    return outDir;
  })();
  return built;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface GallerySite {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The url of a flow's route (`mui-select` → `http://127.0.0.1:<port>/gallery/mui-select`). */
  url(route: string): string;
  close(): Promise<void>;
}

/**
 * Serves a built gallery as a host serves a single-page app: its files under /gallery/, and
 * index.html for every other path under it (the client routes), on 127.0.0.1 (a development
 * origin, where browsertap records).
 */
export async function startGallerySite(dir: string): Promise<GallerySite> {
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] as string);
    if (!path.startsWith(GALLERY_BASE)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const relative = normalize(path.slice(GALLERY_BASE.length));
    const file = relative.startsWith('..') || extname(relative) === '' ? 'index.html' : relative;
    try {
      const body = await readFile(join(dir, file));
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (route) => `${origin}${GALLERY_BASE}${route}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
