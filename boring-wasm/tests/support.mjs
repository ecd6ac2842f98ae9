// Shared by the test files: the built Node package, the repository's test
// data, hex helpers and a seeded value generator.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The Node package that build.sh writes. */
export const boring = require(join(here, '..', 'pkg', 'node', 'boring_wasm.js'));

/** A file of the repository's tests/data. */
export function testData(...parts) {
  return readFileSync(join(here, '..', '..', 'tests', 'data', ...parts));
}

export function fromHex(hex) {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

export function toHex(bytes) {
  return Buffer.from(bytes).toString('hex');
}

/** mulberry32: a small seeded PRNG, so every run tests the same values. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'héllo', 'wörld', '💩', 'x', '', 'a longer text value'];

/**
 * A random JavaScript value in the data model `encode` maps, `depth` levels
 * deep at most. With `tags: false` it holds no tagged item (no BigInt beyond
 * 64 bits, no typed array, no `{tag, value}`), for the profiles that write
 * no tags.
 */
export function generate(next, depth, { tags = true } = {}) {
  const pick = (n) => Math.floor(next() * n);
  const leaf = () => {
    switch (pick(tags ? 14 : 10)) {
      case 0: return pick(1000) - 500;
      case 1: return (pick(2 ** 26) * 2 ** 26 + pick(2 ** 26)) * (next() < 0.5 ? -1 : 1);
      case 2: return (next() - 0.5) * 10 ** pick(20);
      case 3: return [0.5, -0, NaN, Infinity, -Infinity, 1e300, 5e-324][pick(7)];
      case 4: return WORDS[pick(WORDS.length)];
      case 5: return Uint8Array.from({ length: pick(6) }, () => pick(256));
      case 6: return [true, false, null, undefined][pick(4)];
      case 7: return (next() < 0.5 ? -1n : 1n) * (2n ** 53n + BigInt(pick(2 ** 30)));
      case 8: return (next() < 0.5 ? -1n : 1n) * (2n ** 63n + BigInt(pick(1000)));
      case 9: return 'repeated string';
      case 10: return (next() < 0.5 ? -1n : 1n) * (2n ** 100n + BigInt(pick(1000)));
      case 11: return Int16Array.from({ length: pick(5) }, () => pick(65536) - 32768);
      case 12: return [Float32Array.of(1.5, -2), Float64Array.of(0.1, 2), BigInt64Array.of(-1n, 2n ** 62n), Uint32Array.of(7, 2 ** 32 - 1)][pick(4)];
      default: return { tag: 1000 + pick(100), value: WORDS[pick(WORDS.length)] };
    }
  };
  if (depth <= 0) return leaf();
  switch (pick(5)) {
    case 0: return Array.from({ length: pick(5) }, () => generate(next, depth - 1, { tags }));
    case 1: {
      const object = {};
      for (let i = pick(5); i > 0; i--) object[`k${pick(8)}`] = generate(next, depth - 1, { tags });
      return object;
    }
    // An empty Map has no keys to tell it from an empty object: at least one.
    case 2: return new Map(Array.from({ length: 1 + pick(3) }, (_, i) => [i * 7 - 3, generate(next, depth - 1, { tags })]));
    case 3: {
      // Records of one shape: what shaped arrays and columns are for.
      const n = 2 + pick(6);
      return Array.from({ length: n }, (_, i) => ({ id: i, name: `row ${pick(3)}`, score: i + 0.25 }));
    }
    default: return leaf();
  }
}
