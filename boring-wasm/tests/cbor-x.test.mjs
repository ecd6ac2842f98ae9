// Cross-check with cbor-x, an independent JavaScript CBOR implementation:
// it reads our Interop output as the values we encoded, and we read its
// output as the values it encoded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Decoder, Encoder, Tag } from 'cbor-x';
import { boring, generate, rng } from './support.mjs';

// Plain CBOR on both sides: no record extension, every map a Map (then
// normalized to our rule for objects), byte strings untagged.
const cborx = {
  decoder: new Decoder({ mapsAsObjects: false, useRecords: false }),
  encoder: new Encoder({ mapsAsObjects: true, useRecords: false, tagUint8Array: false }),
};

function isArrayIndex(k) {
  return /^(0|[1-9][0-9]*)$/.test(k) && Number(k) < 2 ** 32 - 1;
}

/** Whether a map with these keys is a plain object under our rule. */
function objectKeys(keys) {
  if (!keys.every((k) => typeof k === 'string' && k !== '__proto__' && !isArrayIndex(k))) return false;
  const set = [...keys].sort().join(',');
  return !['tag,value', 'float,width', 'simple'].includes(set);
}

/** cbor-x's decoded value in our data model. */
function normalize(x) {
  if (x instanceof Tag) return { tag: x.tag, value: normalize(x.value) };
  if (x instanceof Set) return { tag: 258, value: [...x].map(normalize) };
  if (Array.isArray(x)) return x.map(normalize);
  if (x instanceof Map) {
    const keys = [...x.keys()];
    if (objectKeys(keys)) return Object.fromEntries(keys.map((k) => [k, normalize(x.get(k))]));
    return new Map([...x].map(([k, v]) => [normalize(k), normalize(v)]));
  }
  if (typeof x === 'bigint' && x >= -(2n ** 53n - 1n) && x <= 2n ** 53n - 1n) return Number(x);
  return x;
}

test('cbor-x reads our Interop bytes as the values we encoded', () => {
  const next = rng(0xcb08);
  for (let i = 0; i < 500; i++) {
    const value = generate(next, 4);
    const bytes = boring.encode(value, 'interop');
    assert.deepStrictEqual(normalize(cborx.decoder.decode(bytes)), value, `value #${i}`);
  }
});

test('cbor-x reads our canonical bytes as the values we encoded', () => {
  const next = rng(0xcb09);
  for (let i = 0; i < 200; i++) {
    const value = generate(next, 3);
    const bytes = boring.encode(value, 'canonical');
    assert.deepStrictEqual(normalize(cborx.decoder.decode(bytes)), value, `value #${i}`);
  }
});

/**
 * A generated value with its Maps made objects (cbor-x tags Maps 259) and
 * −0 made 0 (cbor-x writes −0 as the integer 0).
 */
function withoutMaps(v) {
  if (Object.is(v, -0)) return 0;
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [`m${k}`, withoutMaps(x)]));
  if (Array.isArray(v)) return v.map(withoutMaps);
  if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutMaps(x)]));
  }
  return v;
}

test('we read cbor-x bytes as the values it encoded', () => {
  const next = rng(0xcb0a);
  for (let i = 0; i < 500; i++) {
    const value = withoutMaps(generate(next, 4, { tags: false }));
    const bytes = cborx.encoder.encode(value);
    assert.deepStrictEqual(boring.decode(bytes), value, `value #${i}`);
  }
});
