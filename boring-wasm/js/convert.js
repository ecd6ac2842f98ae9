// JavaScript values ↔ plain CBOR, the one exchange between the module and
// JavaScript per call. Crossing the boundary once per value (a property, a
// string, a number) costs more than the conversion itself, so the module
// hands JavaScript one buffer and takes one back:
//
// - `read(bytes, exactFloats)` builds the JavaScript value of a document the
//   module has already decoded and normalised (stringrefs resolved, tables
//   expanded or laid out as columns) and written as plain CBOR: definite
//   lengths, no extension tags;
// - `write(value)` writes a JavaScript value as plain CBOR, which the module
//   turns into a `boring::Value` head by head and encodes under the profile.
//
// The data model (README.md): safe integers ↔ numbers, other integers ↔
// BigInt, typed arrays ↔ RFC 8746 tags, text-keyed maps ↔ plain objects
// where an object keeps them, any other map ↔ Map, other tags ↔ {tag, value},
// floats of another width ↔ {float, width} (on request), other simple values
// ↔ {simple}.

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MAX_DEPTH = 1024;
// A leading U+FEFF is text like any other, not a byte-order mark to drop.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const utf8Encoder = new TextEncoder();

/** An Error with the stable `kind` and `offset` every error of the module has. */
function failure(kind, message) {
  const error = new Error(message);
  error.kind = kind;
  error.offset = undefined;
  return error;
}

// Typed-array tags (RFC 8746, little-endian forms written) and constructors.
const TYPED_BY_TAG = new Map([
  [65, [Uint16Array, false]], [66, [Uint32Array, false]], [67, [BigUint64Array, false]],
  [68, [Uint8ClampedArray, true]], [69, [Uint16Array, true]], [70, [Uint32Array, true]],
  [71, [BigUint64Array, true]], [72, [Int8Array, true]], [73, [Int16Array, false]],
  [74, [Int32Array, false]], [75, [BigInt64Array, false]], [77, [Int16Array, true]],
  [78, [Int32Array, true]], [79, [BigInt64Array, true]], [81, [Float32Array, false]],
  [82, [Float64Array, false]], [85, [Float32Array, true]], [86, [Float64Array, true]],
]);
const TAG_BY_TYPED = new Map([
  [Int8Array, 72], [Uint8ClampedArray, 68], [Int16Array, 77], [Uint16Array, 69],
  [Int32Array, 78], [Uint32Array, 70], [Float32Array, 85], [Float64Array, 86],
  [BigInt64Array, 79], [BigUint64Array, 71],
]);

/** Whether a plain object holds a map with these text keys unchanged. */
function objectKeys(keys) {
  for (const k of keys) {
    if (typeof k !== 'string' || k === '__proto__' || isArrayIndex(k)) return false;
  }
  return !isMarker(keys);
}

/** Array indices (`"0"` … `"4294967294"`) are enumerated first by objects. */
function isArrayIndex(k) {
  const c = k.charCodeAt(0);
  if (!(c >= 48 && c <= 57)) return false;
  if (k.length > 10 || (c === 48 && k.length > 1)) return false;
  for (let i = 1; i < k.length; i++) {
    const d = k.charCodeAt(i);
    if (d < 48 || d > 57) return false;
  }
  return Number(k) < 4294967295;
}

/** Whether the keys are exactly those of a marker object. */
function isMarker(keys) {
  if (keys.length === 1) return keys[0] === 'simple';
  if (keys.length !== 2) return false;
  const [a, b] = keys;
  return (a === 'tag' && b === 'value') || (a === 'value' && b === 'tag')
    || (a === 'float' && b === 'width') || (a === 'width' && b === 'float');
}

function halfToNumber(h) {
  const exp = (h >> 10) & 0x1f;
  const mant = h & 0x3ff;
  const sign = h & 0x8000 ? -1 : 1;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 31) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

// ---------------------------------------------------------------- reading

