import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (dist/, as `npm install` leaves it) and collects both streams. */
function cli(...args: string[]): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/cli.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('browsertap CLI (built)', function () {
  this.timeout(20_000);
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

  it('daemon starts the composition root, says so on stderr, and writes nothing to stdout', async () => {
    const { code, stdout, stderr } = await cli('daemon');
    expect(code).to.equal(0);
    expect(stdout).to.equal('');
    const lines = stderr
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines[0]?.msg).to.equal(
      `browsertap ${version}: composition root started (domain core, command lifecycle, clock, ids, logging)`,
    );
  });

  it('prints its version on stderr', async () => {
    const { code, stdout, stderr } = await cli('--version');
    expect({ code, stdout, stderr }).to.deep.equal({ code: 0, stdout: '', stderr: `browsertap ${version}\n` });
  });

  it('refuses an unknown command with exit 2 and the usage', async () => {
    const { code, stdout, stderr } = await cli('frobnicate');
    expect(code).to.equal(2);
    expect(stdout).to.equal('');
    expect(stderr).to.contain("'frobnicate'").and.contain('usage: browsertap');
  });
});
