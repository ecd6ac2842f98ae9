//! Constructors and accessors for the Clojure data model carried by
//! [`Value`]: records, sets, decimals, bignums, ratios, UUIDs, URIs,
//! regexes, instants, durations, dates, characters, periods and typed and
//! multi-dimensional arrays. Each builds exactly the wire form the reference
//! writes, so a value built here encodes to the reference's bytes.
//!
//! Keywords and symbols ([`Value::keyword`], [`Value::symbol`]) live with
//! the general accessors.

use alloc::string::String;
use alloc::vec::Vec;

use super::tags::{
    element_count, parse_date, parse_period, single_bmp_char, typed_array_width, FRACTION_KEYS,
};
use super::{Float, Value};

/// Nanoseconds per second.
const NANOS: u32 = 1_000_000_000;

/// The reserved tag-27 name of a character.
const CHAR: &str = "clojure/char";
/// The reserved tag-27 name of a `java.time.Period`.
const PERIOD: &str = "java/period";

impl Value {
    /// A record or reserved-name frame: `27([name, payload])`. Records use
    /// `"<namespace>/<TypeName>"` and a map of keyword keys in field order.
    pub fn record(name: &str, payload: Value) -> Value {
        Value::tag(
            27,
            Value::Array(alloc::vec![Value::from(name), payload].into()),
        )
    }

    /// The name and payload of a tag-27 frame.
    pub fn as_record(&self) -> Option<(&str, &Value)> {
        match self.as_tag()? {
            (27, Value::Array(parts)) => match parts.as_slice() {
                [Value::Text(name), payload] => Some((name, payload)),
                _ => None,
            },
            _ => None,
        }
    }

    /// A set: `258([items…])`, elements in the given order (the sorted
    /// profiles sort them on write). Duplicates make a document readers
    /// refuse.
    pub fn set(items: Vec<Value>) -> Value {
        Value::tag(258, Value::Array(items.into()))
    }

    /// The elements of a set, in wire order.
    pub fn as_set(&self) -> Option<&[Value]> {
        match self.as_tag()? {
            (258, inner) => inner.as_array(),
            _ => None,
        }
    }

    /// A big integer in the reference's always-tagged form (a host bignum is
    /// `c2 41 05` for 5 under float policy `preserve-width`): tag 2 over the
    /// minimal big-endian magnitude for `v ≥ 0`, tag 3 over that of `−1 − v`
    /// otherwise. `Shortest` writes it as a plain integer when it fits.
    pub fn big_integer(v: i128) -> Value {
        if v >= 0 {
            Value::bignum(false, &v.to_be_bytes())
        } else {
            Value::bignum(true, &(-1 - v).to_be_bytes())
        }
    }

    /// Tag 2 (`negative = false`, value m) or tag 3 (value −1 − m) over the
    /// big-endian magnitude m, leading zero bytes removed (zero is the
    /// single byte `00`).
    pub fn bignum(negative: bool, magnitude: &[u8]) -> Value {
        let start = magnitude.iter().position(|&b| b != 0);
        let digits = match start {
            Some(i) => magnitude.get(i..).unwrap_or_default().to_vec(),
            None => alloc::vec![0],
        };
        Value::tag(if negative { 3 } else { 2 }, Value::Bytes(digits))
    }

    /// The sign (`true` for tag 3) and magnitude bytes of a bignum.
    pub fn as_bignum(&self) -> Option<(bool, &[u8])> {
        match self.as_tag()? {
            (2, Value::Bytes(b)) => Some((false, b)),
            (3, Value::Bytes(b)) => Some((true, b)),
            _ => None,
        }
    }

    /// An integer or a bignum, as an `i128` when it fits.
    pub fn as_integer_i128(&self) -> Option<i128> {
        if let Value::Integer(v) = self {
            return Some(*v);
        }
        let (negative, digits) = self.as_bignum()?;
        let start = digits.iter().position(|&b| b != 0).unwrap_or(digits.len());
        let significant = digits.get(start..)?;
        if significant.len() > 16 {
            return None;
        }
        let m = significant
            .iter()
            .fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
        let m = i128::try_from(m).ok()?;
        Some(if negative { -1 - m } else { m })
    }

