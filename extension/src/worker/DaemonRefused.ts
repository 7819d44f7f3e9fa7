/** The daemon answered with an error (an HTTP status, or an error on the channel): retrying the same request will not help. */
export class DaemonRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DaemonRefused';
  }
}
