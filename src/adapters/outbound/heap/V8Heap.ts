import { runInNewContext } from 'node:vm';
import type { HeapPort } from '../../../application/ports/HeapPort.js';

/**
 * Full collections through V8's `gc` extension. V8 installs it in every context made after
 * `--expose-gc` is set, and the daemon sets that flag at run time (src/composition/daemonFlags.ts:
 * on the command line a V8 flag costs Node's compiled built-ins), after its main context was made:
 * so each collection runs in a context of its own, made for it and dropped with it (≈ 1 ms; kept,
 * a context holds ≈ 1 MB). Where the flag is not set (`dist/cli.js daemon`, the tests) there is
 * no `gc` and `collect` does nothing.
 */
export class V8Heap implements HeapPort {
  collect(): boolean {
    const gc = runInNewContext('typeof gc === "function" ? gc : undefined') as (() => void) | undefined;
    if (gc === undefined) return false;
    gc();
    return true;
  }
}
