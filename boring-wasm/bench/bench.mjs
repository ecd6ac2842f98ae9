// Decode and encode time per operation, and size, of boring-wasm (three
// profiles), cbor-x and JSON on the benchmark payloads. Prints a Markdown
// table. Usage: node bench/bench.mjs [payload-name-substring]
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import os from 'node:os';
import { Decoder, Encoder } from 'cbor-x';
import { PAYLOADS } from './payloads.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const boring = require(join(here, '..', 'pkg', 'node', 'boring_wasm.js'));
const cborxVersion = JSON.parse(readFileSync(join(here, '..', 'node_modules', 'cbor-x', 'package.json'))).version;
// cbor-x decodes strings with a native addon when it loads (its default).
let extractor = 'without its native string extractor';
try {
  require('cbor-extract');
  extractor = 'with its native string extractor (cbor-extract)';
} catch {
  // cbor-x falls back to JavaScript.
}

// Standard CBOR from cbor-x: no record extension (tag 57344 structures).
const cborx = {
  encoder: new Encoder({ useRecords: false, mapsAsObjects: true }),
  decoder: new Decoder({ useRecords: false, mapsAsObjects: true }),
};

const BATCH_MS = 40;
const BATCHES = 7;
const WARM_UP_MS = 150;

/** The median over BATCHES of the mean ns per call of `f`. */
function time(f) {
  // Warm up long enough for the JIT to settle, then size a batch to about
  // BATCH_MS.
  const start = process.hrtime.bigint();
  while (Number(process.hrtime.bigint() - start) / 1e6 < WARM_UP_MS) f();
  let n = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) f();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (ms >= BATCH_MS / 4) {
      n = Math.max(1, Math.round((n * BATCH_MS) / ms));
      break;
    }
    n *= 4;
  }
  const samples = [];
  for (let b = 0; b < BATCHES; b++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) f();
    samples.push(Number(process.hrtime.bigint() - t0) / n);
  }
  samples.sort((a, b) => a - b);
  return samples[BATCHES >> 1];
}

const CODECS = [
  { name: 'boring default', form: 'cbor', profile: 'default' },
  { name: 'boring default+shapes', form: 'cbor', profile: { profile: 'default', shapes: true } },
  { name: 'boring compact', form: 'cbor', profile: 'compact' },
  { name: `cbor-x ${cborxVersion}`, form: 'plain', cborx: true },
  { name: 'JSON', form: 'plain', json: true },
];

function cell(codec, payload) {
  const value = payload[codec.form];
  if (codec.json) {
    const text = JSON.stringify(value);
    return {
      size: Buffer.byteLength(text),
      decode: time(() => JSON.parse(text)),
      encode: time(() => JSON.stringify(value)),
    };
  }
  if (codec.cborx) {
    const bytes = cborx.encoder.encode(value);
    return {
      size: bytes.length,
      decode: time(() => cborx.decoder.decode(bytes)),
      encode: time(() => cborx.encoder.encode(value)),
    };
  }
  const bytes = boring.encode(value, codec.profile);
  return {
    size: bytes.length,
    decode: time(() => boring.decode(bytes)),
    encode: time(() => boring.encode(value, codec.profile)),
  };
}

const filter = process.argv[2] ?? '';
const wasmBytes = readFileSync(join(here, '..', 'pkg', 'node', 'boring_wasm_bg.wasm')).length;
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`Node ${process.version}, ${os.cpus().length}-core ${os.arch()} (${cpu}), boring-wasm module ${wasmBytes} bytes`);
console.log(`cbor-x ${cborxVersion} ${extractor}, useRecords: false; JSON: JSON.parse of a string, JSON.stringify`);
console.log(`after ${WARM_UP_MS} ms of warm-up, median of ${BATCHES} batches of ~${BATCH_MS} ms each; ns per call; sizes in bytes`);
console.log('');
console.log('| payload | codec | size | decode ns | encode ns |');
console.log('|---|---|---:|---:|---:|');
const fmt = (ns) => Math.round(ns).toLocaleString('en-US');
for (const payload of PAYLOADS.filter((p) => p.name.includes(filter))) {
  for (const codec of CODECS) {
    const { size, decode, encode } = cell(codec, payload);
    console.log(`| ${payload.name} | ${codec.name} | ${size} | ${fmt(decode)} | ${fmt(encode)} |`);
  }
}

// Navigation: one value out of a document, by cursor (nothing else is
// decoded or built) against decoding the whole document and picking it.
const NAVIGATION = [
  { payload: 'table-512', profile: 'compact', path: [400, 'delta'], pick: (v) => v[400].delta },
  { payload: 'str-maps-200', profile: 'interop', path: [150, 'name'], pick: (v) => v[150].name },
  { payload: 'datom-vec-1k', profile: 'interop', path: [999, 2], pick: (v) => v[999][2] },
];
console.log('');
console.log('| one value of | boring-wasm profile | cursor get ns | boring decode + pick ns | cbor-x decode + pick ns |');
console.log('|---|---|---:|---:|---:|');
for (const nav of NAVIGATION.filter((n) => n.payload.includes(filter))) {
  const payload = PAYLOADS.find((p) => p.name === nav.payload);
  const bytes = boring.encode(payload.cbor, nav.profile);
  const plain = cborx.encoder.encode(payload.plain);
  const expected = nav.pick(payload.cbor);
  const viaCursor = boring.cursor(bytes).get(nav.path).decode();
  if (viaCursor !== expected) throw new Error(`${nav.payload}: cursor read ${viaCursor}, expected ${expected}`);
  const cursor = time(() => {
    const c = boring.cursor(bytes);
    const v = c.get(nav.path);
    const out = v.decode();
    v.free();
    c.free();
    return out;
  });
  const whole = time(() => nav.pick(boring.decode(bytes)));
  const peer = time(() => nav.pick(cborx.decoder.decode(plain)));
  console.log(`| ${nav.payload} ${JSON.stringify(nav.path)} | ${nav.profile} | ${fmt(cursor)} | ${fmt(whole)} | ${fmt(peer)} |`);
}
