/**
 * The id of browsertap's own extension, the same wherever it is loaded from: the manifest's
 * `key` pins it (test/unit/domain/extension/ourExtension.test.ts derives it from the key).
 * The extension API answers only this id by default (docs/security.md); the CLI reads `--extension-id`
 * against the same shape, so both sides meet here rather than in each other.
 */
export const OUR_EXTENSION_ID = 'chnkcgfikgkkocojlablgccbkcgijnhm';

/** Which extensions may call the extension API: a list of ids, or `*` for any (unpacked copies under development). */
export type AllowedExtensions = readonly string[] | '*';

/** What Chrome's extension ids look like: 32 letters a-p. */
export const EXTENSION_ID = /^[a-p]{32}$/;
