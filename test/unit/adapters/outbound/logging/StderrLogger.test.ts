import { expect } from 'chai';
import { StderrLogger } from '../../../../../src/adapters/outbound/logging/StderrLogger.js';

describe('StderrLogger', () => {
  const capture = () => {
    const lines: string[] = [];
    return { lines, sink: { write: (line: string) => lines.push(line) } };
  };

  it('writes one JSON object per line with time, level, message and fields', () => {
    const { lines, sink } = capture();
    new StderrLogger('debug', sink, () => 0).warn('queue full', { client: 'a' });
    expect(lines).to.deep.equal(['{"t":"1970-01-01T00:00:00.000Z","level":"warn","msg":"queue full","client":"a"}\n']);
  });

  it('drops messages below its level', () => {
    const { lines, sink } = capture();
    const logger = new StderrLogger('warn', sink);
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(lines.map((l) => JSON.parse(l).level)).to.deep.equal(['warn', 'error']);
  });

  it('is quiet when silent', () => {
    const { lines, sink } = capture();
    new StderrLogger('silent', sink).error('nothing');
    expect(lines).to.deep.equal([]);
  });
});
