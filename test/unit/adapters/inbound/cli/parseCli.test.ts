import { expect } from 'chai';
import { DEFAULT_PORT, parseCli } from '../../../../../src/adapters/inbound/cli/parseCli.js';

describe('parseCli', () => {
  const parse = (argv: string[], env: Record<string, string> = {}) => parseCli(argv, env, '/home/u/.browsertap');

  it('defaults to mcp on 7890 with ~/.browsertap', () => {
    expect(parse([])).to.deep.equal({ command: 'mcp', port: DEFAULT_PORT, stateDir: '/home/u/.browsertap' });
  });

  it('reads BROWSERTAP_PORT, BROWSERTAP_HOME and BROWSERTAP_EXTENSION_ID; flags win', () => {
    const env = { BROWSERTAP_PORT: '9000', BROWSERTAP_HOME: '/env/home', BROWSERTAP_EXTENSION_ID: 'a'.repeat(32) };
    expect(parse(['daemon'], env)).to.deep.equal({
      command: 'daemon',
      port: 9000,
      stateDir: '/env/home',
      extensions: ['a'.repeat(32)],
    });
    expect(parse(['daemon', '--port', '9100', '--state-dir', '/flag'], env)).to.include({ port: 9100, stateDir: '/flag' });
  });

  it('reads a comma-separated list of extension ids, or * for any', () => {
    expect(parse(['--extension-id', `${'a'.repeat(32)}, ${'b'.repeat(32)}`])).to.deep.include({
      extensions: ['a'.repeat(32), 'b'.repeat(32)],
    });
    expect(parse(['--extension-id', '*'])).to.include({ extensions: '*' });
  });

  it('reads the docs/install.md commands and their options', () => {
    expect(parse(['setup', 'gemini', '--print'])).to.include({ command: 'setup', client: 'gemini', print: true });
    expect(parse(['extension', '--zip', 'out.zip'])).to.include({ command: 'extension', zip: 'out.zip' });
    expect(
      parse(['launch', '--headless', '--browser', '/opt/c', '--profile', '/p', '--url', 'http://localhost:3000/']),
    ).to.include({
      command: 'launch',
      headless: true,
      browser: '/opt/c',
      profile: '/p',
      url: 'http://localhost:3000/',
    });
    expect(parse(['stop', '--browser'])).to.include({ command: 'stop', stopBrowser: true });
    expect(parse(['stop'])).to.not.have.property('stopBrowser');
    expect(parse(['doctor'])).to.include({ command: 'doctor' });
    expect(parse(['status', '--open'])).to.include({ command: 'status', open: true });
    expect(parse(['status'])).to.not.have.property('open');
  });

  it('turns --help and --version into commands', () => {
    expect(parse(['--help'])).to.include({ command: 'help' });
    expect(parse(['status', '-v'])).to.include({ command: 'version' });
  });

  for (const [argv, message] of [
    [['open'], "unknown command 'open'"],
    [['setup'], 'setup needs one client: claude, cursor, vscode, codex, gemini, windsurf'],
    [['setup', 'emacs'], "got 'emacs'"],
    [['setup', 'claude', 'cursor'], 'setup takes one client'],
    [['status', '--print'], "--print belongs to 'setup', not 'status'"],
    [['daemon', '--headless'], "--headless belongs to 'launch'"],
    [['daemon', '--open'], "--open belongs to 'status', not 'daemon'"],
    [['launch', '--url', 'javascript:alert(1)'], '--url must start with http:// or https://'],
    [['daemon', 'mcp'], 'one command at a time'],
    [['--port', 'http'], "port must be a number from 0 to 65535, got 'http'"],
    [['--port', '65536'], 'port must be'],
    [['--log-level', 'loud'], 'log level must be'],
    [['--extension-id', 'ABC'], 'extension id must be 32 letters a-p'],
    [['--extension-id', `${'a'.repeat(32)},*`], 'extension id must be 32 letters a-p'],
    [['--nope'], "Unknown option '--nope'"],
  ] as Array<[string[], string]>) {
    it(`refuses ${argv.join(' ')}`, () => {
      const result = parse(argv);
      expect(result).to.have.property('error');
      expect((result as { error: string }).error).to.contain(message);
    });
  }
});
