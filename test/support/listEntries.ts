/**
 * A list payload's entries as objects, whichever shape it has: `entries` as they are, or a
 * compact table's rows (docs/mcp-tools.md) as objects keyed by `columns` — a `null` cell and the cells
 * past a row's end are absent keys, as they were absent fields. The tests that check the table
 * itself read `columns` and `rows` directly.
 */
export function entriesOf(payload: any): any[] {
  if (Array.isArray(payload?.entries)) return payload.entries;
  const columns = payload?.columns as string[] | undefined;
  const rows = payload?.rows as unknown[][] | undefined;
  if (columns === undefined || rows === undefined)
    throw new Error(`not a list payload: ${JSON.stringify(payload).slice(0, 300)}`);
  return rows.map((row) =>
    Object.fromEntries(columns.flatMap((column, i) => (row[i] === null || row[i] === undefined ? [] : [[column, row[i]]]))),
  );
}
