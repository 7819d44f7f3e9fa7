/** Daemon port and the persistent instance id (docs/extension-protocol.md), from extension storage. */
export const DEFAULT_PORT = 7890;
const PORT_KEY = 'daemonPort';
const INSTANCE_KEY = 'instanceId';

export function validPort(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65_535;
}

/** The port the user set in the popup, else the one the extension was built with (defaults.json). */
export async function daemonPort(): Promise<number> {
  const stored = (await chrome.storage.local.get(PORT_KEY))[PORT_KEY];
  if (validPort(stored)) return stored;
  try {
    const defaults = (await (await fetch(chrome.runtime.getURL('defaults.json'))).json()) as { daemonPort?: unknown };
    if (validPort(defaults.daemonPort)) return defaults.daemonPort;
  } catch {
    // no defaults file: the standard port
  }
  return DEFAULT_PORT;
}

export async function setDaemonPort(port: number): Promise<void> {
  await chrome.storage.local.set({ [PORT_KEY]: port });
}

export function isPortChange(changes: Record<string, chrome.storage.StorageChange>, area: string): boolean {
  return area === 'local' && PORT_KEY in changes;
}

/** One id per browser profile, kept for good: the daemon leases commands to it. */
export async function instanceId(): Promise<string> {
  const stored = (await chrome.storage.local.get(INSTANCE_KEY))[INSTANCE_KEY];
  if (typeof stored === 'string' && stored.length > 0) return stored;
  const id = `ext-${crypto.randomUUID()}`;
  await chrome.storage.local.set({ [INSTANCE_KEY]: id });
  return id;
}
