// Each flow's truth is the app's own state, which the gallery's harness reads from
// `window.__gallery.value` (never from what a recorder saw). Nothing of it is in the page's DOM,
// so it cannot change what a recorder names.
import { useLayoutEffect } from 'react';

/** Publishes the flow's state (a JSON value) as the app holds it now. */
export function useReport(value) {
  const json = JSON.stringify(value);
  useLayoutEffect(() => {
    window.__gallery = { value: JSON.parse(json) };
  }, [json]);
}
