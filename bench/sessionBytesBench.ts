// What reading a person's session costs an agent (docs/mcp-tools.md): the UTF-8 bytes of the tool result's
// text for `observe actions` (compact and full), `observe timeline` (whole and `around` the
// error) and `observe reproduction` (`steps` and `playwright`), for a session of 20 actions with
// the requests, logs and error they caused, as the extension posts them. In-process daemon (the
// same code the CLI runs); nothing is written. Run: node --import tsx bench/sessionBytesBench.ts
import 'reflect-metadata';
import { logEntry, startHarness } from '../test/support/daemonHarness.js';

const T = Date.now() - 120_000;
const ORIGIN = 'http://localhost:5173';

const at = (s: number) => T + s * 1_000;
const action = (s: number, type: string, extra: Record<string, unknown> = {}) => ({
  ts: at(s),
  tab_id: 7,
  by: 'human',
  type,
  url: `${ORIGIN}/pets/new`,
  ...extra,
});
const role = (kind: string, name: string) => `getByRole('${kind}', { name: '${name}', exact: true })`;
const label = (name: string) => `getByLabel('${name}', { exact: true })`;

/** A person adds a pet: 20 actions, the last click's save answered 500 and the page throwing. */
const ACTIONS = [
  action(0, 'navigate', { url: `${ORIGIN}/`, navigation: 'load' }),
  action(2, 'click', { url: `${ORIGIN}/`, locator: role('link', 'Pets'), selector: 'a[href="/pets"]' }),
  action(2.1, 'navigate', { url: `${ORIGIN}/pets`, navigation: 'push' }),
  action(4, 'click', { url: `${ORIGIN}/pets`, locator: role('button', 'Add pet'), selector: 'role=button[name="Add pet"]' }),
  action(4.1, 'navigate', { navigation: 'push' }),
  action(6, 'fill', { locator: label('Name'), selector: '#name', value: 'Rex' }),
  action(8, 'select', { locator: label('Species'), selector: '#species', value: 'dog' }),
  action(10, 'fill', { locator: label('Born'), selector: '#born', value: '2021-04-02' }),
  action(12, 'check', { locator: role('checkbox', 'Vaccinated'), selector: '#vaccinated' }),
  action(14, 'fill', { locator: label('Owner email'), selector: '#email', value: 'ann@example.test' }),
  action(16, 'fill', { locator: label('Password'), selector: '#password', value: '[redacted]', value_name: 'Password' }),
  action(18, 'click', { locator: role('button', 'Add photo'), selector: 'role=button[name="Add photo"]' }),
  action(20, 'upload', {
    locator: label('Photo'),
    selector: '#photo',
    files: [{ name: 'rex.jpg', size: 48_213, type: 'image/jpeg' }],
  }),
  action(22, 'scroll', { x: 0, y: 640 }),
  action(24, 'fill', { locator: label('Notes'), selector: '#notes', value: 'Friendly, likes walks' }),
  action(26, 'press', { locator: label('Notes'), selector: '#notes', key: 'Tab' }),
  action(28, 'check', { locator: role('radio', 'Large'), selector: '#size-large' }),
  action(30, 'uncheck', { locator: role('checkbox', 'Newsletter'), selector: '#newsletter' }),
  action(32, 'dblclick', { locator: role('button', 'Preview'), selector: 'role=button[name="Preview"]' }),
  action(34, 'click', { locator: role('button', 'Save'), selector: 'role=button[name="Save"]' }),
];

const REQUESTS = [
  ...Array.from({ length: 12 }, (_, i) => ({
    url: `${ORIGIN}/${i < 6 ? `assets/chunk-${i}.js` : `api/breeds?page=${i}`}`,
    method: 'GET',
    status: 200,
    duration_ms: 18 + i,
    ts: at(i < 6 ? 0.2 : 8 + i * 0.1),
    tab_id: 7,
  })),
  { url: `${ORIGIN}/api/upload`, method: 'POST', status: 201, duration_ms: 140, ts: at(20.2), tab_id: 7 },
  { url: `${ORIGIN}/api/pets`, method: 'POST', status: 500, duration_ms: 95, ts: at(34.05), tab_id: 7 },
];

const LOGS = [
  logEntry({ ts: at(0.5), level: 'log', message: '[vite] connected.', url: `${ORIGIN}/`, tab_id: 7 }),
  logEntry({ ts: at(8.2), level: 'warn', message: 'Species list is cached', url: `${ORIGIN}/pets/new`, tab_id: 7 }),
  logEntry({
    ts: at(34.15),
    message: "TypeError: Cannot read properties of undefined (reading 'id')",
    url: `${ORIGIN}/pets/new`,
    tab_id: 7,
    stack: `TypeError: Cannot read properties of undefined (reading 'id')\n    at savePet (${ORIGIN}/src/pets/save.ts:41:22)\n    at onSubmit (${ORIGIN}/src/pets/PetForm.tsx:88:5)`,
  }),
];

const h = await startHarness();
try {
  const ext = h.extension();
  await ext.send('/actions', ACTIONS);
  await ext.send('/network-bodies', REQUESTS);
  await ext.send('/logs', LOGS);
  const client = await h.client();
  const text = async (args: Record<string, unknown>) => {
    const result = (await client.callTool({ name: 'observe', arguments: args })) as { content: Array<{ text?: string }> };
    return result.content.map((block) => block.text ?? '').join('\n');
  };
  const errors = JSON.parse(await text({ what: 'errors', detail: 'full' })) as { entries?: Array<{ id: string }> };
  const errorId = errors.entries?.[0]?.id ?? 'l3';
  const rows: Array<[string, string]> = [
    ['observe actions (compact)', await text({ what: 'actions' })],
    ['observe actions, detail full', await text({ what: 'actions', detail: 'full' })],
    ['observe timeline', await text({ what: 'timeline' })],
    [`observe timeline around the error (${errorId})`, await text({ what: 'timeline', around: errorId })],
    ['observe reproduction, format steps', await text({ what: 'reproduction', format: 'steps' })],
    ['observe reproduction, format playwright', await text({ what: 'reproduction', format: 'playwright' })],
  ];
  console.log(`A session of ${ACTIONS.length} actions, ${REQUESTS.length} requests, ${LOGS.length} logs (one error):\n`);
  console.log('| answer | bytes of its text | ≈ tokens |\n| --- | --- | --- |');
  for (const [name, body] of rows) {
    const bytes = Buffer.byteLength(body, 'utf8');
    console.log(`| ${name} | ${bytes.toLocaleString('en').replace(/,/g, ' ')} | ${Math.round(bytes / 4)} |`);
  }
  if (process.env.SHOW) for (const [name, body] of rows) console.log(`\n--- ${name}\n${body}`);
} finally {
  await h.stop();
}
