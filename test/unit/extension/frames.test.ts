import { expect } from 'chai';
import { CommandFailure } from '../../../extension/src/shared/commands.js';
import { frameOf, spliceFrames } from '../../../extension/src/worker/frames.js';

describe('extension: refs and snapshots across cross-origin frames', () => {
  it('a ref f<frame>e<n> runs in that frame with the frame’s own ref; a plain ref in the top frame', () => {
    expect(frameOf({ ref: 'e4', text: 'x' })).to.deep.equal({ frameId: 0, params: { ref: 'e4', text: 'x' } });
    expect(frameOf({ ref: 'f12e4', text: 'x' })).to.deep.equal({ frameId: 12, params: { ref: 'e4', text: 'x' } });
    expect(frameOf({ ref: 'f3e1', to_ref: 'f3e2' })).to.deep.equal({ frameId: 3, params: { ref: 'e1', to_ref: 'e2' } });
    expect(frameOf({ selector: '#a' })).to.deep.equal({ frameId: 0, params: { selector: '#a' } });
    expect(() => frameOf({ ref: 'f3e1', to_ref: 'e2' })).to.throw(CommandFailure, /within one frame/);
    expect(() => frameOf({ ref: 'e1', to_ref: 'f3e2' })).to.throw(CommandFailure, /within one frame/);
  });

  it('puts each frame’s snapshot under its iframe, indented, refs prefixed; by url, else origin; nested frames too', () => {
    const top = [
      '- heading "Shop" [level=1] [ref=e1]',
      '- iframe "pay" [cross-origin https://pay.example] [ref=e2]',
      '- iframe "ads" [cross-origin https://ads.example] [ref=e3]',
    ].join('\n');
    const spliced = spliceFrames(
      top,
      [
        { ref: 'e2', src: 'https://pay.example/form' },
        { ref: 'e3', src: 'https://ads.example/slot' },
      ],
      [
        { frameId: 9, url: 'https://other.example/', snapshot: '- button "Nope" [ref=e1]' },
        {
          frameId: 7,
          url: 'https://pay.example/form',
          snapshot: '- textbox "Card" [ref=e1]\n- iframe [cross-origin https://3ds.example] [ref=e2]',
          frames: [{ ref: 'e2', src: 'https://3ds.example/x' }],
        },
        { frameId: 8, url: 'https://3ds.example/x?redirected', snapshot: '- button "Confirm" [ref=e1]' },
      ],
    );
    expect(spliced.split('\n')).to.deep.equal([
      '- heading "Shop" [level=1] [ref=e1]',
      '- iframe "pay" [cross-origin https://pay.example] [ref=e2]:',
      '  - textbox "Card" [ref=f7e1]',
      '  - iframe [cross-origin https://3ds.example] [ref=f7e2]:',
      '    - button "Confirm" [ref=f8e1]',
      // No frame of that origin answered (not scriptable): the line stays.
      '- iframe "ads" [cross-origin https://ads.example] [ref=e3]',
    ]);
  });
});
