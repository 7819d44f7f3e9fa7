import { ActionFailure } from '../ActionFailure.js';
import { KeyFailure, pressKey } from '../keyboard.js';
import type { FamilyHandlers } from '../PageHandler.js';
import { isA } from '../realm.js';
import { typeText } from '../typeText.js';

/**
 * What a keyboard does (the action table's keyboard family): a key pressed with its default
 * action (keyboard.ts), text typed keystroke by keystroke (typeText.ts).
 */
export const KEYBOARD: FamilyHandlers<'keyboard'> = {
  press_key: {
    finds: 'one_or_none',
    act: (found, params, page) => {
      // Without a target, on the focused element, as a person's key goes.
      const target = found ?? page.elements.root.activeElement ?? page.elements.root.body;
      const key = String(params.key ?? '');
      const press = () => {
        try {
          return pressKey(
            target,
            key,
            (e): e is HTMLInputElement | HTMLTextAreaElement => isA(e, 'HTMLInputElement') || isA(e, 'HTMLTextAreaElement'),
          );
        } catch (error) {
          if (error instanceof KeyFailure) throw new ActionFailure(error.code, error.message);
          throw error;
        }
      };
      return page.record(target, press, { key });
    },
  },
  type: {
    finds: 'one',
    act: (target, params, page) =>
      page.record(target, () => typeText(target as Element, String(params.text ?? ''), params.clear === true)),
  },
};
