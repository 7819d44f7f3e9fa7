import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  challengeDaemon,
  identityOf,
  identityProof,
  newNonce,
  proofMessage,
} from '../../../../../src/adapters/outbound/process/daemonIdentity.js';
import { provenDaemon } from '../../../../../src/composition/commands/connectDaemon.js';
import { quietLogger } from '../../../../support/loggers.js';
import { removeDir, tempDir } from '../../../../support/processes.js';
import { listenLocal, type LocalServer } from '../../../../support/servers.js';

const TOKEN = 'd'.repeat(64);

/**
 * A daemon look-alike holding TOKEN: answers a challenge with a proof for `proves` (port and pid
 * the proof covers) but reports `reports` as its pid. Without `proves.port` it proves its own port.
 */
async function fakeDaemon(proves: { port?: number; pid: number }, reports: number, asked: string[] = []): Promise<LocalServer> {
  let own = 0;
  const server = await listenLocal((req, res) => {
    asked.push(req.url ?? '');
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

  describe('an answer asked for already (the launcher probes with a challenge)', () => {
    const port = 39_429;
    const answer = (nonce: string, pid: unknown) => ({
      status: 'ok' as const,
      version: '0.1.0',
      pid,
      proof: identityProof(TOKEN, { nonce, port, pid: Number(pid) }),
    });

    it('is proven by identityOf when it answers that nonce, for that port, with the pid it names', () => {
      const nonce = newNonce();
      expect(identityOf(answer(nonce, 4_242), TOKEN, { nonce, port })).to.deep.include({ outcome: 'proven', pid: 4_242 });
    });

    it('is foreign for another nonce, another port, another token, no pid or no answer of a daemon', () => {
      const nonce = newNonce();
      expect(identityOf(answer(nonce, 4_242), TOKEN, { nonce: newNonce(), port }).outcome).to.equal('foreign');
      expect(identityOf(answer(nonce, 4_242), TOKEN, { nonce, port: port + 1 }).outcome).to.equal('foreign');
      expect(identityOf(answer(nonce, 4_242), 'e'.repeat(64), { nonce, port }).outcome).to.equal('foreign');
      expect(identityOf(answer(nonce, undefined), TOKEN, { nonce, port }).outcome).to.equal('foreign');
      expect(identityOf({ status: 'ok', version: '0.1.0' }, TOKEN, { nonce, port }).outcome).to.equal('foreign');
      expect(identityOf(undefined, TOKEN, { nonce, port }).outcome).to.equal('foreign');
    });

    it('lets provenDaemon prove the daemon without asking again; one that does not prove it is asked afresh', async () => {
      const stateDir = tempDir('browsertap-proven-');
      try {
        writeFileSync(join(stateDir, 'token'), `${TOKEN}\n`, { mode: 0o600 });
        const asked: string[] = [];
        const daemon = await fakeDaemon({ pid: 4_242 }, 4_242, asked);
        servers.push(daemon);
        const nonce = newNonce();
        const health = {
          status: 'ok' as const,
          version: '0.1.0',
          pid: 4_242,
          proof: identityProof(TOKEN, { nonce, port: daemon.port, pid: 4_242 }),
        };

        const early = await provenDaemon(daemon.port, stateDir, quietLogger, { nonce, health });
        expect(early.identity).to.deep.include({ outcome: 'proven', pid: 4_242 });
        expect(asked, 'no second challenge').to.deep.equal([]);

        const stale = await provenDaemon(daemon.port, stateDir, quietLogger, { nonce: newNonce(), health });
        expect(stale.identity.outcome).to.equal('proven');
        expect(asked).to.have.length(1);
        expect(asked[0]).to.match(/^\/health\?challenge=[A-Za-z0-9_-]{32}$/);
        expect(asked[0]).not.to.include(nonce);
      } finally {
        removeDir(stateDir);
      }
    });

    it('says when the token file was not that daemon’s token before the challenge (the daemon wrote it back)', async () => {
      const stateDir = tempDir('browsertap-proven-');
      try {
        writeFileSync(join(stateDir, 'token'), `${TOKEN}\n`, { mode: 0o600 });
        const warned: string[] = [];
        const logger = { ...quietLogger, warn: (message: string) => void warned.push(message) };
        const port = 39_429;
        const nonce = newNonce();
        const health = {
          status: 'ok' as const,
          version: '0.1.0',
          pid: 4_242,
          proof: identityProof(TOKEN, { nonce, port, pid: 4_242 }),
        };
        for (const tokenBefore of [{ fault: 'missing' as const }, { fault: 'empty' as const }, 'f'.repeat(64), TOKEN]) {
          await provenDaemon(port, stateDir, logger, { nonce, health, tokenBefore });
        }
        await provenDaemon(port, stateDir, logger, { nonce, health });
        const path = join(stateDir, 'token');
        expect(warned).to.deep.equal([
          `the token file ${path} was missing; the daemon on port ${port} wrote it back`,
          `the token file ${path} was empty; the daemon on port ${port} wrote it back`,
          `the token file ${path} was another token; the daemon on port ${port} wrote it back`,
        ]);
      } finally {
        removeDir(stateDir);
      }
    });
  });
});
