// The browser package (wasm-bindgen --target web): an ES module whose
// init() takes the module's bytes (a browser passes nothing and the module
// fetches them beside itself).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { boring, toHex } from './support.mjs';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..', 'pkg', 'web');

test('the web package initialises and gives the bytes the Node package gives', async () => {
  const web = await import(join(pkg, 'boring_wasm.js'));
  await web.default({ module_or_path: readFileSync(join(pkg, 'boring_wasm_bg.wasm')) });
  const value = { name: 'Ada', tags: new Map([[1, Int16Array.of(-1, 2)]]), big: 2n ** 80n };
  for (const profile of web.profiles()) {
    if (profile === 'ctap2') continue;
    assert.equal(toHex(web.encode(value, profile)), toHex(boring.encode(value, profile)), profile);
  }
  assert.deepStrictEqual(web.decode(boring.encode(value, 'compact')), value);
  assert.equal(web.cursor(web.encode(value, 'interop')).get('name').decode(), 'Ada');
});
