/** Characters past a field's cap that redaction still reads, so a secret straddling the cap is seen whole. */
export const REDACTION_SLACK = 4_096;

/**
 * Redacts `text` and caps it to `max` characters, reading at most `max + REDACTION_SLACK` of
 * it: the work per field is bounded whatever the input's size (docs/security.md), and what is kept was
 * redacted with its surroundings. A cut is marked as `cap` marks it, counting the original length.
 */
export function capRedacted(text: string, max: number, redact: (window: string) => string): { text: string; cut: boolean } {
  const window = text.length > max + REDACTION_SLACK ? text.slice(0, max + REDACTION_SLACK) : text;
  const clean = redact(window);
  const total = clean.length + (text.length - window.length);
  if (total <= max) return { text: clean, cut: false };
  return { text: `${clean.slice(0, max)}…[truncated ${total - max} chars]`, cut: true };
}
