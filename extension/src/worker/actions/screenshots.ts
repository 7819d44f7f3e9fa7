import { CommandFailure, PAGE_CALL, SLOT } from '../../shared/commands.js';
import { frameOf } from '../frames.js';
import { success } from '../pageCall.js';
import { type Measure, type Measurer, screenshot } from '../screenshot.js';
import { REPORT_MARGIN_MS } from '../withEffects.js';
import type { FamilyHandlers } from './WorkerHandler.js';

/** What the tab shows (worker/screenshot.ts), measured by the page. */
export const SCREENSHOTS: FamilyHandlers<'screenshots'> = {
  screenshot: async (tools) => {
    const { params, deadline } = tools;
    if (frameOf(params).frameId !== 0) {
      throw new CommandFailure(
        'invalid_params',
        "A screenshot cannot cut out an element of a cross-origin frame (its position in the page is hidden from it); pass the iframe's ref instead",
      );
    }
    const tab = await tools.pageTab();
    const budget = deadline - Date.now() - REPORT_MARGIN_MS;
    const measure: Measurer = async (extra) =>
      success(
        await tools.callInPage(tab, 'ISOLATED', SLOT.dom, 'dom-actions.js', [PAGE_CALL.measure, { ...params, ...extra }, budget]),
      ).data as Measure;
    return { success: true, data: await screenshot(tab, params, measure) };
  },
};
