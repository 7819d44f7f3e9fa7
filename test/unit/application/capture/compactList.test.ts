import { expect } from 'chai';
import { compactList } from '../../../../src/application/capture/compactList.js';

describe('compactList (the table of a list read)', () => {
  it('ends every row at its last value: a trailing null is left out as a missing value is, a null within kept', () => {
    // What an extension posts may hold null where a value is optional (`error: null`, `status: null`).
    const list = compactList('network', [
      { id: 'n1', ts: 1_000, method: 'GET', url: 'http://localhost:5173/a', status: 200, duration_ms: 5, error: null },
      { id: 'n2', ts: 1_010, method: 'POST', url: 'http://localhost:5173/b', status: null, duration_ms: 7 },
      { id: 'n3', ts: 1_020, method: 'GET', url: 'http://localhost:5173/c', status: 500, duration_ms: 9, error: 'failed' },
    ]);
    expect(list.columns).to.deep.equal(['id', 'ts', 'method', 'url', 'status', 'duration_ms', 'error']);
    expect(list.rows).to.deep.equal([
      ['n1', 0, 'GET', '/a', 200, 5],
      ['n2', 10, 'POST', '/b', null, 7],
      ['n3', 20, 'GET', '/c', 500, 9, 'failed'],
    ]);
  });
});
