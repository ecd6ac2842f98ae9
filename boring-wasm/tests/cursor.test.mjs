// Navigation without decoding, and CBOR sequences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boring, toHex } from './support.mjs';

const doc = {
  users: [
    { name: 'Ada', langs: ['en', 'fr'] },
    { name: 'Grace', langs: ['en'] },
  ],
  count: 2,
  byId: new Map([[7, 'seven'], [-1, 'minus one']]),
};

test('get follows keys and positions; count reads heads', () => {
  const root = boring.cursor(boring.encode(doc, 'interop'));
  assert.equal(root.kind(), 'map');
  assert.equal(root.count(), 3);
  assert.equal(root.get(['users', 1, 'name']).decode(), 'Grace');
  assert.equal(root.get('users').get(0).get('langs').count(), 2);
  assert.deepEqual(root.get(['users', 0]).decode(), doc.users[0]);
  assert.equal(root.get(['byId', 7]).decode(), 'seven');
  assert.equal(root.get(['byId', -1]).decode(), 'minus one');
  assert.deepEqual(root.get('users').items().map((c) => c.get('name').decode()), ['Ada', 'Grace']);
});

test('a cursor gives the exact bytes and offset of its item', () => {
  const bytes = boring.encode(doc, 'interop');
  const langs = boring.cursor(bytes).get(['users', 0, 'langs']);
  assert.equal(toHex(langs.bytes()), toHex(boring.encode(['en', 'fr'], 'interop')));
  assert.equal(toHex(bytes.subarray(langs.offset, langs.offset + langs.bytes().length)), toHex(langs.bytes()));
});

test('a missing key is path-absent, a step into a scalar unexpected-type', () => {
  const root = boring.cursor(boring.encode(doc, 'interop'));
  assert.throws(() => root.get(['users', 5]), (e) => e.kind === 'path-absent' && Number.isInteger(e.offset));
  assert.throws(() => root.get('nobody'), (e) => e.kind === 'path-absent');
  assert.throws(() => root.get(['count', 'x']), (e) => e.kind === 'unexpected-type');
  assert.throws(() => root.get('count').items(), (e) => e.kind === 'unexpected-type');
});

test('table rows navigate without expanding the table', () => {
  const rows = Array.from({ length: 50 }, (_, i) => ({ id: i, name: `row ${i}` }));
  const root = boring.cursor(boring.encode(rows, { profile: 'compact', stringref: false }));
  assert.equal(root.count(), 50);
  assert.equal(root.get([37, 'id']).decode(), 37);
  assert.deepEqual(root.get(12).decode(), rows[12]);
  assert.equal(root.get([12]).offset, undefined);
});

test('items() reads a CBOR sequence item by item', () => {
  const items = [{ event: 1 }, 'two', [3, 3, 3], 2n ** 70n];
  const parts = items.map((v) => boring.encode(v, 'interop'));
  const sequence = Buffer.concat(parts);
  const cursors = boring.cursor(sequence).items();
  assert.equal(cursors.length, 4);
  assert.deepStrictEqual(cursors.map((c) => c.decode()), items);
  assert.equal(cursors[1].offset, parts[0].length);
  assert.equal(cursors[2].count(), 3);
  // Items of a stringref profile are documents of their own.
  const own = Buffer.concat(items.map((v) => boring.encode(v, 'default')));
  assert.deepStrictEqual(boring.cursor(own).items().map((c) => c.decode()), items);
});

test('a torn sequence throws at the torn item', () => {
  const whole = Buffer.concat([boring.encode('first', 'interop'), boring.encode({ second: [1, 2, 3] }, 'interop')]);
  const torn = whole.subarray(0, whole.length - 1);
  assert.throws(() => boring.cursor(torn).items(), (e) => e.kind === 'truncated-input' && e.offset === 6);
});

test('an error deep in a sequence item reports its offset in the whole input', () => {
  const first = boring.encode('first', 'interop');
  // A map with a repeated key as the second item.
  const bad = Buffer.concat([first, Buffer.from('a2616101616102', 'hex')]);
  const [, second] = boring.cursor(bad).items();
  assert.throws(() => second.decode(), (e) => e.kind === 'duplicate-map-key' && e.offset >= first.length);
});

test('a key written as a stringref is refused, never answered wrongly', () => {
  // Under the default profile the second "name" is a reference to the first.
  const rows = [{ name: 'first' }, { name: 'second' }];
  const root = boring.cursor(boring.encode(rows, 'default'));
  assert.equal(root.get([0, 'name']).decode(), 'first');
  assert.throws(() => root.get([1, 'name']), (e) => e.kind === 'bad-stringref' && Number.isInteger(e.offset));
  // The whole item still decodes, references resolved.
  assert.deepStrictEqual(root.decode(), rows);
  // Without stringref, every key navigates.
  assert.equal(boring.cursor(boring.encode(rows, { profile: 'default', stringref: false })).get([1, 'name']).decode(), 'second');
});
