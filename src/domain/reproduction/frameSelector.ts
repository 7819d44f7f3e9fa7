/**
 * The iframe of a child frame's url, as `interact`'s `frame` takes it: an iframe whose `src`
 * ends in the url's last path segment and query (the recorder names the frame by its url only).
 */
export function frameSelector(frameUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return undefined;
  }
  const tail = `${url.pathname.split('/').at(-1) ?? ''}${url.search}`;
  if (tail === '') return undefined;
  return `iframe[src$=${JSON.stringify(tail)}]`;
}
