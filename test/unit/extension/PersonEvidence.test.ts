import { expect } from 'chai';
import { type Press, PersonEvidence, SCROLL_INTENT_MS } from '../../../extension/src/record/PersonEvidence.js';

interface Fake {
  readonly name: string;
  readonly form?: Fake;
}

function setup(scrollbarAt?: Fake | 'page') {
  const asked: string[] = [];
  const evidence = new PersonEvidence<Fake>({
    inForm: (element, form) => element === form || element.form === form,
    onScrollbar: (_press, scrolled) => {
      asked.push(scrolled?.name ?? 'page');
      return scrollbarAt === (scrolled ?? 'page');
    },
  });
  return { evidence, asked };
}
const form: Fake = { name: 'form' };
const field: Fake = { name: 'field', form };
const other: Fake = { name: 'other' };
const press = (target: Fake, at: number, button = 0): Press<Fake> => ({ target, x: 10, y: 10, button, at });

describe('extension recording: what the person did, told from what a page script made the browser do', () => {
  describe('a text field’s input', () => {
    it("is the person's after their key in that field in the same task, once", () => {
      const { evidence } = setup();
      evidence.keyDown(field, 'a', false, 0);
      expect(evidence.typed(field)).to.equal(true);
      expect(evidence.typed(field), 'the key was used').to.equal(false);
    });

    it("is the person's after a trusted beforeinput (paste, drop, composition) or their press on it", () => {
      const { evidence } = setup();
      evidence.beforeInput(field);
      expect(evidence.typed(field)).to.equal(true);
      evidence.pointerDown(press(field, 0));
      expect(evidence.typed(field)).to.equal(true);
    });

    it('is not the person’s with no key of theirs (execCommand insertText), in another field, or in a later task', () => {
      const { evidence } = setup();
      expect(evidence.typed(field)).to.equal(false);
      evidence.keyDown(other, 'a', false, 0);
      expect(evidence.typed(field)).to.equal(false);
      evidence.keyDown(field, 'a', false, 0);
      evidence.taskEnded();
      expect(evidence.typed(field)).to.equal(false);
    });
  });

  describe('a checkbox’s or radio’s change', () => {
    it("is the person's after their trusted click on that very input", () => {
      const { evidence } = setup();
      evidence.clicked(field);
      expect(evidence.toggled(field)).to.equal(true);
    });

    it('is not the person’s after no click (checkbox.click()), a click elsewhere, or a click in an earlier task', () => {
      const { evidence } = setup();
      expect(evidence.toggled(field)).to.equal(false);
      evidence.clicked(other);
      expect(evidence.toggled(field)).to.equal(false);
      evidence.clicked(field);
      evidence.taskEnded();
      expect(evidence.toggled(field)).to.equal(false);
    });
  });

  describe('a submit', () => {
    it("is the person's after their click or Enter in that form", () => {
      const { evidence } = setup();
      evidence.clicked(field);
      expect(evidence.submitted(form)).to.equal(true);
      evidence.keyDown(field, 'Enter', false, 0);
      expect(evidence.submitted(form)).to.equal(true);
    });

    it('is not the person’s after none (requestSubmit()), another key, or a click outside the form', () => {
      const { evidence } = setup();
      expect(evidence.submitted(form)).to.equal(false);
      evidence.keyDown(field, 'a', false, 0);
      expect(evidence.submitted(form)).to.equal(false);
      evidence.clicked(other);
      expect(evidence.submitted(form)).to.equal(false);
    });
  });

  describe('a scroll', () => {
    it(`is the person's within ${SCROLL_INTENT_MS} ms of their wheel or touch, and goes on as long as it keeps moving`, () => {
      const { evidence } = setup();
      evidence.wheelOrTouch(1_000);
      expect(evidence.scrolled(undefined, 1_000 + SCROLL_INTENT_MS)).to.equal(true);
      expect(evidence.scrolled(undefined, 1_000 + 2 * SCROLL_INTENT_MS), 'a fling that goes on').to.equal(true);
      expect(evidence.scrolled(undefined, 1_000 + 3 * SCROLL_INTENT_MS + 1)).to.equal(false);
    });

    it("is the person's after a scrolling key, not after a key typed into a field (scrollTo after a key)", () => {
      const { evidence } = setup();
      evidence.keyDown(field, 'a', false, 1_000);
      expect(evidence.scrolled(undefined, 1_100)).to.equal(false);
      evidence.keyDown(other, 'PageDown', true, 1_200);
      expect(evidence.scrolled(undefined, 1_300)).to.equal(true);
    });

    it("is the person's after a press on the scrollbar of what scrolled, asked once per scrolled element", () => {
      const { evidence, asked } = setup(other);
      evidence.pointerDown(press(other, 1_000));
      expect(evidence.scrolled(undefined, 1_050), 'the page is not what was pressed').to.equal(false);
      expect(evidence.scrolled(other, 1_100)).to.equal(true);
      expect(evidence.scrolled(other, 1_900)).to.equal(true);
      expect(asked).to.deep.equal(['page', 'other']);
    });

    it('is not the person’s after an ordinary press (a page scrolling as it answers a click), nor past the window', () => {
      const { evidence } = setup();
      evidence.pointerDown(press(field, 1_000));
      expect(evidence.scrolled(undefined, 1_100)).to.equal(false);
      evidence.pointerDown(press(field, 2_000, 1));
      expect(evidence.scrolled(undefined, 2_000 + SCROLL_INTENT_MS), 'a middle-button press').to.equal(true);
      expect(evidence.scrolled(undefined, 2_000 + 2 * SCROLL_INTENT_MS + 1)).to.equal(false);
    });
  });
});
