/** Waiters key: a command was queued (long polls wake up). */
export const PICKUP_KEY = 'pickup';

/** Waiters key: this command changed state. */
export const commandKey = (correlationId: string): string => `command:${correlationId}`;

/** Waiters key: a command of this client left flight (a slot under the in-flight bound is free). */
export const slotKey = (clientId: string): string => `slot:${clientId}`;
