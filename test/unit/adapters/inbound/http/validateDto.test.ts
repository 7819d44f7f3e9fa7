import { expect } from 'chai';
import { LogEntryDto } from '../../../../../src/adapters/inbound/http/dto/LogEntryDto.js';
import { NetworkEntryDto } from '../../../../../src/adapters/inbound/http/dto/NetworkEntryDto.js';
import { validateDto } from '../../../../../src/adapters/inbound/http/dto/validateDto.js';

describe('validateDto (class-validator at the HTTP edge)', () => {
  const good = { level: 'error', message: 'm', source: 'console', url: 'u', ts: 1 };

  it('returns a plain object with only the DTO’s properties', () => {
    const checked = validateDto(LogEntryDto, { ...good, extra: 'dropped' });
    expect(checked).to.deep.equal({ ok: true, value: good });
    expect(Object.getPrototypeOf((checked as { value: object }).value)).to.equal(Object.prototype);
  });

  it('never lets __proto__ or constructor keys through', () => {
    const hostile = JSON.parse(
      '{"level":"error","message":"m","source":"console","url":"u","ts":1,"__proto__":{"polluted":true},"constructor":{"x":1}}',
    );
    const checked = validateDto(LogEntryDto, hostile) as unknown as { ok: true; value: Record<string, unknown> };
    expect(checked.ok).to.equal(true);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(Object.keys(checked.value)).to.deep.equal(Object.keys(good));
  });

  it('explains what is wrong', () => {
    const checked = validateDto(NetworkEntryDto, {
      url: 'u',
      method: 'G E T',
      status: 1000,
      duration_ms: -1,
      ts: 1,
      request_headers: { a: 1 },
    });
    expect(checked.ok).to.equal(false);
    expect((checked as { message: string }).message).to.match(/method must be an HTTP method name/);
  });

  it('refuses anything but an object', () => {
    for (const value of [null, 'x', 3, [good]])
      expect(validateDto(LogEntryDto, value)).to.deep.equal({ ok: false, message: 'must be a JSON object' });
  });
});
