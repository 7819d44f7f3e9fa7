import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { RECORD } from '../../extension/src/record/Recorder.js';
import { listenLocal } from '../support/servers.js';
import { launchPlaywright } from './support/chromium.js';
import { type Agent, observeUntil, openTrackedPage, startAgent } from './support/stack.js';

// The person's secrets never leave the page, whatever the field does while they type, and what
// is not a secret stays recorded (docs/security.md, "What the person types"). The person is
// Playwright's own mouse and keyboard at a person's pace: a click held ~90 ms, keys 40 ms apart.

const PASSWORD = 'Hunter2-eye-Secret';
const CARD = '4111 1111 1111 1111';
const SMS = '482913';
const PHRASE = 'vault phrase amber-otter-42';
const CITY = 'Lyon';
const NEW_PASSWORD = 'Nouveau-Mot-7';
/** Typed into a rich-text editor labelled as a recovery phrase, with a bold key and a new paragraph between its parts. */
const RICH = ['Quokka-', 'Zebulon', 'Wombat77'] as const;
const SECRETS = {
  password: PASSWORD,
  card: CARD,
  sms: SMS,
  phrase: PHRASE,
  'new password': NEW_PASSWORD,
  ...Object.fromEntries(RICH.map((part, i) => [`rich-text phrase, part ${i + 1}`, part])),
};

// One page, the forms people meet: a login (labelled in Japanese, so nothing but the field's type
// says password) whose eye button keeps the focus (preventDefault on mousedown) and shows the
// password before the edit ends; a payment field with no cc-* autocomplete; an SMS code named
// verification_code; a pass phrase in a contenteditable; a combobox that turns autofill off with
// autocomplete="new-password" (as MUI's country-select demo does) beside a real new-password field;
// a rich-text editor labelled "Recovery phrase" typed with Control+B and Enter between the parts
// (recorded as typing: each part its own fill, the keys presses).
const PAGE = `<!doctype html><html><head><title>secrets</title></head><body>
<form id="login" onsubmit="event.preventDefault()">
  <p><label>Username <input name="username" autocomplete="username"></label></p>
  <p><label for="pw">パスワード</label> <input id="pw" type="password" name="pw">
     <button type="button" id="eye" aria-label="Show password">👁</button></p>
</form>
<form id="pay" onsubmit="event.preventDefault()">
  <p><label>Payment <input name="payment" inputmode="numeric"></label></p>
  <p><label>Code we sent you <input name="verification_code" inputmode="numeric"></label></p>
</form>
<p>Pass phrase</p>
<div id="passphrase" contenteditable="true" class="editor" style="min-height: 2em; border: 1px solid"></div>
<p><label for="city">City</label>
  <input id="city" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="city-options" autocomplete="new-password" name="city">
  <ul id="city-options" role="listbox"></ul></p>
<p><label>New password <input type="password" name="new_pw" autocomplete="new-password"></label></p>
<div id="recovery" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Recovery phrase" style="min-height: 2em; border: 1px solid"></div>
<p><button type="button" id="done">Done</button></p>
<script>
  const eye = document.getElementById('eye');
  const pw = document.getElementById('pw');
  eye.addEventListener('mousedown', (event) => event.preventDefault()); // the field keeps the focus
  eye.addEventListener('click', () => { pw.type = pw.type === 'password' ? 'text' : 'password'; });
</script>
</body></html>`;