    /// A decimal `mantissa × 10^exponent` (exponent = −scale, so 1.50 is
    /// `decimal(-2, 150)`): `4([exponent, mantissa])`, the mantissa a plain
    /// integer while −2^62 ≤ m < 2^62 and a bignum otherwise, in every
    /// profile. The exponent is an `i32` because readers refuse wider ones.
    pub fn decimal(exponent: i32, mantissa: i128) -> Value {
        Value::tag(
            4,
            Value::Array(alloc::vec![Value::from(exponent), int_or_bignum(mantissa, 62)].into()),
        )
    }

    /// The exponent and mantissa of a decimal, when the mantissa fits `i128`.
    pub fn as_decimal(&self) -> Option<(i32, i128)> {
        match self.as_tag()? {
            (4, Value::Array(parts)) => match parts.as_slice() {
                [Value::Integer(e), m] => Some((i32::try_from(*e).ok()?, m.as_integer_i128()?)),
                _ => None,
            },
            _ => None,
        }
    }

    /// A ratio `30([num, den])`, each part a plain integer when it fits
    /// `i64` and a bignum otherwise; `None` when `den` is 0. Like the
    /// reference, the parts are written as given (no reduction, no sign
    /// normalisation).
    pub fn ratio(num: i128, den: i128) -> Option<Value> {
        (den != 0).then(|| {
            Value::tag(
                30,
                Value::Array(alloc::vec![int_or_bignum(num, 63), int_or_bignum(den, 63)].into()),
            )
        })
    }

    /// Numerator and denominator of a ratio, when both fit `i128`.
    pub fn as_ratio(&self) -> Option<(i128, i128)> {
        match self.as_tag()? {
            (30, Value::Array(parts)) => match parts.as_slice() {
                [n, d] => Some((n.as_integer_i128()?, d.as_integer_i128()?)),
                _ => None,
            },
            _ => None,
        }
    }

    /// A UUID: `37(h'…')`, the 16 bytes big-endian (most significant half
    /// first).
    pub fn uuid(bytes: [u8; 16]) -> Value {
        Value::tag(37, Value::Bytes(bytes.to_vec()))
    }

    /// The 16 bytes of a UUID.
    pub fn as_uuid(&self) -> Option<[u8; 16]> {
        match self.as_tag()? {
            (37, Value::Bytes(b)) => b.as_slice().try_into().ok(),
            _ => None,
        }
    }

    /// A URI: `32("…")`. The text is not parsed: URI dialects differ.
    pub fn uri(text: &str) -> Value {
        Value::tag(32, Value::from(text))
    }

    /// The text of a URI.
    pub fn as_uri(&self) -> Option<&str> {
        tagged_text(self, 32)
    }

    /// A regular expression: `35("pattern")`, the source only (flags are
    /// not part of the wire form). Not compiled: regex dialects differ.
    pub fn regex(pattern: &str) -> Value {
        Value::tag(35, Value::from(pattern))
    }

    /// The pattern of a regular expression.
    pub fn as_regex(&self) -> Option<&str> {
        tagged_text(self, 35)
    }

    /// An instant as RFC 3339 text: `0("2009-02-13T23:31:30.123Z")`;
    /// `None` unless the text follows the grammar readers accept
    /// (`dddd-dd-ddTHH:MM:SS(.d{1,9})?(Z|±hh:mm)`, real dates, offsets up to
    /// ±18:00).
    pub fn instant_text(text: &str) -> Option<Value> {
        super::tags::is_rfc3339(text).then(|| Value::tag(0, Value::from(text)))
    }

    /// The RFC 3339 text of an instant (tag 0).
    pub fn as_instant_text(&self) -> Option<&str> {
        tagged_text(self, 0)
    }

    /// Epoch seconds, `1(secs)`. The reference reads tag 1 but never writes
    /// it (it writes instants as tag 0).
    pub fn epoch(secs: i64) -> Value {
        Value::tag(1, Value::from(secs))
    }

    /// The epoch seconds of a tag 1, integer or float, widened to `f64`.
    pub fn as_epoch(&self) -> Option<f64> {
        match self.as_tag()? {
            (1, Value::Integer(v)) => Some(*v as f64),
            (1, Value::Float(f)) => Some(f.to_f64()),
            _ => None,
        }
    }

    /// A duration of `secs + nanos / 10^9` seconds (the `java.time.Duration`
    /// split: −1.5 s is `(-2, 500_000_000)`): `1002({1: secs, -9: nanos})`,
    /// `-9` left out when `nanos` is 0; `None` when `nanos ≥ 10^9`.
    pub fn duration(secs: i64, nanos: u32) -> Option<Value> {
        if nanos >= NANOS {
            return None;
        }
        let mut entries = alloc::vec![(Value::from(1), Value::from(secs))];
        if nanos != 0 {
            entries.push((Value::from(-9), Value::from(nanos)));
        }
        Some(Value::tag(1002, Value::Map(entries.into())))
    }

