import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap in use after full collections (MB): what is still reachable. */
export function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
}
