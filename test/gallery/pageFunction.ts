/**
 * A function for `page.evaluate` made from its source text at run time. The test runner's
 * transform (tsx) wraps named inner functions in a `__name` helper that exists only in Node, so
 * a function written in a test file can fail in the page; one made here is never transformed.
 * (A string handed to `evaluate` would be an expression, not a function it calls.)
 */
export function pageFunction<F extends (...args: any[]) => unknown>(source: string): F {
  return new Function(`return (${source});`)() as F;
}
