/**
 * The status page at `/` (docs/install.md): plain HTML, one stylesheet and one small script, all served
 * by the daemon from its own origin. The script reads `/status.json` every second and writes
 * every value with `textContent`, never as HTML: page titles, URLs and error messages come from
 * hostile pages. The token appears nowhere. Without proof of being the local user the data is
 * counts only (docs/security.md), and the page says how to unlock it: `browsertap status --open` opens
 * `/?key=…`, which leaves a cookie and comes back here.
 */
export const STATUS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>browsertap status</title>
<link rel="stylesheet" href="/status.css">
<script src="/status.js" defer></script>
</head>
<body>
<header><h1>browsertap</h1><p id="summary" role="status">loading…</p></header>
<p id="locked" hidden>Counts only: tab titles, addresses, error messages and commands are shown to the local user. Run <code>browsertap status --open</code> to open this page unlocked.</p>
<main>
<section><h2>Connection</h2><dl id="connection"></dl></section>
<section><h2>Tracked tabs</h2><table id="tabs"><thead><tr><th>tab</th><th>title</th><th>url</th><th>updated</th></tr></thead><tbody></tbody></table></section>
<section><h2>Recent errors</h2><table id="errors"><thead><tr><th>time</th><th>message</th><th>page</th></tr></thead><tbody></tbody></table></section>
<section><h2>Commands in flight</h2><table id="in-flight"><thead><tr><th>action</th><th>state</th><th>tab</th><th>queued</th></tr></thead><tbody></tbody></table></section>
<section><h2>Failed commands</h2><table id="failed"><thead><tr><th>action</th><th>error</th><th>tab</th><th>queued</th></tr></thead><tbody></tbody></table></section>
<section><h2>Buffers</h2><table id="buffers"><thead><tr><th>buffer</th><th>entries</th><th>capacity</th><th>evicted</th></tr></thead><tbody></tbody></table></section>
</main>
<footer><p>Updated <span id="updated">never</span>. This page reads only this daemon, on 127.0.0.1.</p></footer>
</body>
</html>
`;

export const STATUS_CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{background:#1d3557;color:#fff;padding:12px 20px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0}
main{padding:8px 20px;display:grid;gap:12px;grid-template-columns:repeat(auto-fit,minmax(420px,1fr))}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 12px;overflow:auto}
h2{font-size:15px;margin:4px 0 8px}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:3px 6px;border-bottom:1px solid #eee;vertical-align:top;word-break:break-word}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}dt{color:#555}dd{margin:0}
#locked{margin:8px 20px 0;padding:8px 12px;background:#fff4ce;border:1px solid #e0c060;border-radius:6px}
.bad{color:#b00020;font-weight:600}.ok{color:#1b7f3b;font-weight:600}.empty{color:#777;font-style:italic}
footer{padding:4px 20px;color:#666;font-size:12px}`;

export const STATUS_JS = `'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const cell = (text) => { const td = document.createElement('td'); td.textContent = text == null ? '' : String(text); return td; };
  const time = (iso) => (iso ? new Date(iso).toLocaleTimeString() : '');
  function rows(id, items, columns, emptyText) {
    const body = $(id).tBodies[0];
    const fresh = document.createElement('tbody');
    if (items.length === 0) {
      const tr = document.createElement('tr'); const td = cell(emptyText);
      td.colSpan = columns; td.className = 'empty'; tr.append(td); fresh.append(tr);
    }
    for (const values of items) { const tr = document.createElement('tr'); for (const v of values) tr.append(cell(v)); fresh.append(tr); }
    body.replaceWith(fresh);
  }
  function definitions(id, pairs) {
    const dl = $(id); dl.replaceChildren();
    for (const [term, value, cls] of pairs) {
      const dt = document.createElement('dt'); dt.textContent = term;
      const dd = document.createElement('dd'); dd.textContent = value; if (cls) dd.className = cls;
      dl.append(dt, dd);
    }
  }
  function render(s) {
    const h = s.health; const ext = h.extension; const n = s.counts;
    const mismatch = ext.version !== undefined && ext.version !== h.version;
    $('summary').textContent = (ext.connected ? 'extension connected' : 'extension not connected') +
      ' · ' + n.tabs + ' tracked tab(s) · ' + n.commands_in_flight + ' command(s) in flight · ' + s.subscribed_clients + ' subscribed client(s)';
    definitions('connection', [
      ['extension', ext.connected ? 'connected' : 'not connected', ext.connected ? 'ok' : 'bad'],
      ['last seen', ext.last_seen ? new Date(ext.last_seen).toLocaleString() : 'never'],
      ['daemon version', h.version],
      ['extension version', ext.version === undefined ? 'unknown' : ext.version + (mismatch ? ' (differs from the daemon)' : ''), mismatch ? 'bad' : ''],
      ['uptime', h.uptime_s + ' s'],
      ['MCP clients', String(h.commands.clients)],
      ['subscribed clients', String(s.subscribed_clients)],
      ['commands', h.commands.in_flight + ' in flight, ' + h.commands.completed + ' completed, ' + h.commands.failed + ' failed'],
    ]);
    rows('buffers', Object.entries(h.buffers).map(([name, b]) => [name, b.size, b.capacity, b.evicted]), 4, '');
    const locked = s.access === 'counts';
    $('locked').hidden = !locked;
    if (locked) {
      // Counts only: the details need proof of being the local user (run browsertap status --open).
      rows('tabs', [], 4, n.tabs + ' tracked tab(s); details hidden');
      rows('errors', [], 3, n.recent_errors + ' recent error(s); details hidden');
      rows('in-flight', [], 4, n.commands_in_flight + ' command(s) in flight; details hidden');
      rows('failed', [], 4, n.commands_failed + ' failed command(s); details hidden');
    } else {
      rows('tabs', s.tabs.map((t) => [t.tab_id, t.title, t.url, time(t.updated_at)]), 4, 'no tracked tab: click the browsertap icon on a tab to track it');
      rows('errors', s.recent_errors.slice().reverse().map((e) => [time(e.ts), e.message, e.url]), 3, 'no errors captured');
      rows('in-flight', s.commands.in_flight.map((c) => [c.action, c.state, c.tab_id, time(c.queued_at)]), 4, 'none');
      rows('failed', s.commands.failed.slice().reverse().map((c) => [c.action, c.error ? c.error + ': ' + c.message : c.state, c.tab_id, time(c.queued_at)]), 4, 'none');
    }
    $('updated').textContent = new Date().toLocaleTimeString();
  }
  async function refresh() {
    try {
      const response = await fetch('/status.json', { cache: 'no-store' });
      if (!response.ok) throw new Error('HTTP ' + response.status);
      render(await response.json());
    } catch (error) {
      $('summary').textContent = 'the daemon does not answer (' + error.message + '); retrying';
    }
    setTimeout(refresh, 1000);
  }
  refresh();
})();
`;
