import { expect } from 'chai';
import { KeyFailure, parseKey } from '../../../extension/src/inject/keyboard.js';

describe('extension press_key: key combinations', () => {
  it('reads named keys, characters and modifiers, with the code and legacy keyCode a real press has', () => {
    expect(parseKey('Enter')).to.include({ key: 'Enter', code: 'Enter', keyCode: 13, ctrlKey: false });
    expect(parseKey('Control+A')).to.include({ key: 'a', code: 'KeyA', keyCode: 65, ctrlKey: true });
    expect(parseKey('Shift+a')).to.include({ key: 'A', code: 'KeyA', shiftKey: true });
    expect(parseKey('Shift+Tab')).to.include({ key: 'Tab', keyCode: 9, shiftKey: true });
    expect(parseKey('A')).to.include({ key: 'A', code: 'KeyA' }); // as given: a capital, as a user typing it
    expect(parseKey('7')).to.include({ key: '7', code: 'Digit7', keyCode: 55 });
    expect(parseKey('Space')).to.include({ key: ' ', code: 'Space', keyCode: 32 });
    expect(parseKey('+')).to.include({ key: '+' });
    expect(parseKey('Control++')).to.include({ key: '+', ctrlKey: true });
    expect(parseKey('é')).to.include({ key: 'é', keyCode: 0 });
  });

  it('refuses what is not a key or not a modifier, saying which', () => {
    expect(() => parseKey('Hyper+X')).to.throw(KeyFailure, '"Hyper" in "Hyper+X" is not a modifier');
    expect(() => parseKey('Return')).to.throw(KeyFailure, '"Return" is not a key');
    expect(() => parseKey('')).to.throw(KeyFailure);
  });
});