    /// The seconds and nanoseconds of a duration (tag 1002 with integer
    /// seconds; a finer fraction than nanoseconds must be whole nanoseconds).
    pub fn as_duration(&self) -> Option<(i64, u32)> {
        let (1002, Value::Map(entries)) = self.as_tag()? else {
            return None;
        };
        let mut secs = None;
        let mut nanos = 0u32;
        for (key, value) in entries {
            let Value::Integer(k) = key else { continue };
            if *k == 1 {
                secs = Some(value.as_i64()?);
            } else if let Some(&(_, digits)) = FRACTION_KEYS.iter().find(|(f, _)| f == k) {
                let v = u128::try_from(value.as_i128()?).ok()?;
                let scaled = if digits <= 9 {
                    v.checked_mul(10u128.pow(9 - digits))?
                } else {
                    let div = 10u128.pow(digits - 9);
                    (v % div == 0).then_some(v / div)?
                };
                nanos = u32::try_from(scaled).ok().filter(|n| *n < NANOS)?;
            }
        }
        Some((secs?, nanos))
    }

    /// A calendar date, `1004("YYYY-MM-DD")`; `None` unless it is a real
    /// date with a year of at most four digits.
    pub fn date(year: u16, month: u8, day: u8) -> Option<Value> {
        let text = alloc::format!("{year:04}-{month:02}-{day:02}");
        parse_date(&text).map(|_| Value::tag(1004, Value::Text(text)))
    }

    /// Year, month and day of a date (tag 1004).
    pub fn as_date(&self) -> Option<(u16, u8, u8)> {
        parse_date(tagged_text(self, 1004)?)
    }

    /// A character, `27(["clojure/char", "c"])`; `None` outside the Basic
    /// Multilingual Plane (the reference's characters are UTF-16 units).
    pub fn char(c: char) -> Option<Value> {
        (u32::from(c) <= 0xFFFF).then(|| Value::record(CHAR, Value::Text(String::from(c))))
    }

    /// The character of a `clojure/char` frame.
    pub fn as_char(&self) -> Option<char> {
        match self.as_record()? {
            (CHAR, Value::Text(t)) => single_bmp_char(t),
            _ => None,
        }
    }

    /// A `java.time.Period`, `27(["java/period", "P1Y2M3D"])` in its
    /// canonical spelling (zero parts left out, `P0D` for zero).
    pub fn period(years: i32, months: i32, days: i32) -> Value {
        let mut text = String::from("P");
        for (n, unit) in [(years, 'Y'), (months, 'M'), (days, 'D')] {
            if n != 0 {
                text.push_str(&alloc::format!("{n}{unit}"));
            }
        }
        if text.len() == 1 {
            text.push_str("0D");
        }
        Value::record(PERIOD, Value::Text(text))
    }

    /// Years, months and days of a `java/period` frame.
    pub fn as_period(&self) -> Option<(i32, i32, i32)> {
        match self.as_record()? {
            (PERIOD, Value::Text(t)) => parse_period(t),
            _ => None,
        }
    }

    /// An RFC 8746 typed array, `tag(h'…')`, from its raw payload; `None`
    /// unless `tag` is a typed-array tag (64–75, 77–87) and the length is a
    /// multiple of its element width.
    pub fn typed_array(tag: u64, bytes: Vec<u8>) -> Option<Value> {
        let width = typed_array_width(tag)?;
        (bytes.len() % width == 0).then(|| Value::tag(tag, Value::Bytes(bytes)))
    }

    /// An `i16` array, tag 77 (little-endian), as the reference writes
    /// `short[]`.
    pub fn i16_array(values: &[i16]) -> Value {
        le_array(77, values.iter().flat_map(|v| v.to_le_bytes()))
    }

    /// An `i32` array, tag 78 (little-endian), as for `int[]`.
    pub fn i32_array(values: &[i32]) -> Value {
        le_array(78, values.iter().flat_map(|v| v.to_le_bytes()))
    }

    /// An `i64` array, tag 79 (little-endian), as for `long[]`.
    pub fn i64_array(values: &[i64]) -> Value {
        le_array(79, values.iter().flat_map(|v| v.to_le_bytes()))
    }

