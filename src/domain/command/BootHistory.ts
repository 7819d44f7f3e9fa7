/** Instances remembered at once (least recently polling forgotten first). */
const MAX_INSTANCES = 64;
/** Earlier boot ids remembered per instance. */
const MAX_RETIRED = 16;

/**
 * The service-worker starts (boot ids) seen per extension instance, so a lease goes to the
 * latest one only (docs/security.md): once an instance polled with boot B after boot A, a poll still
 * carrying A comes from a worker that was replaced, and gets nothing. Bounded in instances and
 * in boot ids per instance.
 */
export class BootHistory {
  private readonly instances = new Map<string, { latest: string; retired: string[] }>();

  /** Records a poll; false when `bootId` is one this instance already moved on from. */
  accept(instanceId: string, bootId: string): boolean {
    const known = this.instances.get(instanceId);
    if (known === undefined) {
      this.remember(instanceId, { latest: bootId, retired: [] });
      return true;
    }
    if (known.latest === bootId) {
      this.remember(instanceId, known);
      return true;
    }
    if (known.retired.includes(bootId)) return false;
    known.retired.push(known.latest);
    if (known.retired.length > MAX_RETIRED) known.retired.shift();
    known.latest = bootId;
    this.remember(instanceId, known);
    return true;
  }

  private remember(instanceId: string, entry: { latest: string; retired: string[] }): void {
    this.instances.delete(instanceId);
    this.instances.set(instanceId, entry);
    if (this.instances.size > MAX_INSTANCES) this.instances.delete(this.instances.keys().next().value as string);
  }
}