class Reader {
  constructor(bytes, exactFloats) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.at = 0;
    this.exactFloats = exactFloats;
  }

  /** The argument of a head with additional information `info`. */
  argument(info) {
    if (info < 24) return info;
    const at = this.at;
    switch (info) {
      case 24: this.at += 1; return this.bytes[at];
      case 25: this.at += 2; return this.view.getUint16(at);
      case 26: this.at += 4; return this.view.getUint32(at);
      default: {
        this.at += 8;
        const big = this.view.getBigUint64(at);
        return big <= BigInt(MAX_SAFE) ? Number(big) : big;
      }
    }
  }

  text(len) {
    const start = this.at;
    this.at += len;
    if (len < 16) {
      // Short ASCII text is built here; the decoder's call costs more.
      let s = '';
      for (let i = start; i < start + len; i++) {
        const c = this.bytes[i];
        if (c > 0x7f) return utf8.decode(this.bytes.subarray(start, start + len));
        s += String.fromCharCode(c);
      }
      return s;
    }
    return utf8.decode(this.bytes.subarray(start, start + len));
  }

  item() {
    const initial = this.bytes[this.at++];
    const major = initial >> 5;
    const info = initial & 31;
    if (major === 7) return this.simple(info);
    const n = this.argument(info);
    switch (major) {
      case 0: return n;
      case 1: return typeof n === 'number' && n < MAX_SAFE ? -1 - n : -1n - BigInt(n);
      case 2: {
        const start = this.at;
        this.at += n;
        return this.bytes.slice(start, start + n);
      }
      case 3: return this.text(n);
      case 4: {
        const out = new Array(n);
        for (let i = 0; i < n; i++) out[i] = this.item();
        return out;
      }
      case 5: return this.map(n);
      default: return this.tag(n);
    }
  }

  map(n) {
    const keys = new Array(n);
    const values = new Array(n);
    for (let i = 0; i < n; i++) {
      keys[i] = this.item();
      values[i] = this.item();
    }
    if (objectKeys(keys)) {
      const object = {};
      for (let i = 0; i < n; i++) object[keys[i]] = values[i];
      return object;
    }
    const map = new Map();
    for (let i = 0; i < n; i++) map.set(keys[i], values[i]);
    return map;
  }

  tag(tag) {
    const value = this.item();
    if (value instanceof Uint8Array) {
      if (tag === 2 || tag === 3) {
        let big = 0n;
        for (const byte of value) big = (big << 8n) | BigInt(byte);
        return tag === 2 ? big : -1n - big;
      }
      const typed = TYPED_BY_TAG.get(tag);
      if (typed) {
        const [Type, littleEndian] = typed;
        // `value` is a fresh copy, so its buffer is exactly the payload.
        if (!littleEndian && Type.BYTES_PER_ELEMENT > 1) {
          const width = Type.BYTES_PER_ELEMENT;
          for (let i = 0; i < value.length; i += width) value.subarray(i, i + width).reverse();
        }
        return new Type(value.buffer);
      }
    }
    return { tag, value };
  }

  simple(info) {
    const at = this.at;
    switch (info) {
      case 20: return false;
      case 21: return true;
      case 22: return null;
      case 23: return undefined;
      case 24: this.at += 1; return { simple: this.bytes[at] };
      case 25: this.at += 2; return this.float(halfToNumber(this.view.getUint16(at)), 16);
      case 26: this.at += 4; return this.float(this.view.getFloat32(at), 32);
      case 27: this.at += 8; return this.float(this.view.getFloat64(at), 64);
      default: return { simple: info };
    }
  }

  float(value, width) {
    // A plain number encodes as a double, or as an integer when it is a
    // safe integer other than −0; −0 is marked too, as a Map would merge
    // it with the key 0.
    if (this.exactFloats && (width !== 64 || Number.isSafeInteger(value))) {
      return { float: value, width };
    }
    return value;
  }
}

/** The JavaScript value of one item of plain CBOR. */
export function read(bytes, exactFloats) {
  return new Reader(bytes, exactFloats).item();
}