    /// An `f32` array, tag 85 (little-endian), as for `float[]`.
    pub fn f32_array(values: &[f32]) -> Value {
        le_array(85, values.iter().flat_map(|v| v.to_le_bytes()))
    }

    /// An `f64` array, tag 86 (little-endian), as for `double[]`.
    pub fn f64_array(values: &[f64]) -> Value {
        le_array(86, values.iter().flat_map(|v| v.to_le_bytes()))
    }

    /// The tag and raw payload of a typed array.
    pub fn as_typed_array(&self) -> Option<(u64, &[u8])> {
        match self.as_tag()? {
            (tag, Value::Bytes(b)) if typed_array_width(tag).is_some() => Some((tag, b)),
            _ => None,
        }
    }

    /// The elements of a typed array as values: integers as
    /// [`Value::Integer`], binary16/32/64 as [`Value::Float`] of that width;
    /// `None` for binary128 (tags 83 and 87), which `Float` cannot hold.
    pub fn typed_array_values(&self) -> Option<Vec<Value>> {
        let (tag, bytes) = self.as_typed_array()?;
        let width = typed_array_width(tag)?;
        let float = tag & 0b1_0000 != 0;
        let signed = tag & 0b1000 != 0;
        // The e bit: little-endian (meaningless for one-byte elements).
        let little = tag & 0b100 != 0;
        bytes
            .chunks_exact(width)
            .map(|chunk| {
                let mut raw = [0u8; 8];
                let slot = raw.get_mut(..width)?;
                slot.copy_from_slice(chunk);
                if !little {
                    slot.reverse();
                }
                let bits = u64::from_le_bytes(raw);
                Some(if float {
                    match width {
                        2 => Value::Float(Float::F16(bits as u16)),
                        4 => Value::Float(Float::F32(f32::from_bits(bits as u32))),
                        _ => Value::Float(Float::F64(f64::from_bits(bits))),
                    }
                } else if signed {
                    // Sign-extend from the element width.
                    let shift = 64 - 8 * width as u32;
                    Value::Integer(i128::from(((bits << shift) as i64) >> shift))
                } else {
                    Value::Integer(i128::from(bits))
                })
            })
            .collect()
    }

    /// A multi-dimensional array, `40([[dims…], payload])`, row-major;
    /// `None` unless every dimension is at least 1 and their product is the
    /// payload's element count (an array, a typed array or a tag 41).
    pub fn multi_dim(dims: &[u64], payload: Value) -> Option<Value> {
        let product = dims.iter().try_fold(1u64, |acc, &d| {
            (d >= 1).then(|| acc.checked_mul(d)).flatten()
        })?;
        let count = u64::try_from(element_count(&payload)?).ok()?;
        (!dims.is_empty() && product == count).then(|| {
            let dims = dims.iter().map(|&d| Value::from(d)).collect();
            Value::tag(
                40,
                Value::Array(alloc::vec![Value::Array(dims), payload].into()),
            )
        })
    }

