// The reference's golden corpus (tests/data/golden.json): every vector
// decodes, and encodes again under its profile to the same bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boring, testData, fromHex, toHex } from './support.mjs';

const rows = JSON.parse(testData('golden.json'));

/** The encode options a vector was written with. */
function profileOf(row) {
  const options = { profile: row.profile === 'clojure' ? 'default' : row.profile };
  if (row.encode_options.shapes) options.shapes = true;
  return options;
}

test('the corpus is all there', () => {
  assert.equal(rows.length, 90);
});

for (const row of rows) {
  test(`golden ${row.label} decodes and re-encodes byte-identically`, () => {
    const value = boring.decode(fromHex(row.hex), { exactFloats: true });
    assert.equal(toHex(boring.encode(value, profileOf(row))), row.hex);
  });
}

test('golden values take their JavaScript forms', () => {
  const get = (label) => {
    const row = rows.find((r) => r.label === label);
    return boring.decode(fromHex(row.hex));
  };
  assert.equal(get('int-4294967296'), 4294967296);
  assert.equal(get('long-max'), 2n ** 63n - 1n);
  assert.equal(get('long-min'), -(2n ** 63n));
  assert.equal(get('bigint-huge'), 2n ** 64n);
  assert.equal(get('bigint-neg'), -(2n ** 64n) - 1n);
  assert.equal(get('str-astral'), '💩');
  assert.deepEqual(get('kw'), { tag: 39, value: ':kw' });
  assert.deepEqual(get('typed-short-array'), Int16Array.of(1, -2, 3));
  assert.deepEqual(get('typed-long-array'), BigInt64Array.of(1n, -2n, 3n));
  assert.deepEqual(get('typed-float-array'), Float32Array.of(1.5, -2.5));
  assert.deepEqual(get('uuid'), { tag: 37, value: fromHex('9682952bfafa4b418e4a31ae948d6f08') });
  assert.deepEqual(get('duration'), { tag: 1002, value: new Map([[1, 100], [-9, 100]]) });
  assert.deepEqual(get('simple-200'), { simple: 200 });
  assert.equal(get('undefined'), undefined);
  assert.equal(get('float-f32'), Math.fround(3.14159));
  const shaped = get('shaped');
  assert.ok(Array.isArray(shaped) && shaped.every((row) => row instanceof Map));
});

test('exactFloats keeps what a plain number would lose', () => {
  const f32 = boring.decode(fromHex('fa40490fd0'), { exactFloats: true });
  assert.deepEqual(f32, { float: Math.fround(3.14159), width: 32 });
  assert.deepEqual(boring.decode(fromHex('f93c00'), { exactFloats: true }), { float: 1, width: 16 });
  assert.deepEqual(boring.decode(fromHex('fb3ff0000000000000'), { exactFloats: true }), { float: 1, width: 64 });
  // 1.5 as a double needs no marker: a plain number encodes to it.
  assert.equal(boring.decode(fromHex('fb3ff8000000000000'), { exactFloats: true }), 1.5);
  assert.equal(toHex(boring.encode({ float: 1, width: 16 })), 'd90100f93c00');
});
