import { expect } from 'chai';
import { withFinalCheck } from '../../gallery/finalCheck.js';

const FILE = `import { test, expect } from '@playwright/test';

test('test', async ({ page }) => {
  await page.goto('http://127.0.0.1:5173/gallery/mui-select');
  await page.getByRole('option', { name: 'Ten' }).click();
});
`;

describe('gallery: the final check appended to a recorded test', function () {
  it('adds one check of the app state at the end of the test body and changes nothing else', function () {
    const checked = withFinalCheck(FILE, { age: 20 });
    const at = FILE.lastIndexOf('});');
    expect(checked.startsWith(FILE.slice(0, at))).to.equal(true);
    expect(checked.endsWith(FILE.slice(at))).to.equal(true);
    const added = checked.slice(at, checked.length - (FILE.length - at));
    expect(added).to.include('.toBe("{\\"age\\":20}")');
    expect(added.split('\n').filter((line) => line.trim().startsWith('await '))).to.have.length(1);
  });

  it('refuses a text that has no test body to append to', function () {
    expect(() => withFinalCheck('// nothing recorded\n', {})).to.throw('no "});" closes a test');
  });
});
