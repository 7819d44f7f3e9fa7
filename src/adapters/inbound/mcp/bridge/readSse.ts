/**
 * Reads a `text/event-stream` body and calls `onData` with the data of each event (multi-line
 * data joined with newlines). Resolves when the stream ends; rejects if it breaks.
 */
export async function readSse(
  body: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  onData: (data: string) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let pending = '';
  let data: string[] = [];
  const dispatch = () => {
    if (data.length > 0) onData(data.join('\n'));
    data = [];
  };
  for await (const chunk of body) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline = pending.search(/\r?\n/);
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(pending[newline] === '\r' ? newline + 2 : newline + 1);
      if (line === '') dispatch();
      else if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
      newline = pending.search(/\r?\n/);
    }
  }
  dispatch();
}
