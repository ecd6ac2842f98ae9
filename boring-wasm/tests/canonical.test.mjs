// The cross-implementation canonical corpus (tests/data/interop,
// canonical_expected.json, 990 rows): each value, decoded from its Interop
// bytes, encodes under `canonical-rfc7049` and `canonical` to exactly the
// bytes independent encoders write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boring, testData, fromHex, toHex } from './support.mjs';

const rows = JSON.parse(testData('interop', 'canonical_expected.json'));

/** A "rep" row's value: `unit` repeated `count` times as text, bytes or an array. */
function expandRep({ kind, count: n, unit }) {
  switch (kind) {
    case 'text': return unit.repeat(n);
    case 'bytes': return new Uint8Array(n).fill(unit);
    default: return new Array(n).fill(unit);
  }
}

test('the corpus is all there', () => {
  assert.equal(rows.length, 990);
});

test('every row encodes to the expected canonical bytes under both orders', () => {
  let checked = 0;
  for (const row of rows) {
    const decoded = boring.decode(fromHex(row.value_hex), { exactFloats: true });
    if (row.flags.includes('rep')) {
      // Stored as a spec: the value and its bytes are too long to list.
      assert.deepStrictEqual(decoded, ['rep', row.rep.kind, row.rep.count, row.rep.unit]);
      const value = expandRep(row.rep);
      const { head_hex: head, unit_hex: unit, repeat } = row.expected_rep;
      const expected = head + unit.repeat(repeat);
      assert.equal(toHex(boring.encode(value, 'canonical-rfc7049')), expected, row.label);
      assert.equal(toHex(boring.encode(value, 'canonical')), expected, row.label);
    } else {
      assert.equal(toHex(boring.encode(decoded, 'canonical-rfc7049')), row.canonical_rfc7049_hex, row.label);
      assert.equal(toHex(boring.encode(decoded, 'canonical')), row.canonical_hex, row.label);
    }
    checked++;
  }
  assert.equal(checked, 990);
});
