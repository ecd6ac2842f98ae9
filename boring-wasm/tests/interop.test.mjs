// The reference's interop fixture (tests/data/interop): one stringref
// document of 26 entries, each compared with its typed-JSON expectation,
// and the document re-encoded to the same bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boring, testData, fromHex, toHex } from './support.mjs';

const fixture = new Uint8Array(testData('interop', 'fixture.cbor'));
const expected = JSON.parse(testData('interop', 'fixture_expected.json'));

const TYPED = {
  69: Uint16Array, 70: Uint32Array, 71: BigUint64Array, 72: Int8Array, 77: Int16Array,
  78: Int32Array, 79: BigInt64Array, 85: Float32Array, 86: Float64Array,
};

/** An integer given as decimal text: a number when safe, else a BigInt. */
function integer(text) {
  const big = BigInt(text);
  return big >= -(2n ** 53n - 1n) && big <= 2n ** 53n - 1n ? Number(big) : big;
}

/** The JavaScript value `decode` gives for a typed-JSON expectation. */
function fromTypedJson(j) {
  if (Array.isArray(j)) return j.map(fromTypedJson);
  if (j === null || typeof j !== 'object') return j;
  const [[kind, v]] = Object.entries(j);
  switch (kind) {
    case '$keyword':
    case '$symbol': return { tag: 39, value: v };
    case '$bytes': return fromHex(v);
    case '$float64': return v;
    case '$bigint': return integer(v);
    case '$decimal': return { tag: 4, value: [v.exponent, integer(v.mantissa)] };
    case '$ratio': return { tag: 30, value: v.map(integer) };
    case '$uuid': return { tag: 37, value: fromHex(v.replaceAll('-', '')) };
    case '$instant': return { tag: 0, value: v };
    case '$set': return { tag: 258, value: v.map(fromTypedJson) };
    case '$record': return { tag: 27, value: [v.name, fromTypedJson(v.payload)] };
    case '$typed': {
      const Type = TYPED[v.tag];
      return Type.from(v.values, (x) => (Type.BYTES_PER_ELEMENT === 8 && !Type.name.startsWith('Float') ? BigInt(x) : x));
    }
    case '$map': return new Map(v.map(([k, x]) => [fromTypedJson(k), fromTypedJson(x)]));
    default: throw new Error(`unknown typed JSON ${kind}`);
  }
}

test('the fixture holds its 26 entries, in order', () => {
  const decoded = boring.decode(fixture);
  assert.deepEqual(Object.keys(decoded), expected.entries.map((e) => e.key));
});

/** A set's elements in a fixed order (the expectation lists them sorted). */
function sortSets(v) {
  if (Array.isArray(v)) return v.map(sortSets);
  if (v && v.tag === 258) return { tag: 258, value: [...v.value].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
  return v;
}

for (const entry of expected.entries) {
  test(`interop fixture entry ${entry.key} decodes to its expected value`, () => {
    const decoded = boring.decode(fixture);
    assert.deepStrictEqual(sortSets(decoded[entry.key]), sortSets(fromTypedJson(entry.expected)));
  });
}

test('the fixture re-encodes byte-identically under the profile it was written with', () => {
  const value = boring.decode(fixture, { exactFloats: true });
  assert.equal(toHex(boring.encode(value, { profile: 'default', shapes: true })), toHex(fixture));
});

test('the fixture navigates without decoding: keys are literals before their first reuse', () => {
  const root = boring.cursor(fixture);
  assert.equal(root.count(), 26);
  assert.equal(root.get('int').decode(), 42);
  assert.equal(root.get('float').decode(), 1.5);
  assert.deepEqual(root.get(['vector', 2]).decode(), 3);
  assert.equal(root.get('ragged').count(), 3);
});
