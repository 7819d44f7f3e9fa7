/**
 * Lists where each browser action's name is said as a string literal in src/ and extension/src/, and in
 * which vocabulary (test/support/actionLiterals.ts): `npx tsx scripts/action-literals.ts [name…]`.
 * The unit test test/unit/extension/addingAnAction.test.ts holds the counted ones to two files a name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_LIST } from '../src/domain/browserActions/table.js';
import { sayings } from '../test/support/actionLiterals.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const asked = process.argv.slice(2);
const names = asked.length > 0 ? asked : ACTION_LIST.map((action) => action.name);
const all = [...sources('src'), ...sources('extension/src')].flatMap((path) => sayings(path, readFileSync(path, 'utf8'), names));
for (const name of names) {
  const said = all.filter((saying) => saying.name === name);
  if (said.length === 0) continue;
  const counted = new Set(said.filter((saying) => saying.other === undefined).map((saying) => saying.path));
  const files = new Set(said.map((saying) => saying.path));
  console.log(`${name}: ${counted.size} file(s) as an action or recorded kind, ${files.size} in all`);
  for (const saying of said) {
    console.log(
      `  ${saying.other === undefined ? 'ACTION' : 'other '} ${saying.path}:${saying.line}  ${saying.other?.why ?? ''}  ${saying.source.slice(0, 100)}`,
    );
  }
}
