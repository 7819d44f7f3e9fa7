import Router from '@koa/router';

/**
 * A router that matches only the exact spelling of its paths (no case or trailing-slash variants).
 * A module apart from the route table (routeTable.ts), which the security guard reads on every
 * request: the routers, and Koa's router package with them, load only with the Koa app.
 */
export function exactRouter() {
  return new Router({ strict: true, sensitive: true });
}
