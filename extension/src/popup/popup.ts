import type { PopupStatus } from '../worker/popupApi.js';

// The popup: connection state, the current tab's tracking (with a button to change it), tracked
// tabs, what was sent, and the daemon port. Everything comes from the service worker.

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function ask(message: Record<string, unknown>): Promise<void> {
  const answer = (await chrome.runtime.sendMessage(message)) as PopupStatus | { error: string };
  if ('error' in answer) {
    $('error').textContent = answer.error;
    return;
  }
  $('error').textContent = '';
  render(answer);
}

function render(status: PopupStatus): void {
  $('dot').classList.toggle('on', status.connected);
  $('state').textContent = status.connected
    ? `Connected to the daemon on port ${status.port}`
    : `No daemon on port ${status.port}`;
  if (!status.connected && status.lastError)
    $('error').textContent = `${status.lastError} — is \`browsertap daemon\` (or an MCP client using browsertap) running?`;
  const toggle = $<HTMLButtonElement>('toggle');
  const current = status.current;
  if (current === undefined || !/^https?:/.test(current.url)) {
    $('current').textContent = current?.url ? '(not a web page)' : '';
    toggle.hidden = true;
    $('hint').textContent = '';
  } else {
    $('current').textContent = current.tracked ? (current.auto ? 'tracked (development origin)' : 'tracked') : 'not tracked';
    toggle.hidden = current.auto;
    toggle.textContent = current.tracked ? 'Stop tracking this tab' : 'Track this tab';
    toggle.onclick = () => void ask({ type: current.tracked ? 'popup:untrack' : 'popup:track', tabId: current.id });
    $('hint').textContent = current.tracked && !current.auto ? 'Reload the page to capture from its first line.' : '';
  }
  renderRecording(status.current);
  renderPoint(status.current);
  const list = $('tabs');
  list.replaceChildren(
    ...(status.tabs.length === 0
      ? [Object.assign(document.createElement('li'), { textContent: 'none', className: 'muted' })]
      : status.tabs.map((tab) =>
          Object.assign(document.createElement('li'), { textContent: `${tab.title || tab.url} — ${tab.url}`, title: tab.url }),
        )),
  );
  const rows = Object.entries(status.sent).map(([kind, count]) => [kind, String(count)]);
  rows.push(
    ['held (daemon unreachable)', String(status.held)],
    ['rejected by the daemon', String(status.rejected)],
    ['dropped', String(status.dropped)],
  );
  $('counts').replaceChildren(
    ...rows.map(([name, value]) => {
      const row = document.createElement('tr');
      row.append(
        Object.assign(document.createElement('td'), { textContent: name }),
        Object.assign(document.createElement('td'), { textContent: value }),
      );
      return row;
    }),
  );
  const port = $<HTMLInputElement>('port');
  if (document.activeElement !== port) port.value = String(status.port);
  $('instance').textContent = status.instanceId ? `instance ${status.instanceId}` : '';
}

/** Whether the person's actions are recorded in this tab (docs/mcp-tools.md), and the switch to stop or resume it here. */
function renderRecording(current: PopupStatus['current']): void {
  const box = $('recording');
  box.hidden = current === undefined || !current.tracked;
  if (current === undefined || !current.tracked) return;
  const toggle = $<HTMLButtonElement>('recording-toggle');
  if (current.recordingDisabled) {
    $('recording-state').textContent = 'Your actions are not recorded: recording is off (configure recording).';
    toggle.hidden = true;
    return;
  }
  $('recording-state').textContent = current.recording
    ? `Your clicks, keys and typing in this tab are recorded for your agent${current.values ? '' : ' (without what you type)'}; passwords and secrets never leave the page.`
    : 'Your actions in this tab are not recorded.';
  toggle.hidden = false;
  toggle.textContent = current.recording ? 'Stop recording this tab' : 'Record this tab';
  toggle.onclick = () => void ask({ type: 'popup:recording', tabId: current.id, on: !current.recording });
}

/** "Point at an element" in a tracked tab; the popup closes so the person can point. */
function renderPoint(current: PopupStatus['current']): void {
  const box = $('point-box');
  box.hidden = current === undefined || !current.tracked || !/^https?:/.test(current.url);
  if (box.hidden || current === undefined) return;
  $<HTMLButtonElement>('point').onclick = async () => {
    const answer = (await chrome.runtime.sendMessage({ type: 'popup:point', tabId: current.id })) as { error?: string };
    if (answer?.error !== undefined) $('error').textContent = answer.error;
    else window.close();
  };
}

void chrome.commands.getAll().then((commands) => {
  const shortcut = commands.find((command) => command.name === 'point')?.shortcut;
  $('point-key').textContent = shortcut ? `(${shortcut})` : '(set a shortcut in chrome://extensions/shortcuts)';
});

$('save').addEventListener('click', () => void ask({ type: 'popup:port', port: Number($<HTMLInputElement>('port').value) }));
void ask({ type: 'popup:status' });
setInterval(() => void ask({ type: 'popup:status' }), 1_000);
