// Shaped and columnar tables: rows by default, columns on request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boring } from './support.mjs';

const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, score: i + 0.25, name: `n${i % 7}` }));

test('a compact table decodes to its rows', () => {
  const bytes = boring.encode(rows, 'compact');
  assert.deepStrictEqual(boring.decode(bytes), rows);
});

test('a columnar table decodes to columns on request', () => {
  const columns = boring.decode(boring.encode(rows, 'compact'), { columns: true });
  assert.deepStrictEqual(Object.keys(columns), ['id', 'score', 'name']);
  assert.ok(columns.id instanceof Uint8Array);
  assert.deepStrictEqual([...columns.id], rows.map((r) => r.id));
  assert.deepStrictEqual(columns.score, Float64Array.from(rows, (r) => r.score));
  assert.deepStrictEqual(columns.name, rows.map((r) => r.name));
});

test('a shaped table decodes to columns, undefined where a row lacks a key', () => {
  const ragged = [{ a: 1, b: 'x' }, { a: 2 }, { a: 3, b: 'z' }];
  const bytes = boring.encode(ragged, { profile: 'default', shapes: true });
  assert.deepStrictEqual(boring.decode(bytes), ragged);
  assert.deepStrictEqual(boring.decode(bytes, { columns: true }), { a: [1, 2, 3], b: ['x', undefined, 'z'] });
});

test('grid columns give one typed array per row', () => {
  const points = Array.from({ length: 4 }, (_, i) => ({ id: i, at: Float32Array.of(i, i + 0.5, -i) }));
  // Rows of plain number arrays are written as a grid column.
  const plain = points.map((p) => ({ id: p.id, at: [...p.at].map((x) => ({ float: x, width: 32 })) }));
  const columns = boring.decode(boring.encode(plain, 'compact'), { columns: true });
  assert.deepStrictEqual([...columns.id], [0, 1, 2, 3]);
  assert.equal(columns.at.length, 4);
  assert.deepStrictEqual(columns.at[2], Float32Array.of(2, 2.5, -2));
});

test('a keyed table stays a map in both layouts', () => {
  const byName = {};
  for (let i = 0; i < 20; i++) byName[`field-${i}`] = { v: i, s: `val-${i}` };
  const bytes = boring.encode(byName, 'compact');
  assert.deepStrictEqual(boring.decode(bytes), byName);
  assert.deepStrictEqual(boring.decode(bytes, { columns: true }), byName);
});
