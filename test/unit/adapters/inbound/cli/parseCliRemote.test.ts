import { expect } from 'chai';
import { parseCli } from '../../../../../src/adapters/inbound/cli/parseCli.js';

describe('parseCli: agents on another machine (docs/install.md)', () => {
  const parse = (argv: string[], env: Record<string, string> = {}) => parseCli(argv, env, '/home/u/.browsertap');

  it('reads --daemon-url and --token-file for mcp, setup and doctor, as the URL’s origin', () => {
    expect(parse(['mcp', '--daemon-url', 'http://127.0.0.1:7890', '--token-file', '/t'])).to.include({
      command: 'mcp',
      daemonUrl: 'http://127.0.0.1:7890',
      tokenFile: '/t',
    });
    expect(parse(['setup', 'claude', '--daemon-url', 'http://host.docker.internal:7890/'])).to.include({
      daemonUrl: 'http://host.docker.internal:7890',
    });
    expect(parse(['doctor', '--daemon-url', 'http://[fd00::2]:7890/mcp'])).to.include({ daemonUrl: 'http://[fd00::2]:7890' });
  });

  it('reads BROWSERTAP_DAEMON_URL, then the token from BROWSERTAP_TOKEN or BROWSERTAP_TOKEN_FILE; --token-file wins', () => {
    const env = { BROWSERTAP_DAEMON_URL: 'http://10.0.0.1:7890', BROWSERTAP_TOKEN: ' abc \n', BROWSERTAP_TOKEN_FILE: '/env/t' };
    expect(parse([], env)).to.include({ daemonUrl: 'http://10.0.0.1:7890', token: 'abc' }).and.not.have.property('tokenFile');
    expect(parse([], { ...env, BROWSERTAP_TOKEN: '' })).to.include({ tokenFile: '/env/t' });
    expect(parse(['--token-file', '/flag'], env))
      .to.include({ tokenFile: '/flag' })
      .and.not.have.property('token');
  });

  it('leaves daemon, stop and status local even with BROWSERTAP_DAEMON_URL exported', () => {
    for (const command of ['daemon', 'stop', 'status']) {
      expect(parse([command], { BROWSERTAP_DAEMON_URL: 'http://10.0.0.1:7890' })).to.not.have.property('daemonUrl');
    }
  });

  it('refuses a URL that is not http://HOST:PORT, naming what is wrong', () => {
    expect(parse(['--daemon-url', 'https://h:7890']))
      .to.have.property('error')
      .that.contains('must start with http://');
    expect(parse(['--daemon-url', 'http://h']))
      .to.have.property('error')
      .that.contains("needs the daemon's port: http://h:7890");
    expect(parse(['--daemon-url', 'http://u:p@h:7890']))
      .to.have.property('error')
      .that.contains('http://HOST:PORT and nothing more');
    expect(parse(['--daemon-url', 'http://h:7890/other']))
      .to.have.property('error')
      .that.contains('nothing more');
    expect(parse(['--daemon-url', 'not a url']))
      .to.have.property('error')
      .that.contains('must be http://HOST:PORT');
    expect(parse(['--daemon-url', 'http://h:80'])).to.include({ daemonUrl: 'http://h:80' });
  });

  it('refuses --port with --daemon-url, and the remote flags on other commands', () => {
    expect(parse(['--daemon-url', 'http://h:7890', '--port', '1']))
      .to.have.property('error')
      .that.contains('the port is in the URL');
    expect(parse(['status', '--daemon-url', 'http://h:7890'])).to.deep.equal({
      error: "--daemon-url belongs to 'mcp', 'setup' or 'doctor', not 'status'",
    });
    expect(parse(['--token-file', '/t'])).to.deep.equal({ error: '--token-file goes with --daemon-url (a daemon elsewhere)' });
    expect(parse(['mcp', '--listen', '172.17.0.1'])).to.deep.equal({ error: "--listen belongs to 'daemon', not 'mcp'" });
  });

  it('reads daemon --listen as one IP address; refuses names and wildcards', () => {
    expect(parse(['daemon', '--listen', '172.17.0.1'])).to.include({ listen: '172.17.0.1' });
    expect(parse(['daemon', '--listen', '[fd00::2]'])).to.include({ listen: 'fd00::2' });
    expect(parse(['daemon', '--listen', 'host.docker.internal']))
      .to.have.property('error')
      .that.contains('takes an IP address');
    for (const wildcard of ['0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0']) {
      expect(parse(['daemon', '--listen', wildcard]), wildcard)
        .to.have.property('error')
        .that.contains('would serve every network');
    }
  });

  it('refuses every spelling of the unspecified address by its parsed value, saying what it reads as', () => {
    const spellings: Array<[string, string]> = [
      ['::0.0.0.0', '::'],
      ['0:0::0.0.0.0', '::'],
      ['0000:0000:0000:0000:0000:0000:0000:0000', '::'],
      ['::0', '::'],
      ['::%eth0', '::'],
      ['[::%1]', '::'],
      ['::ffff:0.0.0.0', '::ffff:0.0.0.0'],
      ['::ffff:0:0', '::ffff:0.0.0.0'],
      ['0:0:0:0:0:ffff:0000:0000', '::ffff:0.0.0.0'],
      ['00.0.0.0', '0.0.0.0'],
      ['000.000.000.000', '0.0.0.0'],
      ['0', '0.0.0.0'],
      ['0x0.0', '0.0.0.0'],
    ];
    for (const [spelling, value] of spellings) {
      expect(parse(['daemon', '--listen', spelling]), spelling).to.deep.equal({
        error: `--listen ${spelling} would serve every network this machine is on (it reads as ${value}, the unspecified address): give the one address agents reach it by (e.g. 172.17.0.1 for Docker)`,
      });
    }
  });

  it('keeps the addresses next to the unspecified one: loopback, ::ffff:0.0.0.1, and a mapped real address', () => {
    for (const address of ['::1', '::0.0.0.1', '::ffff:0.0.0.1', '::ffff:172.17.0.1', '0.0.0.1']) {
      expect(parse(['daemon', '--listen', address]), address).to.include({ listen: address });
    }
  });

  it('knows the token command', () => {
    expect(parse(['token', '--state-dir', '/s'])).to.include({ command: 'token', stateDir: '/s' });
  });
});
