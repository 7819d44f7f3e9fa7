/**
 * Reads a `text/event-stream` body and calls `onData` with the data of each event (multi-line
 * data joined with newlines). Resolves when the stream ends; rejects if it breaks.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let pending = '';
  let data: string[] = [];
  const dispatch = () => {
    if (data.length > 0) onData(data.join('\n'));
    data = [];
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
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
