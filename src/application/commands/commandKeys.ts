/** Waiters key: a command was queued (long polls wake up). */
export const PICKUP_KEY = 'pickup';

/** Waiters key: this command changed state. */
export const commandKey = (correlationId: string): string => `command:${correlationId}`;
