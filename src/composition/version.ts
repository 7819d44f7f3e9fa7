import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version in browsertap's package.json, found by walking up from this file (src/, dist/ or a test build). */
function readVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'browsertap' && typeof manifest.version === 'string') return manifest.version;
    }
    if (dirname(dir) === dir) return '0.0.0-unknown';
  }
}

export const VERSION: string = readVersion();
