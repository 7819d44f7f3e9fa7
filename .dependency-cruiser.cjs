/**
 * The layer rules of docs/architecture.md, checked on every `npm test`. Paths are matched
 * anywhere (not anchored at the repository root) so the same rules also run against the
 * fixture in test/fixtures/layers, which proves they fail when broken.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain imports nothing outside itself: no frameworks, no node built-ins, no other layer.',
      from: { path: '(^|/)src/domain/' },
      to: { pathNot: '(^|/)src/domain/' },
    },
    {
      name: 'application-uses-domain-only',
      severity: 'error',
      comment: 'src/application imports the domain, itself, and inversify (decorators, token types) only.',
      from: { path: '(^|/)src/application/' },
      to: { pathNot: ['(^|/)src/(domain|application)/', '(^|/)node_modules/(inversify|@inversifyjs)/'] },
    },
    {
      name: 'inbound-never-imports-outbound',
      severity: 'error',
      from: { path: '(^|/)src/adapters/inbound/' },
      to: { path: '(^|/)src/adapters/outbound/' },
    },
    {
      name: 'outbound-never-imports-inbound',
      severity: 'error',
      from: { path: '(^|/)src/adapters/outbound/' },
      to: { path: '(^|/)src/adapters/inbound/' },
    },
    {
      name: 'sibling-adapters-meet-inside',
      severity: 'error',
      comment:
        'An adapter folder (inbound/http, inbound/mcp, inbound/cli, outbound/fs…) imports no other adapter folder: two adapters share only what both depend on (an application port or a domain constant), and the composition root connects them.',
      from: { path: '(^|/)src/adapters/(inbound|outbound)/([^/]+)/' },
      to: { path: '(^|/)src/adapters/', pathNot: '(^|/)src/adapters/$2/$3/' },
    },
    {
      name: 'only-the-root-composes',
      severity: 'error',
      comment: 'Nothing below the composition root knows it exists.',
      from: { path: '(^|/)src/(domain|application|adapters)/' },
      to: { path: '(^|/)src/composition/' },
    },
    {
      name: 'reflect-metadata-at-the-root',
      severity: 'error',
      from: { pathNot: '(^|/)src/(composition/|cli\\.ts$)' },
      to: { path: '(^|/)node_modules/reflect-metadata/' },
    },
    {
      name: 'mcp-sdk-stays-in-its-adapter',
      severity: 'error',
      comment: 'An SDK upgrade touches one folder.',
      from: { pathNot: '(^|/)src/(adapters/inbound/mcp/|composition/)' },
      to: { path: '(^|/)node_modules/@modelcontextprotocol/' },
    },
    {
      name: 'extension-imports-the-wire-only',
      severity: 'error',
      comment:
        'The extension runs in Chrome, not in the daemon: of src/ it imports the wire both sides share (src/domain/wire: entry, command and pick shapes, caps, the redaction marker, error codes), the action table (src/domain/browserActions) and the pure helpers it must apply as the daemon does (privacy, and the few text helpers listed).',
      from: { path: '(^|/)extension/src/' },
      to: {
        path: '(^|/)src/(domain|application|adapters|composition)/',
        pathNot: [
          '(^|/)extension/src/',
          '(^|/)src/domain/(wire|browserActions|privacy)/',
          '(^|/)src/domain/(json/ownData|text/utf8|capture/compact|capture/sourcePath)\\.ts$',
        ],
      },
    },
    {
      name: 'daemon-never-imports-extension',
      severity: 'error',
      comment: 'The daemon and the extension meet in src/domain/wire and nowhere else.',
      from: { path: '(^|/)src/', pathNot: '(^|/)extension/src/' },
      to: { path: '(^|/)extension/src/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
