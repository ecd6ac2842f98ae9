// The benchmark payloads, built deterministically as the Rust benchmark
// builds them (schemas/src/values.rs, schemas/src/records.rs).
//
// Each payload has two forms:
// - `cbor`: the reference data model, for boring-wasm: keywords are tag 39
//   over ":name" (so maps keyed by them are Maps) and sets tag 258, so that
//   the bytes are the ones the Rust runtime writes for the same Value;
// - `plain`: the closest plain JavaScript value, for cbor-x and JSON:
//   keywords as their names, sets as arrays, every map an object.
// Payloads with neither keywords nor sets have one form.

const kw = (name) => ({ tag: 39, value: `:${name}` });

/** A map keyed by keywords: `cbor` form and `plain` form. */
function kwMap(entries) {
  return {
    cbor: new Map(entries.map(([k, v]) => [kw(k), v.cbor])),
    plain: Object.fromEntries(entries.map(([k, v]) => [k, v.plain])),
  };
}

/** A value with one form. */
const same = (v) => ({ cbor: v, plain: v });
const keyword = (name) => ({ cbor: kw(name), plain: name });

function smallMap() {
  return kwMap([
    ['name', same('Alice')],
    ['tags', { cbor: { tag: 258, value: [kw('c'), kw('b'), kw('a')] }, plain: ['c', 'b', 'a'] }],
    ['score', same(42)],
  ]);
}

function mixed() {
  return kwMap([
    ['id', same(7)],
    ['n', same(12345678901)],
    ['d', same(3.14159)],
    ['s', same('hello world')],
    ['ok', same(true)],
  ]);
}

function nestedMap50() {
  return kwMap(
    Array.from({ length: 50 }, (_, i) => [`field-${i}`, kwMap([['v', same(i)], ['s', same(`val-${i}`)]])]),
  );
}

function datomMaps200() {
  const rows = Array.from({ length: 200 }, (_, i) =>
    kwMap([
      ['e', same(100 + i)],
      ['a', keyword('user/name')],
      ['v', same(`person-${i}`)],
      ['tx', same(536870912 + i)],
      ['added', same(true)],
    ]),
  );
  return { cbor: rows.map((r) => r.cbor), plain: rows.map((r) => r.plain) };
}

function datomVec1k() {
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    cbor: [100 + i, kw('user/name'), `person-${i}`, 536870912 + i, true],
    plain: [100 + i, 'user/name', `person-${i}`, 536870912 + i, true],
  }));
  return { cbor: rows.map((r) => r.cbor), plain: rows.map((r) => r.plain) };
}

const longVec1k = () => same(Array.from({ length: 1000 }, (_, i) => i));

const strMaps200 = () =>
  same(
    Array.from({ length: 200 }, (_, i) => ({
      id: 100 + i,
      kind: 'person',
      name: `person-${i}`,
      seq: 536870912 + i,
      live: true,
    })),
  );

const table512 = () =>
  same(
    Array.from({ length: 512 }, (_, i) => ({
      id: i,
      ts: 1700000000 + 37 * i,
      level: i % 5,
      delta: ((7919 * i) % 2001) - 1000,
    })),
  );

/** Every payload, in table order. */
export const PAYLOADS = [
  ['small-map', smallMap],
  ['mixed', mixed],
  ['nested-map-50', nestedMap50],
  ['datom-maps-200', datomMaps200],
  ['long-vec-1k', longVec1k],
  ['datom-vec-1k', datomVec1k],
  ['str-maps-200', strMaps200],
  ['table-512', table512],
].map(([name, build]) => ({ name, ...build() }));
