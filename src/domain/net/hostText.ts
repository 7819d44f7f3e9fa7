/** An IPv6 address as a URL writes it (`[::1]`) without its brackets; any other host as it is. */
export function unbracketed(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1');
}

/** `address:port` as a URL or a Host header writes it: an IPv6 address in brackets, lower case. */
export function hostPort(address: string, port: number): string {
  return `${address.includes(':') ? `[${address}]` : address}:${port}`.toLowerCase();
}
