import { spawn } from 'node:child_process';

/**
 * The command that opens `url` in the person's browser: `browser` when given (the `BROWSER`
 * convention: a command, its `%s` replaced by the url or the url appended), else the
 * platform's opener.
 */
export function openerFor(url: string, browser: string | undefined, platform: NodeJS.Platform): [string, string[]] {
  const named =
    browser
      ?.trim()
      .split(/\s+/)
      .filter((word) => word !== '') ?? [];
  if (named.length > 0) {
    const [command, ...args] = named as [string, ...string[]];
    return args.some((arg) => arg.includes('%s'))
      ? [command, args.map((arg) => arg.replaceAll('%s', url))]
      : [command, [...args, url]];
  }
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['explorer.exe', [url]];
  return ['xdg-open', [url]];
}

/**
 * Starts the opener for `url`, detached (the CLI does not wait for the browser).
 * @returns undefined once it started, or why it could not start.
 */
export function openUrl(url: string, browser: string | undefined): Promise<string | undefined> {
  const [command, args] = openerFor(url, browser, process.platform);
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', (error) => resolve(`${command}: ${error.message}`));
    child.once('spawn', () => {
      child.unref();
      resolve(undefined);
    });
  });
}
