/**
 * A stand-in for a text of `length` characters that throws when anything but its length is read
 * (a character, a method, its conversion to a string). A function handed it can answer only from
 * the length, so a test proves that a length bound is checked before any character is looked at
 * by what was read, not by how long it took.
 */
export function lengthOnly(length: number): string {
  const read = (_target: object, key: string | symbol) => {
    if (key === 'length') return length;
    throw new Error(`read ${String(key)} of a text that should be judged by its length alone`);
  };
  return new Proxy({}, { get: read }) as unknown as string;
}
