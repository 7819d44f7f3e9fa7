import { expect } from 'chai';
import { connect } from 'node:net';
import { startHarness, type Harness } from '../../support/daemonHarness.js';

/**
 * Sends the headers of a request whose body is `declared` bytes and only `sent` of them, then
 * resolves the first response's head (or 'no answer' after `waitMs`).
 */
function headThenStall(port: number, head: string, declared: number, sent: number, waitMs = 2_000) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => (socket.destroy(), resolve('no answer')), waitMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
    socket.write(`${head}Host: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`);
    socket.write('['.repeat(sent));
  });
}

describe('authentication before the body (docs/security.md)', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness();
  });

  afterEach(async () => h.stop());

  it('answers an unauthenticated 8 MB /mcp request 401 from its headers, without waiting for the body, and closes', async () => {
    const answer = await headThenStall(h.port, 'POST /mcp HTTP/1.1\r\n', 8 * 1024 * 1024, 1024);
    expect(answer).to.match(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).to.contain('connection: close');
  });

  it('answers a wrong token the same way', async () => {
    const answer = await headThenStall(h.port, 'POST /mcp HTTP/1.1\r\nAuthorization: Bearer nope\r\n', 8 * 1024 * 1024, 1024);
    expect(answer).to.match(/^HTTP\/1\.1 401 /);
  });

  it('answers a body sent to a path the daemon does not serve 404 without reading it', async () => {
    const answer = await headThenStall(h.port, 'POST /nothing-here HTTP/1.1\r\n', 1024 * 1024, 10);
    expect(answer).to.match(/^HTTP\/1\.1 404 /);
  });

  it('refuses an extension route without Origin before reading its body', async () => {
    const answer = await headThenStall(h.port, 'POST /logs HTTP/1.1\r\n', 1024 * 1024, 10);
    expect(answer).to.match(/^HTTP\/1\.1 403 /);
  });

  it('still reads the body of an authenticated request (it waits for it)', async () => {
    const answer = await headThenStall(
      h.port,
      `POST /mcp HTTP/1.1\r\nAuthorization: Bearer ${h.token}\r\n`,
      1024 * 1024,
      10,
      500,
    );
    expect(answer).to.equal('no answer');
  });
});