describe("e2e: the person's secrets stay in the page, their other values are kept", function () {
  this.timeout(120_000);
  let agent: Agent;
  let browser: Awaited<ReturnType<typeof launchPlaywright>>;
  let server: Awaited<ReturnType<typeof listenLocal>>;
  let page: Page;
  let tabId: number;
  let human: any[] = [];
  /** Every answer an agent can read about the session, as text, by what it was. */
  const answers = new Map<string, string>();

  const clickOn = async (selector: string) => {
    const box = await page.locator(selector).boundingBox();
    if (box === null) throw new Error(`${selector} has no box`);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { delay: 90 });
  };
  const typeIn = async (selector: string, text: string) => {
    await clickOn(selector);
    await page.keyboard.type(text, { delay: 40 });
  };

  before(async function () {
    server = await listenLocal((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
    );
    const url = `http://127.0.0.1:${server.port}/secrets.html`;
    agent = await startAgent();
    browser = await launchPlaywright(agent.port);
    await agent.extensionConnected();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    tabId = await openTrackedPage(agent, page, url);

    await typeIn('#passphrase', PHRASE);
    const phraseNamed = Date.now();
    await typeIn('input[name=username]', 'ann');
    await typeIn('#pw', PASSWORD);
    await clickOn('#eye'); // shows the password: the field is type=text when the edit ends
    await page.waitForFunction(() => (document.getElementById('pw') as HTMLInputElement).type === 'text');
    await typeIn('input[name=payment]', CARD);
    await typeIn('input[name=verification_code]', SMS);
    await typeIn('#city', CITY);
    await typeIn('input[name=new_pw]', NEW_PASSWORD);
    await typeIn('#recovery', RICH[0]);
    await page.keyboard.press('Control+B', { delay: 40 });
    await page.keyboard.type(RICH[1], { delay: 40 });
    await page.keyboard.press('Enter', { delay: 40 });
    await page.keyboard.type(RICH[2], { delay: 40 });
    await clickOn('#done');
    // A later click on the editor that holds the phrase, named anew: the name taken at the first
    // click stands for RECORD.namedForMs, so the click waits for that window to pass.
    const left = phraseNamed + RECORD.namedForMs + 100 - Date.now();
    if (left > 0) await page.waitForTimeout(left);
    await clickOn('#passphrase');
    await clickOn('#done');

    human = await observeUntil(
      agent,
      { what: 'actions', by: 'human', detail: 'full' },
      (entries) => entries.filter((entry) => entry.type === 'click' && entry.locator?.includes('Done')).length === 2,
      15_000,
    );
    answers.set('actions', JSON.stringify(await agent.ok('observe', { what: 'actions', limit: 1000 })));
    answers.set('actions full', JSON.stringify(human));
    answers.set('timeline', JSON.stringify(await agent.ok('observe', { what: 'timeline', tab_id: tabId })));
    for (const format of ['playwright', 'steps']) {
      const answer = await agent.call('observe', { what: 'reproduction', tab_id: tabId, format, from: human[0].id });
      expect(answer.isError, JSON.stringify(answer.raw)).to.equal(false);
      answers.set(`reproduction ${format}`, JSON.stringify(answer.raw));
    }
    for (const entry of human)
      answers.set(`entry ${entry.id}`, JSON.stringify(await agent.ok('observe', { what: 'entry', id: entry.id })));
  });

  after(async function () {
    await browser?.stop();
    await agent?.stop();
    await server?.close();
  });

  const fillOf = (name: RegExp) =>
    human.find((entry) => entry.type === 'fill' && name.test(entry.value_name ?? entry.name ?? ''));

  for (const [what, secret] of Object.entries(SECRETS)) {
    it(`leaves the ${what} in no answer: actions, timeline, reproduction (file and steps), entries`, function () {
      expect(answers.size).to.be.at.least(6);
      for (const [answer, text] of answers) expect(text, `${what} in ${answer}`).not.to.include(secret);
    });
  }

  it('records each secret as [redacted], the eye-button password, the card number, the SMS code and the phrase alike', function () {
    for (const name of [/^パスワード$/, /^Payment$/, /^Code we sent you$/, /phrase/, /^New password$/]) {
      expect(fillOf(name)?.value, `${name}: ${JSON.stringify(human)}`).to.equal('[redacted]');
    }
  });

  it('records the rich-text phrase as typing, each part [redacted], the bold key and the new paragraph as presses', function () {
    const inEditor = human.filter((entry) => /Recovery phrase/.test(`${entry.locator}`) && entry.type !== 'click');
    expect(
      inEditor.map((entry) => [entry.type, entry.value ?? entry.key, entry.typed]),
      JSON.stringify(inEditor),
    ).to.deep.equal([
      ['fill', '[redacted]', true],
      ['press', 'Control+B', undefined],
      ['fill', '[redacted]', true],
      ['press', 'Enter', undefined],
      ['fill', '[redacted]', true],
    ]);
  });

  it('reads every redacted value of the generated file from the environment', function () {
    const file = JSON.parse(answers.get('reproduction playwright') as string).content[1].text as string;
    for (const name of ['PAYMENT', 'CODE_WE_SENT_YOU', 'NEW_PASSWORD', ...[1, 2, 3].map((n) => `RECOVERY_PHRASE_PART_${n}`)])
      expect(file).to.include(`process.env.BROWSERTAP_${name} ?? ''`);
    expect(file.match(/process\.env\.BROWSERTAP_\w+ \?\? ''/g), file).to.have.length(8);
  });

  it('writes none of the secrets to the daemon log', function () {
    const log = join(agent.stateDir, 'daemon.log');
    expect(existsSync(log), 'the daemon writes its log').to.equal(true);
    const text = readFileSync(log, 'utf8');
    for (const secret of Object.values(SECRETS)) expect(text).not.to.include(secret);
  });

  it('names a later click on the editor that received the phrase by something other than its text, and the locator finds it', async function () {
    const clicks = human.filter((entry) => entry.type === 'click' && entry.selector !== undefined);
    const onEditor = clicks.filter((entry) => /phrase/.test(`${entry.locator} ${entry.selector}`));
    expect(onEditor.length, JSON.stringify(clicks)).to.be.at.least(2);
    const later = onEditor.at(-1);
    expect(later.locator).to.equal(`locator('#passphrase')`);
    expect(await page.locator('#passphrase').count()).to.equal(1);
  });

  it('keeps the city typed into a combobox that says autocomplete="new-password"', function () {
    expect(fillOf(/^City$/)?.value, JSON.stringify(human.filter((entry) => entry.type === 'fill'))).to.equal(CITY);
  });
});
