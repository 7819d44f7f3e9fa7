import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeHealth, probeHealthOrRefused } from '../../../../../src/adapters/outbound/process/probeHealth.js';
import { freePort } from '../../../../support/processes.js';

describe('probeHealthOrRefused (what the launcher asks a port before starting a daemon)', () => {
  const servers: Server[] = [];
  const serve = async (status: number, body: string): Promise<number> => {
    const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('says refused when nothing listens (the launcher then needs no second look before starting one)', async () => {
    const port = await freePort();
    expect(await probeHealthOrRefused(port)).to.equal('refused');
    expect(await probeHealth(port)).to.equal(undefined);
  });

  it('gives a daemon’s health, and undefined (not refused) for another program on the port', async () => {
    const daemon = await serve(200, JSON.stringify({ status: 'ok', version: '9.9.9' }));
    expect(await probeHealthOrRefused(daemon)).to.deep.include({ status: 'ok', version: '9.9.9' });
    const stranger = await serve(404, '{"error":"nope"}');
    expect(await probeHealthOrRefused(stranger)).to.equal(undefined);
  });
});
