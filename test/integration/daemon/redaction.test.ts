import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { logEntry, startHarness, type Harness } from '../../support/daemonHarness.js';
import { entriesOf } from '../../support/listEntries.js';

// Each secret is a distinct string that must never come back out of any tool.
const SECRETS = {
  authHeader: 'Bearer sk-live-AUTHHEADERSECRET0001',
  cookie: 'sessionid=COOKIESECRET0002',
  setCookie: 'refresh=SETCOOKIESECRET0003; HttpOnly',
  apiKeyHeader: 'APIKEYHEADERSECRET0004',
  urlToken: 'URLTOKENSECRET0005',
  urlPassword: 'URLPASSWORDSECRET0006',
  fragmentToken: 'FRAGMENTTOKENSECRET0007',
  bodyPassword: 'BODYPASSWORDSECRET0008',
  nestedSecret: 'NESTEDCLIENTSECRET0009',
  formToken: 'FORMTOKENSECRET0010',
  responseToken: 'RESPONSETOKENSECRET0011',
  logBearer: 'LOGBEARERSECRET0012abcdef',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJKV1RTRUNSRVQwMDEzIn0.c2lnbmF0dXJlU0VDUkVUMDAxMw',
  argPassword: 'ARGPASSWORDSECRET0014',
  wsApiKey: 'WSAPIKEYSECRET0015',
  privateKey: 'PRIVATEKEYMATERIAL0016',
  userinfo: 'USERINFOSECRET0017',
  pageToken: 'PAGETOKENSECRET0018',
};

describe('redaction before storage (docs/security.md)', () => {
  let h: Harness;
  let client: Client;
  const answers: unknown[] = [];

  before(async () => {
    h = await startHarness();
    client = await h.client();
    const ext = h.extension();
    answers.push(
      await ext.send('/network-bodies', [
        {
          url: `http://localhost:3000/api/login?user=ann&token=${SECRETS.urlToken}&password=${SECRETS.urlPassword}#access_token=${SECRETS.fragmentToken}`,
          method: 'POST',
          status: 401,
          duration_ms: 30,
          ts: 1,
          request_headers: {
            Authorization: SECRETS.authHeader,
            Cookie: SECRETS.cookie,
            'X-Api-Key': SECRETS.apiKeyHeader,
            Accept: 'application/json',
          },
          response_headers: { 'Set-Cookie': SECRETS.setCookie, 'Content-Type': 'application/json' },
          request_body: JSON.stringify({
            user: 'ann',
            password: SECRETS.bodyPassword,
            profile: { client_secret: SECRETS.nestedSecret, theme: 'dark' },
          }),
          response_body: JSON.stringify({ error: 'denied', access_token: SECRETS.responseToken }),
        },
        {
          url: `https://${'ann'}:${SECRETS.userinfo}@localhost:3000/form`,
          method: 'POST',
          status: 200,
          duration_ms: 5,
          ts: 2,
          request_body: `name=ann&csrf_token=${SECRETS.formToken}&remember=1`,
        },
      ]),
      await ext.send('/logs', [
        logEntry({
          message: `fetch failed with Authorization: Bearer ${SECRETS.logBearer} and jwt ${SECRETS.jwt}`,
          args: [{ user: 'ann', password: SECRETS.argPassword }, 'plain'],
          stack: `-----BEGIN RSA PRIVATE KEY-----\n${SECRETS.privateKey}\n-----END RSA PRIVATE KEY-----`,
        }),
      ]),
      await ext.send('/websocket-events', [
        {
          connection_id: 'c',
          url: 'ws://localhost:3000/ws',
          event: 'message',
          direction: 'sent',
          data: JSON.stringify({ api_key: SECRETS.wsApiKey, op: 'sub' }),
          ts: 3,
        },
      ]),
      await ext.page({ tab_id: 1, url: `http://localhost:3000/?session=${SECRETS.pageToken}`, title: 'Home', event: 'load' }),
    );
    for (const what of ['errors', 'logs', 'network', 'network_bodies', 'websocket_events', 'page', 'tabs']) {
      answers.push(await client.callTool({ name: 'observe', arguments: { what, detail: 'full' } }));
    }
    // The compact lists, the summary and single entries show the same stored (redacted) entries.
    for (const what of ['errors', 'logs', 'network', 'websocket_events', 'summary']) {
      answers.push(await client.callTool({ name: 'observe', arguments: { what } }));
    }
    for (const id of ['n1', 'b1', 'l1', 'l2', 'w1']) {
      answers.push(await client.callTool({ name: 'observe', arguments: { what: 'entry', id } }));
    }
  });

  after(async () => h.stop());

  for (const [name, secret] of Object.entries(SECRETS)) {
    it(`never shows ${name} in any answer`, () => {
      expect(JSON.stringify(answers)).not.to.contain(secret);
    });
  }

  it('keeps what is not secret', () => {
    const all = JSON.stringify(answers);
    expect((answers.at(-5) as { structuredContent: { request_headers: object } }).structuredContent.request_headers).to.include({
      Accept: 'application/json',
    });
    for (const kept of ['user=ann', '"theme":"dark"', 'remember=1', 'application/json', '"op":"sub"', 'Bearer [REDACTED]']) {
      expect(all).to.contain(kept.replace(/"/g, '\\"'));
    }
  });

  it('says how many values were redacted, at ingest and in observe answers', () => {
    const network = answers[0] as { body: { redacted: number } };
    expect(network.body.redacted).to.be.at.least(12);
    const logs = answers[1] as { body: { redacted: number } };
    expect(logs.body.redacted).to.be.at.least(4);
    const observeNetwork = answers[6] as { structuredContent: { redacted: number; entries: Array<{ redacted?: number }> } };
    expect(observeNetwork.structuredContent.redacted).to.be.above(0);
    expect(entriesOf(observeNetwork.structuredContent)[0]?.redacted).to.be.above(0);
  });
});
