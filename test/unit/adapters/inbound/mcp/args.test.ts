import { expect } from 'chai';
import { z } from 'zod';
import { parseArgs, selector } from '../../../../../src/adapters/inbound/mcp/args.js';
import { expectDomainError } from '../../../../support/expectDomainError.js';

describe('MCP argument checks', () => {
  const schema = z.object({ limit: z.number().int().max(10).optional(), url: z.string().optional() });

  it('returns the arguments without the selector', () => {
    expect(parseArgs(schema, { what: 'logs', limit: 3 }, 'what', 'observe logs')).to.deep.equal({ limit: 3 });
  });

  it('names every problem, including unknown arguments and what is accepted', () => {
    const error = expectDomainError(
      () => parseArgs(schema, { what: 'logs', limit: 50, lim: 1 }, 'what', 'observe logs'),
      'invalid_params',
    );
    expect(error.message).to.match(/^observe logs: /);
    expect(error.message).to.contain('lim: not an argument of observe logs (accepted: limit, url)');
    expect(error.message).to.contain('limit: ');
  });

  it('requires the selector and knows the allowed values', () => {
    expect(expectDomainError(() => selector({}, 'action', ['a', 'b']), 'invalid_params').message).to.equal(
      'action is required; one of: a, b',
    );
    expect(expectDomainError(() => selector({ action: 'c' }, 'action', ['a', 'b']), 'unknown_action').message).to.contain(
      'unknown action "c"',
    );
    expect(selector({ action: 'b' }, 'action', ['a', 'b'])).to.equal('b');
  });
});
