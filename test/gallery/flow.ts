import type { Page } from 'playwright-core';
import type { Person } from './person.js';

/**
 * One flow of the gallery: a route of the app, what a person does there (trusted input only,
 * through `person`, at whatever pace it was given), and the state the app must then hold. The
 * state is the app's own (`window.__gallery.value`), never what a recorder saw.
 */
export interface Flow {
  /** Also its route under /gallery/. */
  readonly name: string;
  /** The npm packages the route is made of. */
  readonly libraries: readonly string[];
  /** The difficulty it puts to a recorder, in a few words. */
  readonly covers: string;
  readonly expected: unknown;
  drive(person: Person, page: Page): Promise<void>;
}