    /// The dimensions and payload of a multi-dimensional array.
    pub fn as_multi_dim(&self) -> Option<(Vec<u64>, &Value)> {
        match self.as_tag()? {
            (40, Value::Array(parts)) => match parts.as_slice() {
                [Value::Array(dims), payload] => {
                    let dims = dims.iter().map(Value::as_u64).collect::<Option<Vec<_>>>()?;
                    Some((dims, payload))
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// A plain integer when `−2^bits ≤ v < 2^bits`, else a bignum.
fn int_or_bignum(v: i128, bits: u32) -> Value {
    let bound = 1i128 << bits;
    if (-bound..bound).contains(&v) {
        Value::Integer(v)
    } else {
        Value::big_integer(v)
    }
}

fn tagged_text(v: &Value, tag: u64) -> Option<&str> {
    match v.as_tag()? {
        (t, Value::Text(text)) if t == tag => Some(text),
        _ => None,
    }
}

fn le_array(tag: u64, bytes: impl Iterator<Item = u8>) -> Value {
    Value::tag(tag, Value::Bytes(bytes.collect()))
}

#[cfg(test)]
mod tests {
    use super::Value;
    use crate::profile::Profile;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| alloc::format!("{b:02x}")).collect()
    }

    /// The default-profile encoding of `v` (without the `d90100` envelope),
    /// checked to decode back to an equal value.
    fn wire(v: &Value) -> String {
        let bytes = crate::to_vec(v).unwrap();
        let back: Value = crate::from_slice(&bytes).unwrap();
        assert_eq!(&back, v);
        hex(&bytes).trim_start_matches("d90100").into()
    }

    #[test]
    fn records_sets_chars_periods() {
        let point = Value::record(
            "boring.golden/GoldenPoint",
            Value::Map(
                alloc::vec![
                    (Value::keyword("x"), Value::from(3)),
                    (Value::keyword("y"), Value::from(4)),
                ]
                .into(),
            ),
        );
        assert_eq!(
            wire(&point),
            "d81b827819626f72696e672e676f6c64656e2f476f6c64656e506f696e74a2d827623a7803d827623a7904"
        );
        let (name, payload) = point.as_record().unwrap();
        assert_eq!(name, "boring.golden/GoldenPoint");
        assert_eq!(payload.get("y").and_then(Value::as_i64), Some(4));

        let set = Value::set(alloc::vec![Value::keyword("c"), Value::keyword("b")]);
        assert_eq!(wire(&set), "d9010282d827623a63d827623a62");
        assert_eq!(set.as_set().map(<[Value]>::len), Some(2));

        let c = Value::char('ಬ').unwrap();
        assert_eq!(wire(&c), "d81b826c636c6f6a7572652f6368617263e0b2ac");
        assert_eq!(c.as_char(), Some('ಬ'));
        assert!(Value::char('💩').is_none());

        let p = Value::period(1, 1, 1);
        assert_eq!(wire(&p), "d81b826b6a6176612f706572696f6467503159314d3144");
        assert_eq!(p.as_period(), Some((1, 1, 1)));
        assert_eq!(Value::period(0, 0, 0).as_period(), Some((0, 0, 0)));
        assert_eq!(Value::period(0, -2, 0).as_period(), Some((0, -2, 0)));
    }

    #[test]
    fn numbers() {
        let d = Value::decimal(-2, 150);
        assert_eq!(wire(&d), "c482211896");
        assert_eq!(d.as_decimal(), Some((-2, 150)));
        // Mantissas outside ±2^62 are bignums even where they fit 64 bits.
        assert_eq!(
            wire(&Value::decimal(0, 1 << 62)),
            "c48200c2484000000000000000"
        );
        assert_eq!(
            wire(&Value::decimal(0, -(1 << 62))),
            "c482003b3fffffffffffffff"
        );
        assert_eq!(
            Value::decimal(3, -(1 << 62) - 1).as_decimal(),
            Some((3, -(1 << 62) - 1))
        );
        let canonical = crate::to_vec_with(&Value::decimal(0, 1 << 62), &Profile::Canonical.into());
        assert_eq!(hex(&canonical.unwrap()), "c48200c2484000000000000000");

        assert_eq!(wire(&Value::big_integer(5)), "c24105");
        assert_eq!(wire(&Value::big_integer(0)), "c24100");
        assert_eq!(wire(&Value::big_integer(-1)), "c34100");
        let huge = Value::bignum(false, &[0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(wire(&huge), "c249010000000000000000");
        assert_eq!(
            huge.as_bignum(),
            Some((false, &[1, 0, 0, 0, 0, 0, 0, 0, 0][..]))
        );
        assert_eq!(huge.as_integer_i128(), Some(1 << 64));
        assert_eq!(
            Value::big_integer(i128::MIN).as_integer_i128(),
            Some(i128::MIN)
        );

        let r = Value::ratio(22, 7).unwrap();
        assert_eq!(wire(&r), "d81e821607");
        assert_eq!(r.as_ratio(), Some((22, 7)));
        assert!(Value::ratio(1, 0).is_none());
        let wide = Value::ratio(i128::from(i64::MAX) + 1, 3).unwrap();
        assert_eq!(wire(&wide), "d81e82c248800000000000000003");
    }

    #[test]
    fn texts_and_times() {
        let mut id = [0u8; 16];
        id[15] = 1;
        let u = Value::uuid(id);
        assert_eq!(wire(&u), "d8255000000000000000000000000000000001");
        assert_eq!(u.as_uuid(), Some(id));
        assert_eq!(
            Value::uri("https://clojure.org").as_uri(),
            Some("https://clojure.org")
        );
        assert_eq!(wire(&Value::regex("^a.*z$")), "d823665e612e2a7a24");
        assert_eq!(Value::regex("x").as_regex(), Some("x"));

        let t = Value::instant_text("2009-02-13T23:31:30.123Z").unwrap();
        assert_eq!(
            wire(&t),
            "c07818323030392d30322d31335432333a33313a33302e3132335a"
        );
        assert_eq!(t.as_instant_text(), Some("2009-02-13T23:31:30.123Z"));
        assert!(Value::instant_text("2009-02-13").is_none());
        assert_eq!(
            Value::epoch(1_234_567_890).as_epoch(),
            Some(1_234_567_890.0)
        );
        assert_eq!(wire(&Value::epoch(-1)), "c120");

        let d = Value::duration(100, 100).unwrap();
        assert_eq!(wire(&d), "d903eaa2011864281864");
        assert_eq!(d.as_duration(), Some((100, 100)));
        assert_eq!(wire(&Value::duration(100, 0).unwrap()), "d903eaa1011864");
        assert_eq!(
            wire(&Value::duration(-2, 500_000_000).unwrap()),
            "d903eaa20121281a1dcd6500"
        );
        assert!(Value::duration(0, 1_000_000_000).is_none());
        let millis: Value =
            crate::from_slice(&[0xd9, 0x03, 0xea, 0xa2, 0x01, 0x01, 0x22, 0x05]).unwrap();
        assert_eq!(millis.as_duration(), Some((1, 5_000_000)));

        let date = Value::date(2024, 2, 29).unwrap();
        assert_eq!(wire(&date), "d903ec6a323032342d30322d3239");
        assert_eq!(date.as_date(), Some((2024, 2, 29)));
        assert!(Value::date(2023, 2, 29).is_none());
        assert!(Value::date(10_000, 1, 1).is_none());
    }

    #[test]
    fn arrays() {
        let shorts = Value::i16_array(&[1, -2, 3]);
        assert_eq!(wire(&shorts), "d84d460100feff0300");
        assert_eq!(
            shorts.typed_array_values(),
            Some(alloc::vec![Value::from(1), Value::from(-2), Value::from(3)])
        );
        assert_eq!(
            wire(&Value::i32_array(&[1, -2, 3])),
            "d84e4c01000000feffffff03000000"
        );
        assert_eq!(wire(&Value::i64_array(&[1])), "d84f480100000000000000");
        assert_eq!(
            wire(&Value::f32_array(&[1.5, -2.5])),
            "d855480000c03f000020c0"
        );
        let doubles = Value::f64_array(&[1.5, -2.5]);
        assert_eq!(
            doubles.typed_array_values(),
            Some(alloc::vec![Value::from(1.5), Value::from(-2.5)])
        );
        // Big-endian uint16 and sint32, and a binary16 element.
        let be = Value::typed_array(65, alloc::vec![0x01, 0x02]).unwrap();
        assert_eq!(
            be.typed_array_values(),
            Some(alloc::vec![Value::from(0x0102)])
        );
        let neg = Value::typed_array(74, alloc::vec![0xff, 0xff, 0xff, 0xfe]).unwrap();
        assert_eq!(neg.typed_array_values(), Some(alloc::vec![Value::from(-2)]));
        let half = Value::typed_array(84, alloc::vec![0x00, 0x3c]).unwrap();
        assert_eq!(half.typed_array_values().unwrap()[0].as_f64(), Some(1.0));
        assert!(Value::typed_array(77, alloc::vec![1]).is_none());
        assert!(Value::typed_array(76, alloc::vec![1]).is_none());
        let quad = Value::typed_array(87, alloc::vec![0; 16]).unwrap();
        assert_eq!(quad.typed_array_values(), None);
        assert_eq!(half.as_typed_array(), Some((84, &[0x00, 0x3c][..])));

        let m = Value::multi_dim(&[2, 2], Value::f64_array(&[1.0, 2.0, 3.0, 4.0])).unwrap();
        assert!(wire(&m).starts_with("d82882820202d8565820"));
        let (dims, payload) = m.as_multi_dim().unwrap();
        assert_eq!(dims, [2, 2]);
        assert_eq!(
            payload.as_typed_array().map(|(t, b)| (t, b.len())),
            Some((86, 32))
        );
        let plain = Value::multi_dim(
            &[3],
            Value::Array(((1..=3).map(Value::from).collect::<Vec<_>>()).into()),
        );
        assert_eq!(
            wire(&plain.unwrap()),
            "d8288281038301 0203".replace(' ', "")
        );
        assert!(Value::multi_dim(&[2, 2], Value::i16_array(&[1, 2, 3])).is_none());
        assert!(Value::multi_dim(&[0], Value::Array(Vec::new().into())).is_none());
        assert!(Value::multi_dim(&[], Value::Array(Vec::new().into())).is_none());
    }
}