// ---------------------------------------------------------------- writing

class Writer {
  constructor() {
    this.bytes = new Uint8Array(256);
    this.view = new DataView(this.bytes.buffer);
    this.at = 0;
  }

  reserve(n) {
    if (this.at + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.at + n) size *= 2;
    const bytes = new Uint8Array(size);
    bytes.set(this.bytes.subarray(0, this.at));
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer);
  }

  head(major, n) {
    this.reserve(9);
    const m = major << 5;
    if (typeof n === 'bigint') {
      this.bytes[this.at] = m | 27;
      this.view.setBigUint64(this.at + 1, n);
      this.at += 9;
    } else if (n < 24) {
      this.bytes[this.at++] = m | n;
    } else if (n < 0x100) {
      this.bytes[this.at] = m | 24;
      this.bytes[this.at + 1] = n;
      this.at += 2;
    } else if (n < 0x10000) {
      this.bytes[this.at] = m | 25;
      this.view.setUint16(this.at + 1, n);
      this.at += 3;
    } else if (n < 0x100000000) {
      this.bytes[this.at] = m | 26;
      this.view.setUint32(this.at + 1, n);
      this.at += 5;
    } else {
      this.bytes[this.at] = m | 27;
      this.view.setBigUint64(this.at + 1, BigInt(n));
      this.at += 9;
    }
  }

  raw(bytes) {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
  }

  text(s) {
    if (s.length < 64) {
      // Short ASCII text is written here; the encoder's call costs more.
      let ascii = true;
      for (let i = 0; i < s.length; i++) {
        if (s.charCodeAt(i) > 0x7f) {
          ascii = false;
          break;
        }
      }
      if (ascii) {
        this.head(3, s.length);
        this.reserve(s.length);
        for (let i = 0; i < s.length; i++) this.bytes[this.at + i] = s.charCodeAt(i);
        this.at += s.length;
        return;
      }
    }
    const bytes = utf8Encoder.encode(s);
    this.head(3, bytes.length);
    this.raw(bytes);
  }

  float64(v) {
    this.reserve(9);
    this.bytes[this.at] = 0xfb;
    this.view.setFloat64(this.at + 1, v);
    this.at += 9;
  }

  bigint(v) {
    if (v >= 0n && v < 2n ** 64n) return this.head(0, v);
    if (v < 0n && v >= -(2n ** 64n)) return this.head(1, -1n - v);
    // A bignum: tag 2 over n, or tag 3 over −1 − n.
    const magnitude = v >= 0n ? v : -1n - v;
    let hex = magnitude.toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    const bytes = new Uint8Array(hex.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    this.head(6, v >= 0n ? 2 : 3);
    this.head(2, bytes.length);
    this.raw(bytes);
  }

  value(v, depth) {
    switch (typeof v) {
      case 'number':
        if (Number.isSafeInteger(v) && !Object.is(v, -0)) {
          return v >= 0 ? this.head(0, v) : this.head(1, -1 - v);
        }
        return this.float64(v);
      case 'string': return this.text(v);
      case 'boolean': return this.head(7, v ? 21 : 20);
      case 'undefined': return this.head(7, 23);
      case 'bigint': return this.bigint(v);
      case 'object': break;
      default: throw failure('unencodable', `cannot encode: a ${typeof v} has no CBOR form`);
    }
    if (v === null) return this.head(7, 22);
    if (depth >= MAX_DEPTH) {
      throw failure('max-depth-exceeded', 'nesting exceeds the depth limit (or the value is cyclic)');
    }
    const below = depth + 1;
    if (Array.isArray(v)) {
      this.head(4, v.length);
      for (let i = 0; i < v.length; i++) this.value(v[i], below);
      return undefined;
    }
    if (ArrayBuffer.isView(v)) return this.typedArray(v);
    if (v instanceof ArrayBuffer) {
      this.head(2, v.byteLength);
      return this.raw(new Uint8Array(v));
    }
    if (v instanceof Map) {
      this.head(5, v.size);
      for (const [key, value] of v) {
        this.value(key, below);
        this.value(value, below);
      }
      return undefined;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) {
      throw failure('unencodable', 'cannot encode: only plain objects, arrays, Maps and typed arrays are encoded');
    }
    const keys = Object.keys(v);
    if (isMarker(keys) && this.marker(v, below)) return undefined;
    this.head(5, keys.length);
    for (const key of keys) {
      this.text(key);
      this.value(v[key], below);
    }
    return undefined;
  }

  /** A typed array or DataView. */
  typedArray(v) {
    const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    if (v instanceof Uint8Array) {
      this.head(2, bytes.length);
      return this.raw(bytes);
    }
    const tag = TAG_BY_TYPED.get(v.constructor);
    if (tag === undefined) {
      throw failure('unencodable', 'cannot encode: a DataView or Float16Array has no CBOR form here');
    }
    // Typed arrays are in the platform's byte order, little-endian on every
    // engine WebAssembly runs on: the little-endian tags.
    this.head(6, tag);
    this.head(2, bytes.length);
    return this.raw(bytes);
  }

  /** Writes a marker object; false when its values do not fit the marker. */
  marker(v, depth) {
    if ('tag' in v) {
      const { tag } = v;
      const ok = typeof tag === 'bigint'
        ? tag >= 0n && tag < 2n ** 64n
        : Number.isSafeInteger(tag) && tag >= 0;
      if (!ok) return false;
      this.head(6, tag);
      this.value(v.value, depth);
      return true;
    }
    if ('float' in v) {
      const { float, width } = v;
      if (typeof float !== 'number') return false;
      if (width === 64) {
        this.float64(float);
      } else if (width === 32) {
        const single = Math.fround(float);
        if (!Object.is(single, float) && !Number.isNaN(float)) {
          throw failure('unencodable', 'cannot encode: a value binary32 cannot hold exactly');
        }
        this.reserve(5);
        this.bytes[this.at] = 0xfa;
        this.view.setFloat32(this.at + 1, float);
        this.at += 5;
      } else if (width === 16) {
        const bits = numberToHalf(float);
        if (bits === undefined) {
          throw failure('unencodable', 'cannot encode: a value binary16 cannot hold exactly');
        }
        this.reserve(3);
        this.bytes[this.at] = 0xf9;
        this.view.setUint16(this.at + 1, bits);
        this.at += 3;
      } else {
        return false;
      }
      return true;
    }
    const n = v.simple;
    if (!Number.isInteger(n) || n < 0 || n > 255) return false;
    if (n < 24) {
      this.head(7, n);
    } else {
      this.reserve(2);
      this.bytes[this.at] = 0xf8;
      this.bytes[this.at + 1] = n;
      this.at += 2;
    }
    return true;
  }
}

/** The binary16 bits of `v` when it is exact at that width (NaN: quiet). */
function numberToHalf(v) {
  if (Number.isNaN(v)) return 0x7e00;
  const sign = v < 0 || Object.is(v, -0) ? 0x8000 : 0;
  const a = Math.abs(v);
  if (a === Infinity) return sign | 0x7c00;
  if (a === 0) return sign;
  for (let exp = -14; exp <= 15; exp++) {
    const scale = 2 ** exp;
    if (a < scale * 2 || exp === 15) {
      if (a < scale) {
        // Subnormal: a multiple of 2^-24 below 2^-14.
        const m = a / 2 ** -24;
        return Number.isInteger(m) && m < 1024 ? sign | m : undefined;
      }
      const m = (a / scale - 1) * 1024;
      return Number.isInteger(m) && m < 1024 ? sign | ((exp + 15) << 10) | m : undefined;
    }
  }
  return undefined;
}

/** One JavaScript value as plain CBOR. */
export function write(value) {
  const w = new Writer();
  w.value(value, 0);
  return w.bytes.subarray(0, w.at);
}
