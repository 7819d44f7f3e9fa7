import { injectable } from 'inversify';
import type { Cancel, ClockPort } from '../../../application/ports/ClockPort.js';

/** Wall-clock time and Node timers. Timers are unref'd: deadlines alone never keep the process alive. */
@injectable()
export class SystemClock implements ClockPort {
  now(): number {
    return Date.now();
  }

  monotonic(): number {
    return performance.now();
  }

  schedule(delayMs: number, task: () => void): Cancel {
    const handle = setTimeout(task, Math.max(0, delayMs));
    handle.unref();
    return () => clearTimeout(handle);
  }
}
