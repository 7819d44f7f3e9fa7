import { build } from 'esbuild';

/**
 * The extension's own modules bundled to run in a bench page: `entry` is TypeScript importing
 * them by path from the checkout's root (as the extension's build bundles them).
 */
export async function bundleForPage(entry: string): Promise<string> {
  const bundle = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'chrome120',
  });
  return bundle.outputFiles[0]?.text ?? '';
}
