import { closeSync, fstatSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LogSink } from './StderrLogger.js';

/** `daemon.log` is rotated past this size while the daemon runs (docs/security.md). */
export const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

/**
 * Appends log lines to a file and rotates it while running: once it passes `maxBytes`, the file
 * becomes `<path>.1` (replacing an older one) and a new file is started, so the log never holds
 * more than about twice `maxBytes`. Writes are synchronous (log lines are few and small, and a
 * line must not be lost if the process dies right after).
 */
export class RotatingFileSink implements LogSink {
  private fd: number;
  private size: number;

  constructor(
    private readonly path: string,
    private readonly maxBytes = LOG_ROTATE_BYTES,
  ) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.fd = openSync(path, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  write(line: string): void {
    const bytes = Buffer.from(line, 'utf8');
    if (this.size > 0 && this.size + bytes.length > this.maxBytes) this.rotate();
    try {
      writeSync(this.fd, bytes);
      this.size += bytes.length;
    } catch {
      // A full or read-only disk must not take the daemon down for a log line.
    }
  }

  close(): void {
    closeSync(this.fd);
  }

  private rotate(): void {
    try {
      renameSync(this.path, `${this.path}.1`);
      closeSync(this.fd);
      this.fd = openSync(this.path, 'a', 0o600);
      this.size = 0;
    } catch {
      // Could not rotate (read-only dir?): keep appending where we are.
    }
  }
}
