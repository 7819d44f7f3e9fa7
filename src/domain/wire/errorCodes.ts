/**
 * Every stable error code browsertap says, by who says it, each with when: the `error` of a tool
 * result or of a command's result (docs/mcp-tools.md, Errors), or of the daemon's HTTP answers
 * to the extension (docs/extension-protocol.md); the sentence is its `message`. The daemon and
 * the extension both import this list, so a code is spelt once; the daemon still passes on any
 * snake_case code a newer extension reports (src/domain/command/Failure.ts).
 */
export const AGENT_ERROR_CODES = Object.freeze({
  // The daemon, on an agent's call or the extension's request.
  invalid_params: 'a missing, malformed or unknown argument',
  unknown_action: 'an action or `what` the tool (or this extension) does not have',
  queue_full: "the client's in-flight commands are at their limit (with `retry_after_ms`)",
  unknown_correlation_id: 'no such command for this client, or its result is gone',
  duplicate_correlation_id: 'a correlation id drawn twice (never said to an agent: the daemon draws again)',
  illegal_transition: 'a command asked to move through its lifecycle in a way it cannot (a bug)',
  unknown_key: '`load` or `delete` of a key never stored',
  store_full: 'a new key when the store holds its maximum of keys',
  value_too_large: 'a stored value over its size limit',
  storage_unavailable: 'the state directory cannot be written (disk full, read-only, forbidden)',
  unsafe_pattern: 'a pattern the linear-time engine cannot run, or too long',
  too_many_rules: 'a noise rule past the limit',
  invalid_cursor: 'a cursor this daemon never issued',
  unknown_entry: 'an entry id this daemon run never held',
  entry_evicted: 'an entry pushed out of its buffer by newer ones',
  no_actions: 'a reproduction of a tab with no recorded action',
  replay_needs_value: 'a replayed fill or select whose value was not recorded (pass `values`)',
  result_too_large: 'an answer over the budget that nothing could shorten (a bug)',
  internal_error: 'a bug, logged with its stack in the daemon log',
  // The daemon, about a command's life.
  extension_not_connected: 'no extension picked up the command in time',
  extension_no_response: 'the extension took the command and never claimed it',
  extension_restarted: "the extension's worker restarted while the command ran, and its outcome is lost",
  execution_error: 'the extension reported an error without a stable code of its own',
  execution_timeout: 'the command ran past its execution limit',
  result_expired: 'a result nobody read in time',
  result_evicted: 'a result pushed out, unread, by newer results',
  // The extension, running a command.
  extension_error: 'the extension itself failed running the command (a bug)',
  aborted: 'the command was stopped before it ended',
  no_tracked_tab: 'no tracked tab to act on',
  tab_not_found: 'no tab of that id',
  tab_not_tracked: 'a tab browsertap does not act on (not a development origin, not tracked)',
  tab_closed: 'the tab closed while the command waited for it',
  cannot_access_page: 'Chrome does not let the extension run in that page',
  page_navigated: 'the page navigated while the command ran in it, and its result is lost',
  no_history: 'back or forward in a tab with nowhere to go',
  dialog_open: 'the tab sits in a dialog its page opened while browsertap was not acting',
  pick_in_progress: 'the person is pointing in that tab',
  pick_cancelled: 'the person cancelled the pick, or the page went away',
  pick_timeout: "nobody picked within the pick's limit",
  screenshot_failed: 'Chrome would not capture the tab',
  script_error: "the agent's script threw",
  script_syntax_error: "the agent's script does not parse",
  csp_blocks_eval: "the page's Content Security Policy refuses to compile the agent's script",
  replay_step_failed: 'a step of a replay failed (the steps before it are in the result)',
  replay_timeout: 'a replay ran out of time before a step',
  // The extension, in the page.
  page_error: 'the page action itself threw (a bug)',
  element_not_found: 'no element matches the selector (within its wait)',
  ambiguous_selector: 'a selector matches several visible elements and no `nth` picks one',
  stale_ref: 'a ref whose element is gone, or from before the page navigated',
  invalid_selector: 'a selector that is not valid CSS',
  frame_not_found: 'no iframe matches `frame`',
  cross_origin_frame: 'an iframe of another origin, which same-origin actions cannot reach',
  element_disabled: 'a disabled element',
  element_not_actionable: 'an element a pointer cannot act on: not visible, moving, or covered',
  element_detached: 'an element the page removed while the action waited for it',
  not_editable: 'typing into what takes no text',
  not_a_select: 'a select action on what is not a select',
  option_not_found: 'no option with that value or text',
  not_a_file_input: 'an upload to what is not a file input',
  not_checkable: 'a check on what is not a checkbox, radio or aria-checked control',
  check_failed: 'a click that did not change what it checked',
  not_in_a_form: 'a submit with no form around the element',
  wait_for_timeout: 'a selector that did not become visible in time',
  axe_missing: 'an audit in a page without axe-core (the worker loads it and tries again)',
});

/** The daemon's HTTP answers to a refused request (docs/extension-protocol.md), with their status there. */
export const HTTP_ERROR_CODES = Object.freeze({
  invalid_json: 'the body is not JSON',
  invalid_body: 'the body has the wrong shape',
  invalid_query: 'the query string has the wrong shape',
  unauthorized: '`/mcp` without the right bearer token',
  forbidden_host: 'a Host that is not the daemon itself (DNS rebinding)',
  forbidden_origin: 'a web page, another extension, or no Origin on an extension route',
  loopback_only: 'a route other than `/health` and `/mcp` on the `--listen` address',
  wrong_status_key: "the status page's key is wrong",
  not_found: 'no such route',
  method_not_allowed: 'the wrong method on a route',
  bad_request: 'a request refused before it reached a route (the message says why)',
  payload_too_large: 'a body over 1 MB',
  too_many_entries: 'more entries in one ingest request than it takes',
  upgrade_required: '`/channel` asked without `Upgrade: websocket`',
  invalid_upgrade: '`/channel` opened without `Sec-WebSocket-Version: 13` and a key',
  too_many_channels: 'a channel past the eight the daemon keeps open (one per browser profile)',
});

/** What the daemon answers on the extension's channel to a message it refuses (docs/extension-protocol.md). */
export const CHANNEL_ERROR_CODES = Object.freeze({
  invalid_message: 'a channel message that is not a JSON text object with a valid `id`',
  unknown_message: "a channel message of a type other than 'result' and 'ping'",
});

export const ERROR_CODES = Object.freeze({ ...AGENT_ERROR_CODES, ...HTTP_ERROR_CODES, ...CHANNEL_ERROR_CODES });

export type ErrorCode = keyof typeof ERROR_CODES;
