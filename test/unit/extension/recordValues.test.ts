import { expect } from 'chai';
import { notePasswordField, watchPasswordFields } from '../../../extension/src/record/passwordFields.js';
import { recordedValue } from '../../../extension/src/record/values.js';
import { MAX_VALUE, REDACTED_VALUE } from '../../../extension/src/shared/actions.js';
import { withPage } from './support/jsdom.js';

describe('extension recording: values that never leave the page', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const element = (html: string) => {
    page = withPage(html);
    return page.document.querySelector('[data-x]') as Element;
  };
  afterEach(() => page?.close());

  it('keeps what a person typed in an ordinary field', () => {
    expect(recordedValue(element('<input data-x name="city">'), 'Lyon', true)).to.deep.equal({ value: 'Lyon' });
  });

  it(`cuts a value past ${MAX_VALUE} characters and says so`, () => {
    const long = 'x'.repeat(MAX_VALUE + 1);
    expect(recordedValue(element('<textarea data-x></textarea>'), long, true)).to.deep.equal({
      value: 'x'.repeat(MAX_VALUE),
      truncated: true,
    });
    expect(recordedValue(element('<textarea data-x></textarea>'), 'x'.repeat(MAX_VALUE), true)).to.deep.equal({
      value: 'x'.repeat(MAX_VALUE),
    });
  });

  it('redacts a password, naming the field by its label', () => {
    const input = element('<label>Your password <input data-x type="password" name="pw"></label>');
    expect(recordedValue(input, 'hunter2', true)).to.deep.equal({ value: REDACTED_VALUE, value_name: 'Your password' });
  });

  it('redacts card, one-time-code and new/current-password autocomplete fields, named by name or id', () => {
    for (const autocomplete of ['cc-number', 'billing cc-csc', 'one-time-code', 'current-password', 'new-password']) {
      const input = element(`<input data-x autocomplete="${autocomplete}" id="f">`);
      expect(recordedValue(input, '4242 4242 4242 4242', true), autocomplete).to.deep.equal({
        value: REDACTED_VALUE,
        value_name: 'f',
      });
      page?.close();
    }
    page = undefined;
  });

  it('redacts what a secret-named field holds, and an ambiguous name only when the value looks secret', () => {
    expect(recordedValue(element('<input data-x name="api_key">'), 'abc', true).value).to.equal(REDACTED_VALUE);
    page?.close();
    expect(recordedValue(element('<input data-x name="code">'), 'DISCOUNT10', true).value).to.equal('DISCOUNT10');
    page?.close();
    expect(recordedValue(element('<input data-x name="code">'), 'a8F3kQ9zL2mN7pR4', true).value).to.equal(REDACTED_VALUE);
  });

  it('redacts a value the redactor flags whatever the field (a token pasted into a search box)', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(recordedValue(element('<input data-x placeholder="Search">'), jwt, true)).to.deep.equal({
      value: REDACTED_VALUE,
      value_name: 'Search',
    });
  });

  it('redacts a multiple select when one chosen value is secret, and keeps the list otherwise', () => {
    expect(recordedValue(element('<select data-x multiple name="tags"></select>'), ['a', 'b'], true)).to.deep.equal({
      values: ['a', 'b'],
    });
  });

  it('records no value at all while values are off', () => {
    expect(recordedValue(element('<input data-x>'), 'Lyon', false)).to.deep.equal({});
  });

  describe('a field is secret for what it was during the edit, not only at its end', () => {
    let stop: (() => void) | undefined;
    afterEach(() => stop?.());
    const watched = (html: string) => {
      const input = element(html) as HTMLInputElement;
      stop = watchPasswordFields(input.ownerDocument);
      return input;
    };
    /** The page's mutation records are delivered (a microtask), as before the recorder hears the next event. */
    const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('redacts a password shown by an eye button before the edit ended (the field is type=text at its end)', async () => {
      const input = watched('<label>Password <input data-x type="password" name="pw"></label>');
      input.value = 'hunter2-eye';
      notePasswordField(input); // the person's keystrokes
      input.type = 'text'; // the eye button, the focus kept in the field
      await delivered();
      expect(recordedValue(input, input.value, true)).to.deep.equal({ value: REDACTED_VALUE, value_name: 'Password' });
    });

    it('redacts what is typed after the eye button showed the field, before any keystroke', async () => {
      const input = watched('<input data-x type="password" id="pw">');
      input.type = 'text';
      await delivered();
      expect(recordedValue(input, 'typed-while-shown', true).value).to.equal(REDACTED_VALUE);
    });

    it('keeps a password field secret through any number of shows and hides', async () => {
      const input = watched('<input data-x type="password" id="pw">');
      for (const type of ['text', 'password', 'text']) {
        input.type = type;
        await delivered();
      }
      expect(recordedValue(input, 'hunter2', true).value).to.equal(REDACTED_VALUE);
    });

    it('remembers a password field inside a shadow root from the keystrokes it received', async () => {
      const host = element('<div data-x></div>');
      stop = watchPasswordFields(host.ownerDocument);
      const input = host.ownerDocument.createElement('input');
      input.type = 'password';
      host.attachShadow({ mode: 'open' }).append(input);
      notePasswordField(input);
      input.type = 'text';
      await delivered();
      expect(recordedValue(input, 'hunter2', true).value).to.equal(REDACTED_VALUE);
    });

    it('keeps the value of a text field that never was a password', async () => {
      const input = watched('<input data-x type="search" id="q">');
      input.type = 'text';
      await delivered();
      expect(recordedValue(input, 'Lyon', true)).to.deep.equal({ value: 'Lyon' });
    });
  });

  describe("what is not a secret stays recorded: a field's evidence together", () => {
    it('keeps a city typed in a combobox that says autocomplete="new-password" (MUI, Ant Design)', () => {
      const input = element(
        '<label for="c">City</label><input data-x id="c" role="combobox" aria-autocomplete="list" autocomplete="new-password">',
      );
      expect(recordedValue(input, 'Lyon', true)).to.deep.equal({ value: 'Lyon' });
    });

    it('redacts the same token on a type=password field', () => {
      expect(recordedValue(element('<input data-x type="password" autocomplete="new-password">'), 'Lyon', true).value).to.equal(
        REDACTED_VALUE,
      );
    });

    it('takes a listbox popup, aria-controls naming a listbox, type=search or a datalist as a search', () => {
      for (const html of [
        '<input data-x aria-haspopup="listbox" autocomplete="new-password">',
        '<input data-x aria-controls="opts" autocomplete="current-password"><ul id="opts" role="listbox"></ul>',
        '<input data-x type="search" autocomplete="new-password">',
        '<input data-x list="cities" autocomplete="new-password"><datalist id="cities"></datalist>',
      ]) {
        expect(recordedValue(element(html), 'Lyon', true).value, html).to.equal('Lyon');
        page?.close();
      }
      page = undefined;
    });

    it('still redacts a card number or a token typed into a search box', () => {
      expect(recordedValue(element('<input data-x role="combobox">'), '4111 1111 1111 1111', true).value).to.equal(
        REDACTED_VALUE,
      );
    });

    it('redacts new-password on a text field with nothing that says search', () => {
      expect(recordedValue(element('<input data-x autocomplete="new-password">'), 'Lyon', true).value).to.equal(REDACTED_VALUE);
    });
  });

  describe('secrets by shape and by name, whatever the autocomplete says', () => {
    it('redacts a Luhn-valid card number in a field without cc-* autocomplete, and in a sentence in a textarea', () => {
      expect(recordedValue(element('<input data-x name="payment">'), '4111 1111 1111 1111', true).value).to.equal(REDACTED_VALUE);
      page?.close();
      expect(recordedValue(element('<textarea data-x></textarea>'), 'card 5555-5555-5555-4444 exp 12/27', true).value).to.equal(
        REDACTED_VALUE,
      );
    });

    it('keeps a phone number and an order number that are not card numbers', () => {
      expect(recordedValue(element('<input data-x name="phone">'), '+33 6 12 34 56 78', true).value).to.equal(
        '+33 6 12 34 56 78',
      );
      page?.close();
      expect(recordedValue(element('<input data-x name="order">'), '4111 1111 1111 1112', true).value).to.equal(
        '4111 1111 1111 1112',
      );
    });

    it('redacts a one-time code by the field name, label or autocomplete, and keeps a postal code', () => {
      for (const html of [
        '<input data-x name="verification_code" inputmode="numeric">',
        '<input data-x name="2fa" inputmode="numeric">',
        '<input data-x aria-label="Please enter OTP character 1" maxlength="1">',
        '<label>Authentication code <input data-x></label>',
        '<input data-x autocomplete="one-time-code">',
      ]) {
        expect(recordedValue(element(html), '4', true).value, html).to.equal(REDACTED_VALUE);
        page?.close();
      }
      expect(
        recordedValue(element('<label>Postal code <input data-x name="postal_code"></label>'), '75001', true).value,
      ).to.equal('75001');
    });

    it('redacts a pass phrase typed into a contenteditable named like a secret', () => {
      expect(
        recordedValue(element('<div data-x id="passphrase" contenteditable="true"></div>'), 'vault phrase amber-otter-42', true),
      ).to.deep.equal({
        value: REDACTED_VALUE,
        value_name: 'passphrase',
      });
    });
  });
});
