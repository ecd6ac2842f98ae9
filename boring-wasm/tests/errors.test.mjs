import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boring, fromHex } from './support.mjs';

function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail('expected an error');
}

test('truncated input is an Error with kind and offset', () => {
  // [1, 1.5] cut inside the float's eight bytes.
  const e = thrown(() => boring.decode(fromHex('8201fb3ff8')));
  assert.ok(e instanceof Error);
  assert.equal(e.kind, 'truncated-input');
  assert.equal(e.offset, 2);
  // [1, "abc"] cut inside the text: the declared length is more than is
  // left, at the text's head.
  const short = thrown(() => boring.decode(fromHex('8201636162')));
  assert.equal(short.kind, 'bad-count');
  assert.equal(short.offset, 2);
});

test('every proper prefix of a document is refused as cut short, with an offset inside it', () => {
  const whole = boring.encode({ list: [1, 'two', 3.5, new Uint8Array([1, 2])], more: 'x' }, 'interop');
  for (let n = 1; n < whole.length; n++) {
    const e = thrown(() => boring.decode(whole.subarray(0, n)));
    // Input that ends inside a head or between items is truncated; a
    // declared length longer than what is left is a bad count.
    assert.ok(['truncated-input', 'bad-count'].includes(e.kind), `prefix of ${n} bytes: ${e.kind}`);
    assert.ok(Number.isInteger(e.offset) && e.offset <= n, `offset ${e.offset} of a ${n}-byte prefix`);
    assert.match(e.message, new RegExp(`at byte ${e.offset}`));
  }
});

test('empty input is truncated at 0', () => {
  const e = thrown(() => boring.decode(new Uint8Array()));
  assert.equal(e.kind, 'truncated-input');
  assert.equal(e.offset, 0);
});

test('trailing bytes, bad UTF-8 and duplicate keys have their kinds', () => {
  assert.equal(thrown(() => boring.decode(fromHex('0101'))).kind, 'trailing-bytes');
  assert.equal(thrown(() => boring.decode(fromHex('62c328'))).kind, 'invalid-utf8');
  const dup = thrown(() => boring.decode(fromHex('a2616101616102')));
  assert.equal(dup.kind, 'duplicate-map-key');
  assert.deepEqual(boring.decode(fromHex('a2616101616102'), { duplicateKeys: 'last-wins' }), { a: 2 });
});

test('values with no CBOR form are unencodable, with no offset', () => {
  for (const v of [() => 1, Symbol('s'), new Date(0), { nested: [new Set([1])] }]) {
    const e = thrown(() => boring.encode(v));
    assert.equal(e.kind, 'unencodable');
    assert.equal(e.offset, undefined);
  }
});

test('a cyclic value is refused at the depth limit', () => {
  const cyclic = [];
  cyclic.push(cyclic);
  assert.equal(thrown(() => boring.encode(cyclic)).kind, 'max-depth-exceeded');
});

test('unknown profiles, misspelt options and locked switches are invalid options', () => {
  assert.equal(thrown(() => boring.encode(1, 'fast')).kind, 'invalid-options');
  assert.equal(thrown(() => boring.encode(1, { profile: 'default', shape: true })).kind, 'invalid-options');
  assert.equal(thrown(() => boring.encode(1, { profile: 'interop', stringref: true })).kind, 'invalid-options');
  assert.equal(thrown(() => boring.decode(fromHex('01'), { column: true })).kind, 'invalid-options');
});

test('ctap2 refuses tags', () => {
  const e = thrown(() => boring.encode({ tag: 1, value: 0 }, 'ctap2'));
  assert.equal(e.kind, 'unencodable');
});
