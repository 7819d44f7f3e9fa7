import { injectable } from 'inversify';

/** Clients remembered at most (the least recently active is forgotten first). */
export const MAX_REMEMBERED_CLIENTS = 1_024;

/**
 * The tab each client last acted on (docs/mcp-tools.md: the tab an agent acts on is explicit). A command
 * without `tab_id` goes there, not to whichever tab is active: a page that opens a tab
 * (`target=_blank`, `window.open`) must not silently become the agent's target. Learned from the
 * tab the extension reports a command ran in; bounded; forgotten with the client's session.
 */
@injectable()
export class ClientTabs {
  private readonly tabs = new Map<string, number>();

  get(clientId: string): number | undefined {
    return this.tabs.get(clientId);
  }

  set(clientId: string, tabId: number): void {
    this.tabs.delete(clientId);
    this.tabs.set(clientId, tabId);
    if (this.tabs.size > MAX_REMEMBERED_CLIENTS) this.tabs.delete(this.tabs.keys().next().value as string);
  }

  forget(clientId: string): void {
    this.tabs.delete(clientId);
  }
}
