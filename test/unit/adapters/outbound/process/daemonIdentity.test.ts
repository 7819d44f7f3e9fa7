import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { challengeDaemon, identityProof, proofMessage } from '../../../../../src/adapters/outbound/process/daemonIdentity.js';
import { listenLocal, type LocalServer } from '../../../../support/servers.js';

const TOKEN = 'd'.repeat(64);

/**
 * A daemon look-alike holding TOKEN: answers a challenge with a proof for `proves` (port and pid
 * the proof covers) but reports `reports` as its pid. Without `proves.port` it proves its own port.
 */
async function fakeDaemon(proves: { port?: number; pid: number }, reports: number): Promise<LocalServer> {
  let own = 0;
  const server = await listenLocal((req, res) => {
    const nonce = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('challenge') ?? '';
    const proof = identityProof(TOKEN, { nonce, port: proves.port ?? own, pid: proves.pid });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', version: '0.1.0', proof, pid: reports }));
  });
  own = server.port;
  return server;
}

describe('daemonIdentity: the proof covers the nonce, the port and the pid (docs/security.md)', () => {
  const servers: LocalServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  it('signs "browsertap-identity-v2\\n<nonce>\\n<port>\\n<pid>" with the token (HMAC-SHA256, hex)', () => {
    const claims = { nonce: 'n0nce-of-twenty-four-chars', port: 39_429, pid: 4_242 };
    expect(proofMessage(claims)).to.equal('browsertap-identity-v2\nn0nce-of-twenty-four-chars\n39429\n4242');
    const expected = createHmac('sha256', TOKEN)
      .update('browsertap-identity-v2\nn0nce-of-twenty-four-chars\n39429\n4242')
      .digest('hex');
    expect(identityProof(TOKEN, claims)).to.equal(expected);
  });

  it('gives different proofs when only the port or only the pid differs', () => {
    const claims = { nonce: 'n0nce-of-twenty-four-chars', port: 39_429, pid: 4_242 };
    const proofs = new Set([
      identityProof(TOKEN, claims),
      identityProof(TOKEN, { ...claims, port: 39_430 }),
      identityProof(TOKEN, { ...claims, pid: 4_243 }),
      // Digits moved from the port to the pid: the separator keeps them apart.
      identityProof(TOKEN, { ...claims, port: 3_942, pid: 94_242 }),
    ]);
    expect(proofs.size).to.equal(4);
  });

  it('is proven when the proof covers the port asked and the pid reported', async () => {
    const daemon = await fakeDaemon({ pid: 4_242 }, 4_242);
    servers.push(daemon);
    expect(await challengeDaemon(daemon.port, TOKEN)).to.deep.include({ outcome: 'proven', pid: 4_242 });
  });

  it('is foreign when the reported pid is not the one the proof covers (a relay that names another pid)', async () => {
    const daemon = await fakeDaemon({ pid: 4_242 }, 31_337);
    servers.push(daemon);
    expect((await challengeDaemon(daemon.port, TOKEN)).outcome).to.equal('foreign');
  });

  it('is foreign when the proof covers another port (an answer relayed from a daemon elsewhere)', async () => {
    const elsewhere = await listenLocal((_req, res) => res.end());
    servers.push(elsewhere);
    const relay = await fakeDaemon({ port: elsewhere.port, pid: 4_242 }, 4_242);
    servers.push(relay);
    expect((await challengeDaemon(relay.port, TOKEN)).outcome).to.equal('foreign');
  });

  it('is foreign when the proof is made with another token', async () => {
    const daemon = await fakeDaemon({ pid: 4_242 }, 4_242);
    servers.push(daemon);
    expect((await challengeDaemon(daemon.port, 'e'.repeat(64))).outcome).to.equal('foreign');
  });
});
