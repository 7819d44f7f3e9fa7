import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Found {
  readonly root: string;
  readonly version: string;
}

/**
 * browsertap's own package folder and version, found by walking up from this file to the
 * package.json named browsertap: the same answer from src/ (tsx), dist/ (the bundle, wherever
 * a chunk lands), .build/ (the compiled tests) and an installed copy.
 */
function findPackage(): Found {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'browsertap' && typeof manifest.version === 'string') return { root: dir, version: manifest.version };
    }
    if (dirname(dir) === dir) return { root: join(start, '..', '..'), version: '0.0.0-unknown' };
  }
}

export const PACKAGE: Found = findPackage();
