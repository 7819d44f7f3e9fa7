import { isDeepStrictEqual } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { entriesOf } from '../support/listEntries.js';
import { type Agent, openTrackedPage } from '../e2e/support/stack.js';
import type { Flow } from './flow.js';
import type { GallerySite } from './galleryApp.js';
import { type Act, type Pace, Person } from './person.js';
import type { RecordedAction } from './recorded.js';
import { settledState } from './truth.js';

/** A flow driven once: the acts, and the app's state after them (the truth every copy is held to). */
export interface Drive {
  readonly acts: readonly Act[];
  readonly truth: unknown;
  /** The truth is the flow's expected state (else the flow is broken, not a recorder). */
  readonly ok: boolean;
  readonly error?: string;
}

/** What browsertap recorded of one drive, and the test it wrote. */
export interface OursRecording {
  readonly actions: readonly RecordedAction[];
  readonly from?: string;
  readonly to?: string;
  /** The generated `@playwright/test` file (observe reproduction). */
  readonly file?: string;
  readonly fileError?: string;
}

export interface ReplayOutcome {
  readonly ok: boolean;
  readonly state: unknown;
  readonly status: string;
  /** Why it stopped or differs: the error code and message, or the state it reached. */
  readonly error?: string;
}

/**
 * Drives `flow` at `pace` in the tracked tab `tabId` (`page`), reads the app's state, then what
 * browsertap recorded from the route's load on, and the reproduction of that range.
 */
export async function recordOurs(
  agent: Agent,
  page: Page,
  tabId: number,
  site: GallerySite,
  flow: Flow,
  pace: Pace,
): Promise<{ drive: Drive; recording: OursRecording }> {
  const mark = (await agent.ok('observe', { what: 'actions', tab_id: tabId, limit: 1000 })).cursor as string;
  const drive = await driveFlow(page, site, flow, pace);
  const actions = await settledActions(agent, tabId, mark);
  const from = actions.find((action) => action.type === 'navigate' && action.url === site.url(flow.name));
  if (from === undefined) return { drive, recording: { actions, fileError: 'the route’s load was not recorded' } };
  const range = actions.slice(actions.indexOf(from));
  const to = range.at(-1) as RecordedAction;
  const answer = await agent.call('observe', { what: 'reproduction', tab_id: tabId, from: from.id, to: to.id });
  const block = answer.raw.content[1];
  const file = !answer.isError && block?.type === 'text' ? block.text : undefined;
  return {
    drive,
    recording: {
      actions: range,
      from: from.id,
      to: to.id,
      ...(file === undefined ? { fileError: JSON.stringify(answer.payload).slice(0, 300) } : { file }),
    },
  };
}

/** Loads the flow's route in `page`, drives it at `pace` and reads the app's state. */
export async function driveFlow(page: Page, site: GallerySite, flow: Flow, pace: Pace): Promise<Drive> {
  const person = new Person(page, pace);
  try {
    await page.goto(site.url(flow.name));
    await flow.drive(person, page);
  } catch (error) {
    const truth = await settledState(page, flow.expected, 0).catch(() => undefined);
    return { acts: person.acts, truth, ok: false, error: (error as Error).message.split('\n')[0] as string };
  }
  const truth = await settledState(page, flow.expected);
  return { acts: person.acts, truth, ok: isDeepStrictEqual(truth, flow.expected) };
}

/**
 * The tab's actions after `cursor` once the recorder has finished them: a field edit ends 500 ms
 * after its last key, a click waits 500 ms for a second one; read from 700 ms on, until two reads
 * 300 ms apart agree (≤ 6 s).
 */
async function settledActions(agent: Agent, tabId: number, cursor: string): Promise<RecordedAction[]> {
  await new Promise((resolve) => setTimeout(resolve, 700));
  let last = '';
  const end = Date.now() + 6_000;
  for (;;) {
    const payload = await agent.ok('observe', {
      what: 'actions',
      tab_id: tabId,
      after_cursor: cursor,
      detail: 'full',
      limit: 1000,
    });
    const actions = entriesOf(payload).filter((action) => action.by === 'human') as RecordedAction[];
    const now = JSON.stringify(actions);
    if (now === last || Date.now() > end) return actions;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * `interact replay` of the recording's range in a fresh tracked tab of `context`, then the app's
 * state there held to `truth`. The tab is closed afterwards.
 */
export async function replayOurs(
  agent: Agent,
  context: BrowserContext,
  site: GallerySite,
  recording: OursRecording,
  truth: unknown,
  serial: number,
): Promise<ReplayOutcome> {
  if (recording.from === undefined) return { ok: false, state: undefined, status: 'none', error: 'nothing to replay' };
  const page = await context.newPage();
  try {
    const tabId = await openTrackedPage(agent, page, `${site.url('')}?fresh=${serial}`);
    const answer = await finalAnswer(
      agent,
      await agent.call('interact', { action: 'replay', tab_id: tabId, from: recording.from, to: recording.to, wait_ms: 15_000 }),
    );
    const state = await settledState(page, truth);
    const status = String(answer.status ?? (answer.error === undefined ? 'unknown' : 'error'));
    const same = isDeepStrictEqual(state, truth);
    const failed = answer.result?.data?.failed_step ?? answer.result?.failed_step;
    const error =
      status !== 'complete'
        ? `${answer.error ?? status}: ${String(answer.message ?? '').slice(0, 300)}${failed === undefined ? '' : ` (step ${failed})`}`
        : same
          ? undefined
          : `every step ran; the app then held ${JSON.stringify(state)}`;
    return { ok: status === 'complete' && same, state, status, ...(error === undefined ? {} : { error }) };
  } finally {
    await page.close();
  }
}

/** A command's final payload: the inline one, or `command_result` read until it is final (≤ 60 s). */
async function finalAnswer(agent: Agent, first: { isError: boolean; payload: any }): Promise<any> {
  let payload = first.payload;
  const end = Date.now() + 60_000;
  while ((payload?.status === 'queued' || payload?.status === 'pending') && Date.now() < end) {
    payload = (await agent.call('observe', { what: 'command_result', correlation_id: payload.correlation_id, wait_ms: 10_000 }))
      .payload;
  }
  return payload ?? {};
}
