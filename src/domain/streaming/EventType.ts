/** The event types an agent can subscribe to (seed 003; `pick`: docs/mcp-tools.md). `all` matches every other type. */
export const EVENT_TYPES = [
  'error',
  'network_failure',
  'network_slow',
  'websocket_close',
  'performance_degradation',
  'security_violation',
  'accessibility_violation',
  'pick',
  'all',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
