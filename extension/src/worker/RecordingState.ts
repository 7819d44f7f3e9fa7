import { DEFAULT_RECORDING, type RecordingOrder, type RecordingSettings } from '../shared/actions.js';

export interface RecordingStore {
  /** The daemon's last word (kept across worker restarts) and the tabs the person turned recording off in. */
  load(): Promise<{ settings?: RecordingSettings; off?: number[] }>;
  saveSettings(settings: RecordingSettings): Promise<void>;
  saveOff(off: number[]): Promise<void>;
}

/**
 * Whether a tab's frames record the person's actions (docs/mcp-tools.md): the daemon's settings
 * (`configure recording`, carried by every poll answer: on until it says otherwise) and the
 * person's per-tab switch in the popup (kept for the browser session). `changed` hears every
 * change, with the tab it is about (undefined: every tab).
 */
export class RecordingState {
  private settings: RecordingSettings = DEFAULT_RECORDING;
  private readonly off = new Set<number>();
  readonly ready: Promise<void>;

  constructor(
    private readonly store: RecordingStore,
    private readonly changed: (tabId?: number) => void = () => undefined,
  ) {
    this.ready = store.load().then(
      (stored) => {
        if (stored.settings !== undefined) this.settings = stored.settings;
        for (const id of stored.off ?? []) this.off.add(id);
      },
      () => undefined,
    );
  }

  get current(): RecordingSettings {
    return this.settings;
  }

  /** What a frame of `tabId` is told: record when its tab is tracked, recording is on and the person did not turn it off there. */
  order(tabId: number, tracked: boolean): RecordingOrder {
    return { record: tracked && this.settings.actions && !this.off.has(tabId), values: this.settings.values };
  }

  isOffIn(tabId: number): boolean {
    return this.off.has(tabId);
  }

  /** The daemon's settings from a poll answer; a change is saved and told. */
  fromDaemon(settings: RecordingSettings | undefined): void {
    if (settings === undefined) return;
    if (settings.actions === this.settings.actions && settings.values === this.settings.values) return;
    this.settings = { actions: settings.actions, values: settings.values };
    void this.store.saveSettings(this.settings).catch(() => undefined);
    this.changed();
  }

  /** The popup's switch for one tab. */
  async setTab(tabId: number, on: boolean): Promise<void> {
    await this.ready;
    if (on === !this.off.has(tabId)) return;
    if (on) this.off.delete(tabId);
    else this.off.add(tabId);
    await this.store.saveOff([...this.off]);
    this.changed(tabId);
  }

  /** A closed tab's switch is forgotten. */
  forget(tabId: number): void {
    if (this.off.delete(tabId)) void this.store.saveOff([...this.off]).catch(() => undefined);
  }
}
