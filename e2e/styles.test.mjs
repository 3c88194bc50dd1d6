// The style sheets as the browser reads them: a brace too many or too few does not stop a page,
// it silently drops or re-scopes every rule after it (a closing brace with nothing to close eats
// the next rule; an unclosed block puts the rest of the file under its condition). So each sheet's
// blocks must balance, and never close more than they opened.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const folder = new URL('../static/', import.meta.url);

test('every style sheet closes each block it opens, and only those', () => {
  const sheets = fs.readdirSync(folder).filter((name) => name.endsWith('.css'));
  assert.ok(sheets.length >= 10, `${sheets.length} style sheets`);
  for (const name of sheets) {
    const text = fs.readFileSync(new URL(name, folder), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
      .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (string) => string.replace(/[{}]/g, ' '));
    let depth = 0;
    let line = 1;
    for (const char of text) {
      if (char === '\n') line++;
      if (char === '{') depth++;
      if (char === '}') depth--;
      assert.ok(depth >= 0, `${path.join('static', name)}:${line}: a closing brace with no block to close`);
    }
    assert.equal(depth, 0, `${path.join('static', name)}: ${depth} block(s) never closed`);
  }
});
