/** Severity of a streamed event, lowest first (docs/streaming.md). */
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;

export type Severity = (typeof SEVERITIES)[number];

export function isSeverity(value: string): value is Severity {
  return (SEVERITIES as readonly string[]).includes(value);
}

/** True when `severity` is at least `threshold`. */
export function meets(severity: Severity, threshold: Severity): boolean {
  return SEVERITIES.indexOf(severity) >= SEVERITIES.indexOf(threshold);
}
