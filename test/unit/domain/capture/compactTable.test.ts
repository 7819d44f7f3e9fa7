import { expect } from 'chai';
import { COLUMNS, rowBytes, toTable } from '../../../../src/domain/capture/compactTable.js';

describe('compact lists as a table (docs/mcp-tools.md)', () => {
  it('says the columns some entry has, once, in the list’s order', () => {
    const table = toTable(
      [
        { id: 'l1', ts: 0, message: 'plain' },
        { id: 'l2', ts: 5, message: 'boom', level: 'error', at: 'src/a.ts:1:2' },
      ],
      COLUMNS.logs,
    );
    expect(table.columns).to.deep.equal(['id', 'ts', 'message', 'level', 'at']);
    expect(table.rows).to.deep.equal([
      ['l1', 0, 'plain'],
      ['l2', 5, 'boom', 'error', 'src/a.ts:1:2'],
    ]);
  });

  it('ends a row at its last value and holds the place of an absent one before it with null', () => {
    const table = toTable(
      [
        { id: 'l1', ts: 0, message: 'again', count: 3, last_ts: 9 },
        { id: 'l2', ts: 10, message: 'once', level: 'warn' },
      ],
      COLUMNS.logs,
    );
    expect(table.columns).to.deep.equal(['id', 'ts', 'message', 'level', 'count', 'last_ts']);
    expect(table.rows).to.deep.equal([
      ['l1', 0, 'again', null, 3, 9],
      ['l2', 10, 'once', 'warn'],
    ]);
  });

  it('keeps falsy values (0, empty text) as values, not as absent', () => {
    const table = toTable([{ id: 'n1', ts: 0, method: 'GET', url: '', status: 0, duration_ms: 0 }], COLUMNS.network);
    expect(table.rows).to.deep.equal([['n1', 0, 'GET', '', 0, 0]]);
  });

  it('gives an empty list no columns and no rows', () => {
    expect(toTable([], COLUMNS.websocket)).to.deep.equal({ columns: [], rows: [] });
  });

  it('sizes a row with every column of the list: never less than it takes in any table', () => {
    const value = { id: 'l7', ts: 1_795_400_000_000, message: 'é', at: 'src/a.ts:1:2' };
    const bound = rowBytes(value, COLUMNS.logs);
    expect(bound).to.equal(Buffer.byteLength(JSON.stringify(['l7', 1_795_400_000_000, 'é', null, 'src/a.ts:1:2'])));
    const inTable = toTable([value, { id: 'l8', ts: 0, message: 'x', level: 'warn' }], COLUMNS.logs).rows[0];
    expect(Buffer.byteLength(JSON.stringify(inTable))).to.be.at.most(bound);
  });
});
