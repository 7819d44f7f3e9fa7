import { readFile } from 'node:fs/promises';

/** The OS user whose process listens on a loopback port. */
export interface PortOwner {
  readonly uid: number;
  /** The login name, when /etc/passwd has one for the uid. */
  readonly user?: string;
}

/** `st` of a listening socket in /proc/net/tcp{,6}. */
const LISTEN = '0A';
/** Local addresses that take connections to 127.0.0.1: itself, any IPv4, any IPv6, IPv4-mapped 127.0.0.1. */
const LOOPBACK_OR_ANY = new Set(['0100007F', '00000000', '00000000000000000000000000000000', '0000000000000000FFFF00000100007F']);
/** /proc/net/tcp holds one line per socket; a machine with more is not read past this (bounded work). */
const MAX_LINES = 100_000;

/**
 * Who listens on `127.0.0.1:<port>`, read from the kernel's socket table (Linux: /proc/net/tcp
 * and tcp6, which list every user's sockets with their owner's uid). Undefined when nothing
 * listens there or the table cannot be read (another OS). Unlike a pid a daemon reports, the
 * uid comes from the kernel: a program cannot claim another's.
 */
export async function portOwner(port: number): Promise<PortOwner | undefined> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = await readFile(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n', MAX_LINES).slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [address, localPort] = (fields[1] ?? '').split(':');
      if (localPort !== hexPort || fields[3] !== LISTEN || !LOOPBACK_OR_ANY.has(address ?? '')) continue;
      const uid = Number(fields[7]);
      if (!Number.isSafeInteger(uid)) continue;
      const user = await userName(uid);
      return user === undefined ? { uid } : { uid, user };
    }
  }
  return undefined;
}

async function userName(uid: number): Promise<string | undefined> {
  try {
    const passwd = await readFile('/etc/passwd', 'utf8');
    for (const line of passwd.split('\n', MAX_LINES)) {
      const [name, , id] = line.split(':');
      if (id === String(uid) && name !== undefined && name !== '') return name;
    }
  } catch {
    // No passwd file: the uid says enough.
  }
  return undefined;
}

/** "nobody (uid 65534)", or "uid 1001" when the name is unknown. */
export function describeOwner(owner: PortOwner): string {
  return owner.user === undefined ? `uid ${owner.uid}` : `${owner.user} (uid ${owner.uid})`;
}

/** The real uid of a running process (Linux /proc), or undefined. */
export async function processUid(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    return uid === undefined ? undefined : Number(uid);
  } catch {
    return undefined;
  }
}
