import { readFileSync } from 'node:fs';

/** A doc of the repository, as text. */
export const doc = (name: string) => readFileSync(`docs/${name}`, 'utf8');

/** The rows of the first table after `heading` (a line of the doc), each a list of its cells. */
export function tableAfter(text: string, heading: string): string[][] {
  const start = text.indexOf(heading);
  if (start < 0) throw new Error(`no "${heading}" in the doc`);
  const lines = text.slice(start).split('\n');
  const first = lines.findIndex((line) => line.trimStart().startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    const row = line.trim();
    if (!row.startsWith('|')) break;
    if (/^\|[-| ]+\|$/.test(row)) continue;
    rows.push(
      row
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(1); // the header row
}

/** The `code` spans of a text (fenced blocks left out). */
export const codeSpans = (text: string) =>
  [...text.replace(/```[^]*?```/g, '').matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
