import 'reflect-metadata';
import { expect } from 'chai';
import { getMetadataStorage } from 'class-validator';
import { ActionDto } from '../../../src/adapters/inbound/http/dto/ActionDto.js';
import { LogEntryDto } from '../../../src/adapters/inbound/http/dto/LogEntryDto.js';
import { NetworkEntryDto } from '../../../src/adapters/inbound/http/dto/NetworkEntryDto.js';
import { PageEventDto } from '../../../src/adapters/inbound/http/dto/PageEventDto.js';
import { PendingQueriesDto } from '../../../src/adapters/inbound/http/dto/PendingQueriesDto.js';
import { PerformanceDto } from '../../../src/adapters/inbound/http/dto/PerformanceDto.js';
import { PickDto } from '../../../src/adapters/inbound/http/dto/PickDto.js';
import { QueryResultDto } from '../../../src/adapters/inbound/http/dto/QueryResultDto.js';
import { VitalDto } from '../../../src/adapters/inbound/http/dto/VitalDto.js';
import { WebSocketEventDto } from '../../../src/adapters/inbound/http/dto/WebSocketEventDto.js';
import { presentDelivery, presentResume } from '../../../src/application/commands/presentCommand.js';
import { ACTION_LIST, inPage } from '../../../src/domain/browserActions/table.js';
import type { CommandView } from '../../../src/domain/command/Command.js';
import { RESULT_STATUSES } from '../../../src/domain/wire/commands.js';
import { HTTP_ERROR_CODES } from '../../../src/domain/wire/errorCodes.js';
import { ACTION_TYPES } from '../../../src/domain/wire/entries.js';
import { REPLAY_STEP_TYPES } from '../../../src/domain/wire/replay.js';
import { codeSpans, doc, tableAfter } from './docsTables.js';

const PROTOCOL = doc('extension-protocol.md');

/** The fields a DTO validates (class-validator's metadata): what the route takes. */
function fieldsOf(dto: new () => object): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadata.map((rule) => rule.propertyName))].sort();
}

/** The top-level field names of a `{a, b?: …, c (…)}` entry as the doc writes it. */
function fieldsSaid(text: string): string[] {
  const inner = text.slice(text.indexOf('{') + 1);
  const names: string[] = [];
  let depth = 0;
  for (const part of inner.split(/(,|\{|\}|\[|\]|\(|\))/)) {
    if (part === '{' || part === '[' || part === '(') depth++;
    else if (part === '}' || part === ']' || part === ')') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0) {
      const name = /^\s*([a-z_]+)\??(:|\s|$)/.exec(part)?.[1];
      if (name !== undefined) names.push(name);
    }
  }
  return [...new Set(names)].sort();
}

const view = {
  queryId: 'q-1',
  correlationId: 'corr-1',
  action: 'click',
  params: {},
  tabId: 1,
  defaultTabId: 2,
  executionLimitMs: 10_000,
  timeline: { queuedAt: 0 },
} as unknown as CommandView;

describe('docs/extension-protocol.md against the code', () => {
  it('names every field each ingest route takes, as its DTO validates them', () => {
    const routes: Record<string, new () => object> = {
      'POST /logs': LogEntryDto,
      'POST /network-bodies': NetworkEntryDto,
      'POST /websocket-events': WebSocketEventDto,
      'POST /vitals': VitalDto,
      'POST /performance': PerformanceDto,
      'POST /actions': ActionDto,
      'POST /picks': PickDto,
      'POST /page': PageEventDto,
    };
    const rows = tableAfter(PROTOCOL, '| route | entry |');
    for (const [route, dto] of Object.entries(routes)) {
      const row = rows.find(([said]) => codeSpans(said as string)[0] === route);
      expect(row, route).to.not.equal(undefined);
      expect(fieldsSaid(codeSpans((row as string[])[1] as string)[0] as string), route).to.deep.equal(fieldsOf(dto));
    }
  });

  it("says the recorded action types /actions takes, the poll's fields and answer, and the result's fields and statuses", () => {
    const actions = tableAfter(PROTOCOL, '| route | entry |').find(([route]) => route?.includes('/actions'));
    expect((actions?.[1] as string).includes(`type: ${ACTION_TYPES.join('\\|')}`)).to.equal(true);
    const poll = PROTOCOL.match(/### `POST \/pending-queries` `(\{[^`]+\})`/)?.[1] as string;
    expect(fieldsSaid(poll)).to.deep.equal(fieldsOf(PendingQueriesDto));
    const answer = PROTOCOL.match(/- Answer: `\{queries:\[(\{[^\]]+\})\]/)?.[1] as string;
    expect(fieldsSaid(answer)).to.deep.equal(Object.keys({ ...presentDelivery(view), ...presentResume(view, 0) }).sort());
    const result = JSON.parse(
      (PROTOCOL.match(/### `POST \/query-result`[^\n]*\n\n```json\n([^\n]+)\n```/)?.[1] as string)
        .replace(/"pending"\|"complete"\|"error"\|"timeout"/, '"x"')
        .replace(/:…/g, ':0'),
    ) as Record<string, unknown>;
    expect(Object.keys(result).sort()).to.deep.equal(fieldsOf(QueryResultDto));
    expect(PROTOCOL).to.include(`"status":${RESULT_STATUSES.map((status) => `"${status}"`).join('|')}`);
  });

  it("says which commands' act a page remembers: the script and every page action but the audit, none of the worker's own", () => {
    const remembers = PROTOCOL.slice(PROTOCOL.indexOf('- **What a page remembers.**'), PROTOCOL.indexOf('- Presence:'));
    const notKept = codeSpans(remembers.slice(remembers.indexOf('were not watched.'), remembers.indexOf('are not remembered')));
    for (const action of ACTION_LIST) {
      const kept = action.name === 'execute_js' || (inPage(action) && action.name !== 'audit');
      expect(action.remembered !== undefined, `${action.name} is remembered`).to.equal(kept);
      // The doc's examples of either kind are right (a new worker action need not be added there).
      if (notKept.includes(action.name)) expect(kept, `${action.name} said not remembered`).to.equal(false);
    }
  });

  it("says a replay's steps are actions of the table that replay a recorded action, or caused", () => {
    const steps = PROTOCOL.slice(PROTOCOL.indexOf('- A `replay`'), PROTOCOL.indexOf('- With `wait_ms` the request is held'));
    expect(steps).to.include('an action of the action table that replays a\n  recorded action').and.include('`caused`');
    expect(REPLAY_STEP_TYPES).to.include('caused');
  });

  it("lists every code of the daemon's HTTP answers in its table of errors, and no other", () => {
    const said = tableAfter(PROTOCOL, '| status | error | when |').flatMap(([, codes]) => codeSpans(codes as string));
    expect([...said].sort()).to.deep.equal(Object.keys(HTTP_ERROR_CODES).sort());
  });
});
