// Generated values (seeded) through every profile: decode(encode(v)) gives
// v back, and decode then encode gives the same bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boring, generate, rng, toHex } from './support.mjs';

const COUNT = 300;

/** Profiles under which decode(encode(v)) equals v. */
const VALUE_PROFILES = [
  'default',
  { profile: 'default', shapes: true },
  { profile: 'default', stringref: false, floats: 'shortest' },
  'interop',
  'archival',
  'canonical',
  'canonical-rfc7049',
];

const name = (p) => JSON.stringify(p);

for (const profile of VALUE_PROFILES) {
  test(`generated values round-trip under ${name(profile)}`, () => {
    const next = rng(0xb0b1);
    for (let i = 0; i < COUNT; i++) {
      const value = generate(next, 4);
      const bytes = boring.encode(value, profile);
      assert.deepStrictEqual(boring.decode(bytes), value, `value #${i}`);
    }
  });
}

test('generated values without tags round-trip under ctap2', () => {
  const next = rng(0xc7a2);
  for (let i = 0; i < COUNT; i++) {
    const value = generate(next, 4, { tags: false });
    assert.deepStrictEqual(boring.decode(boring.encode(value, 'ctap2')), value, `value #${i}`);
  }
});

// Compact writes numeric arrays as typed arrays and records as tables, so
// the decoded value is another (equal) form: its bytes are the check.
for (const profile of ['compact', ...VALUE_PROFILES]) {
  test(`decode then encode keeps the bytes under ${name(profile)}`, () => {
    const next = rng(0x5eed);
    for (let i = 0; i < COUNT; i++) {
      const bytes = boring.encode(generate(next, 4), profile);
      const again = boring.encode(boring.decode(bytes, { exactFloats: true }), profile);
      assert.equal(toHex(again), toHex(bytes), `value #${i}`);
    }
  });
}

test('the sorted profiles write keys in their order', () => {
  const value = { bb: 1, a: 2, c: 3 };
  assert.equal(toHex(boring.encode(value, 'canonical')), 'a361610261630362626201');
  assert.deepEqual(Object.keys(boring.decode(boring.encode(value, 'canonical'))), ['a', 'c', 'bb']);
  assert.deepEqual(Object.keys(boring.decode(boring.encode(value, 'canonical-rfc7049'))), ['a', 'c', 'bb']);
});

test('numbers: safe integers are integers, others floats, BigInts integers or bignums', () => {
  assert.equal(toHex(boring.encode(1, 'interop')), '01');
  assert.equal(toHex(boring.encode(-0, 'interop')), 'fb8000000000000000');
  assert.equal(toHex(boring.encode(1.5, 'canonical')), 'f93e00');
  assert.equal(toHex(boring.encode(2 ** 53, 'interop')), 'fb4340000000000000');
  assert.equal(toHex(boring.encode(2n ** 53n, 'interop')), '1b0020000000000000');
  assert.equal(toHex(boring.encode(2n ** 64n, 'interop')), 'c249010000000000000000');
  assert.equal(toHex(boring.encode(-(2n ** 64n) - 1n, 'interop')), 'c349010000000000000000');
  assert.equal(boring.decode(boring.encode(2n ** 200n)), 2n ** 200n);
  assert.equal(boring.decode(boring.encode(-(2n ** 200n))), -(2n ** 200n));
});

test('maps whose keys a plain object would change decode to Maps', () => {
  for (const keys of [['b', '1'], ['__proto__'], ['tag', 'value']]) {
    const map = new Map(keys.map((k, i) => [k, i]));
    const decoded = boring.decode(boring.encode(map, 'interop'));
    assert.ok(decoded instanceof Map, keys.join());
    assert.deepEqual([...decoded.keys()], keys);
  }
});

test('profiles() lists every profile encode accepts', () => {
  const names = boring.profiles();
  assert.deepEqual(names, ['default', 'compact', 'interop', 'archival', 'canonical', 'canonical-rfc7049', 'ctap2']);
  for (const p of names) assert.ok(boring.encode({ a: [1, 'x'] }, p).length > 0);
});
