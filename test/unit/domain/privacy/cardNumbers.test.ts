import { expect } from 'chai';
import fc from 'fast-check';
import { CARD_DIGITS, hasCardNumber, luhn } from '../../../../src/domain/privacy/cardNumbers.js';

/** The networks' published test numbers (Stripe's and the networks' own test cards). */
const TEST_CARDS = [
  '4111111111111111', // Visa
  '4222222222222', // Visa, 13 digits
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard, 2-series
  '378282246310005', // American Express
  '6011111111111117', // Discover
  '3530111333300000', // JCB
  '30569309025904', // Diners Club, 14 digits
  '6200000000000005', // UnionPay
  '6759649826438453', // Maestro
];

/** A number of `length` digits from a network's first digit, with the Luhn check digit made right. */
const cardNumber = fc
  .tuple(
    fc.integer({ min: 2, max: 6 }),
    fc.integer({ min: CARD_DIGITS.min, max: CARD_DIGITS.max }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 }),
  )
  .map(([first, length, rest]) => {
    const body = `${first}${rest.slice(0, length - 2).join('')}`;
    const check = [...'0123456789'].find((digit) => luhn(body + digit)) as string;
    return body + check;
  });

/** The digits in groups of 1 to 6, joined by a space, a dash or nothing. */
const grouped = (digits: string) =>
  fc
    .tuple(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 19, maxLength: 19 }), fc.constantFrom(' ', '-', ''))
    .map(([sizes, separator]) => {
      const groups: string[] = [];
      let at = 0;
      for (const size of sizes) {
        if (at >= digits.length) break;
        groups.push(digits.slice(at, at + size));
        at += size;
      }
      return groups.join(separator);
    });

describe('payment card numbers by shape (Luhn)', () => {
  it("finds each network's test number, whole, in groups of four and with dashes", () => {
    for (const card of TEST_CARDS) {
      expect(hasCardNumber(card), card).to.equal(true);
      expect(hasCardNumber(card.replace(/(\d{4})(?=\d)/g, '$1 ')), `${card} in groups`).to.equal(true);
      expect(hasCardNumber(card.replace(/(\d{4})(?=\d)/g, '$1-')), `${card} with dashes`).to.equal(true);
    }
  });

  it('finds any Luhn-valid number of 13 to 19 digits from a network, however it is grouped', () => {
    fc.assert(
      fc.property(
        cardNumber.chain((digits) => grouped(digits)),
        (typed) => hasCardNumber(typed),
      ),
    );
  });

  it('finds the number inside a sentence, or followed by its expiry in the same run of groups', () => {
    expect(hasCardNumber('my card is 4111 1111 1111 1111, thanks')).to.equal(true);
    expect(hasCardNumber('4111 1111 1111 1111 1227')).to.equal(true);
    expect(hasCardNumber('order 12345 4111111111111111')).to.equal(true);
  });

  it('does not take a number whose check digit is wrong: one changed digit is always seen', () => {
    fc.assert(
      fc.property(cardNumber, fc.nat(), fc.integer({ min: 1, max: 9 }), (digits, at, shift) => {
        const i = 1 + (at % (digits.length - 1)); // keep the network's first digit
        const changed = `${digits.slice(0, i)}${(Number(digits[i]) + shift) % 10}${digits.slice(i + 1)}`;
        return !hasCardNumber(changed);
      }),
    );
  });

  it('does not take numbers that start like no payment network, a millisecond time among them', () => {
    expect(luhn('1795400000000')).to.equal(true);
    expect(hasCardNumber('1795400000000')).to.equal(false); // a 13-digit time in ms, Luhn-valid
    expect(hasCardNumber('7992739871300')).to.equal(false);
    expect(hasCardNumber('0000000000000000')).to.equal(false);
  });

  it('does not take runs too short or too long, nor digits split by two separators or other characters', () => {
    expect(hasCardNumber('424242424242')).to.equal(false); // 12 digits
    expect(hasCardNumber('42424242424242424242')).to.equal(false); // 20 digits in one group
    expect(hasCardNumber('4111  1111  1111  1111')).to.equal(false);
    expect(hasCardNumber('4111.1111.1111.1111')).to.equal(false);
    expect(hasCardNumber('+33 6 12 34 56 78')).to.equal(false);
  });

  it('looks at the first 4 096 characters of a text only (bounded work)', () => {
    expect(hasCardNumber(`${'x'.repeat(4_000)} 4111111111111111`)).to.equal(true);
    expect(hasCardNumber(`${'x'.repeat(4_096)} 4111111111111111`)).to.equal(false);
  });
});
