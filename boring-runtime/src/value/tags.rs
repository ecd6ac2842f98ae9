//! Content checks for the tags whose meaning the data model fixes, run when
//! a tagged item is decoded into a `Value`. Unknown tags are kept as they
//! are.
//!
//! The rules follow the reference reader (its tag table): a document it
//! refuses is refused here with [`ErrorKind::BadTagContent`] at the tag's
//! offset, and content it keeps inert (tag 39 over a non-text item) is kept
//! inert here too.

use super::cmp::has_duplicate_keys;
use super::decode::tagged;
use super::Value;
use crate::codec::ids::{decimal_exponent, UUID_LEN};
use crate::error::{Error, ErrorKind};
use crate::wire::{Head, Reader};

// The time grammar lives with the typed time decoders, which parse what
// these checks accept.
use crate::codec::time::parse_rfc3339;
pub(crate) use crate::codec::time::{parse_date, FRACTION_KEYS};

/// Checks `content` against `tag`'s rules and builds the tagged value.
pub(crate) fn finish_tag(
    r: &Reader<'_>,
    tag: u64,
    content: Value,
    at: usize,
) -> Result<Value, Error> {
    let valid = match tag {
        0 => matches!(&content, Value::Text(t) if is_rfc3339(t)),
        1 => is_epoch(&content),
        2 | 3 => matches!(content, Value::Bytes(_)),
        4 => is_decimal(&content),
        27 => is_record(&content),
        30 => is_ratio(&content),
        32 | 35 => matches!(content, Value::Text(_)),
        37 => matches!(&content, Value::Bytes(b) if b.len() == UUID_LEN),
        // Non-text content stays an inert tagged value, except a reference
        // that resolved to a byte-string entry: the reference refuses that.
        39 => !(matches!(content, Value::Bytes(_)) && content_is_reference(r, at)),
        40 => is_multi_dim(&content),
        258 => match &content {
            Value::Array(items) => {
                if has_duplicate_keys(items.iter())
                    && r.options().duplicate_keys == crate::profile::DuplicateKeys::Reject
                {
                    return Err(Error::new(ErrorKind::DuplicateKey, at));
                }
                true
            }
            _ => false,
        },
        1002 => is_duration(&content),
        1004 => matches!(&content, Value::Text(t) if parse_date(t).is_some()),
        _ => match typed_array_width(tag) {
            Some(width) => matches!(&content, Value::Bytes(b) if b.len() % width == 0),
            None => true,
        },
    };
    if valid {
        Ok(tagged(tag, content))
    } else {
        Err(Error::new(ErrorKind::BadTagContent { tag }, at))
    }
}

/// The element width in bytes of an RFC 8746 typed-array tag (64–75 and
/// 77–87; 76, "sint8 little-endian", is reserved by the RFC); `None` for
/// every other tag. The reference leaves 83 and 87 (binary128) as unknown
/// tags; here they are typed arrays like the others, with 16-byte elements.
pub(crate) fn typed_array_width(tag: u64) -> Option<usize> {
    match tag {
        64..=75 | 77..=79 => Some(1 << (tag & 0b11)),
        80..=87 => Some(2 << (tag & 0b11)),
        _ => None,
    }
}

/// Whether the tag head at `at` is directly followed by a stringref (tag 25).
fn content_is_reference(r: &Reader<'_>, at: usize) -> bool {
    let Some(rest) = r.input().get(at..) else {
        return false;
    };
    let mut probe = Reader::new(rest);
    matches!(probe.head(), Ok(Head::Tag(_))) && matches!(probe.head(), Ok(Head::Tag(25)))
}

/// The range of `java.time.Instant` in epoch seconds, which bounds tag 1.
const EPOCH_MIN: i128 = -31_557_014_167_219_200;
const EPOCH_MAX: i128 = 31_556_889_864_403_199;

fn is_epoch(content: &Value) -> bool {
    match content {
        Value::Integer(v) => (EPOCH_MIN..=EPOCH_MAX).contains(v),
        Value::Float(f) => {
            let v = f.to_f64();
            // `as` saturates and never panics; NaN and infinities fail here.
            v.is_finite() && (EPOCH_MIN as f64..=EPOCH_MAX as f64).contains(&v)
        }
        _ => false,
    }
}

/// An integer or a bignum (tags 2/3 over bytes, already checked).
fn is_integer(v: &Value) -> bool {
    match v {
        Value::Integer(_) => true,
        Value::Tag(2 | 3, inner) => matches!(**inner, Value::Bytes(_)),
        _ => false,
    }
}

fn is_decimal(content: &Value) -> bool {
    match content.as_array() {
        Some([Value::Integer(exponent), mantissa]) => {
            decimal_exponent(*exponent).is_some() && is_integer(mantissa)
        }
        _ => false,
    }
}

fn is_ratio(content: &Value) -> bool {
    match content.as_array() {
        Some([num, den]) => is_integer(num) && is_integer(den) && !is_zero(den),
        _ => false,
    }
}

fn is_zero(v: &Value) -> bool {
    match v {
        Value::Integer(n) => *n == 0,
        // Tag 3 over any magnitude is at most −1; tag 2 is zero only when
        // every digit is.
        Value::Tag(2, inner) => matches!(&**inner, Value::Bytes(b) if b.iter().all(|&d| d == 0)),
        _ => false,
    }
}

fn is_record(content: &Value) -> bool {
    let Some([Value::Text(name), payload]) = content.as_array() else {
        return false;
    };
    match name.as_str() {
        "clojure/char" => matches!(payload, Value::Text(t) if single_bmp_char(t).is_some()),
        "java/period" => matches!(payload, Value::Text(t) if parse_period(t).is_some()),
        _ => true,
    }
}

/// The character of a text holding exactly one character of the Basic
/// Multilingual Plane (a JVM `char`).
pub(crate) fn single_bmp_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if u32::from(c) <= 0xFFFF => Some(c),
        _ => None,
    }
}

/// Parses an ISO-8601 period in exactly the spelling `java.time.Period`
/// prints for its own value: `P` then the non-zero parts among `<y>Y`,
/// `<m>M`, `<d>D` in that order, each a plain decimal `int` (optional `-`,
/// no leading zeros), or `P0D` for zero.
pub(crate) fn parse_period(text: &str) -> Option<(i32, i32, i32)> {
    if text == "P0D" {
        return Some((0, 0, 0));
    }
    let mut rest = text.strip_prefix('P')?;
    let mut parts = [0i32; 3];
    let mut any = false;
    for (slot, unit) in parts.iter_mut().zip(['Y', 'M', 'D']) {
        let Some(end) = rest.find(unit) else {
            continue;
        };
        let number = rest.get(..end)?;
        let digits = number.strip_prefix('-').unwrap_or(number);
        let canonical = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !canonical {
            return None;
        }
        *slot = number.parse().ok()?;
        any = true;
        rest = rest.get(end + 1..)?;
    }
    (any && rest.is_empty()).then_some((parts[0], parts[1], parts[2]))
}

/// The multi-dimensional array of RFC 8746: `[[dims…], payload]`, each
/// dimension at least 1 and their product the payload's element count.
fn is_multi_dim(content: &Value) -> bool {
    let Some([Value::Array(dims), payload]) = content.as_array() else {
        return false;
    };
    if dims.is_empty() {
        return false;
    }
    let product = dims.iter().try_fold(1u128, |acc, d| match d {
        Value::Integer(n) if *n >= 1 => acc.checked_mul(u128::try_from(*n).ok()?),
        _ => None,
    });
    let Some(product) = product else {
        return false;
    };
    element_count(payload).is_some_and(|n| n as u128 == product)
}

/// The element count of a multi-dimensional array's payload: a plain array,
/// a typed array, or a homogeneous array (tag 41).
pub(crate) fn element_count(payload: &Value) -> Option<usize> {
    match payload {
        Value::Array(items) => Some(items.len()),
        Value::Tag(41, inner) => inner.as_array().map(<[Value]>::len),
        Value::Tag(tag, inner) => {
            let width = typed_array_width(*tag)?;
            inner.as_bytes().map(|b| b.len() / width)
        }
        _ => None,
    }
}

/// RFC 9581 duration map: key 1 (seconds) required, unsigned keys other
/// than 1 fatal (4 and 5, the decimal and bigfloat base forms, included),
/// negative and text keys ignored except that at most one fractional key
/// may appear, holding `0 ≤ v < 10^digits`.
fn is_duration(content: &Value) -> bool {
    let Some(entries) = content.as_map() else {
        return false;
    };
    let mut seconds = false;
    let mut fractions = 0;
    for (key, value) in entries {
        match key {
            Value::Integer(1) => {
                seconds = match value {
                    Value::Integer(v) => i64::try_from(*v).is_ok(),
                    Value::Float(f) => f.to_f64().is_finite(),
                    _ => false,
                };
                if !seconds {
                    return false;
                }
            }
            Value::Integer(k) if *k >= 0 => return false,
            Value::Integer(k) => {
                if let Some(&(_, digits)) = FRACTION_KEYS.iter().find(|(f, _)| f == k) {
                    fractions += 1;
                    let ok =
                        matches!(value, Value::Integer(v) if *v >= 0 && *v < 10i128.pow(digits));
                    if !ok || fractions > 1 {
                        return false;
                    }
                }
            }
            Value::Text(_) => {}
            _ => return false,
        }
    }
    seconds
}

/// `dddd-dd-ddTHH:MM:SS(.d{1,9})?(Z|±hh:mm)` with field ranges checked:
/// the grammar the typed time decoders parse (`codec::time`).
pub(crate) fn is_rfc3339(text: &str) -> bool {
    parse_rfc3339(text).is_some()
}

#[cfg(test)]
mod tests {
    use super::is_rfc3339;
    use crate::error::{Error, ErrorKind};
    use crate::value::Value;
    use alloc::vec::Vec;

    fn decode(hex: &str) -> Result<Value, Error> {
        let hex: alloc::string::String = hex.split_whitespace().collect();
        let bytes: Vec<u8> = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect();
        crate::from_slice(&bytes)
    }

    /// Decoding `hex` fails with `BadTagContent { tag }` at `offset`.
    fn refused(hex: &str, tag: u64, offset: usize) {
        let err = decode(hex).expect_err(hex);
        assert_eq!(err.kind(), &ErrorKind::BadTagContent { tag }, "{hex}");
        assert_eq!(err.offset(), Some(offset), "{hex}");
    }

    fn accepted(hex: &str) {
        decode(hex).unwrap_or_else(|e| panic!("{hex}: {e}"));
    }

    #[test]
    fn epoch_and_bignums() {
        accepted("c11a514b67b0");
        accepted("c1fb41d2d2d9ec000000");
        refused("c1fb7ff8000000000000", 1, 0);
        refused("c1fb7ff0000000000000", 1, 0);
        refused("c11bffffffffffffffff", 1, 0);
        refused("c16161", 1, 0);
        accepted("c240");
        refused("c201", 2, 0);
        refused("c36161", 3, 0);
    }

    #[test]
    fn decimals_and_ratios() {
        accepted("c482211896");
        accepted("c48220c249010000000000000000");
        refused("c4821a80000000 01", 4, 0);
        refused("c483010203", 4, 0);
        refused("c48201f93c00", 4, 0);
        accepted("d81e821607");
        accepted("d81e82c249010000000000000000 03");
        refused("d81e820100", 30, 0);
        refused("d81e8201c240", 30, 0);
        accepted("d81e8201c340");
        refused("d81e8101", 30, 0);
    }

    #[test]
    fn records_and_reserved_names() {
        accepted("d81b826a736f6d652e4f7468657201");
        refused("d81b8101", 27, 0);
        refused("d81b830102 03", 27, 0);
        refused("d81b820102", 27, 0);
        // clojure/char: one BMP character only.
        accepted("d81b826c636c6f6a7572652f636861726161");
        accepted("d81b826c636c6f6a7572652f6368617263e0b2ac");
        refused("d81b826c636c6f6a7572652f63686172626162", 27, 0);
        refused("d81b826c636c6f6a7572652f6368617260", 27, 0);
        refused("d81b826c636c6f6a7572652f6368617264f09f92a9", 27, 0);
        refused("d81b826c636c6f6a7572652f6368617201", 27, 0);
    }

    #[test]
    fn periods_in_canonical_spelling_only() {
        for good in ["P1Y1M1D", "P7D", "P-1D", "P0D", "P1Y", "P2M", "P-3Y4D"] {
            assert!(super::parse_period(good).is_some(), "{good}");
        }
        for bad in [
            "P1W",
            "p1d",
            "+P1D",
            "P1Y0M",
            "P",
            "P01D",
            "P1D1Y",
            "P-0D",
            "P1D ",
            "PD",
            "P0Y",
            "P99999999999D",
        ] {
            assert!(super::parse_period(bad).is_none(), "{bad}");
        }
        // 27(["java/period", "P1W"])
        refused("d81b826b6a6176612f706572696f64635031 57", 27, 0);
    }

    #[test]
    fn texts_uuids_identifiers() {
        accepted("d8206161");
        refused("d82001", 32, 0);
        accepted("d8236161");
        refused("d82341 61", 35, 0);
        accepted("d82550000000000000000000000000000000 01");
        refused("d8254f000000000000000000000000000000", 37, 0);
        // Tag 39 over a non-text item stays inert.
        accepted("d82701");
        accepted("d8274161");
        // … but over a reference that resolves to a byte string it is refused.
        refused("d9010082 43616263 d827d81900", 39, 8);
        accepted("d9010082 63616263 d827d81900");
    }

    #[test]
    fn multi_dim_and_typed_arrays() {
        accepted("d82882820202 d8565820 0000000000000000000000000000000000000000000000000000000000000000");
        accepted("d8288281038301 0203");
        refused("d8288281038201 02", 40, 0);
        refused("d828828200038301 0203", 40, 0);
        refused("d82882808301 0203", 40, 0);
        refused("d8288281f93c0081 01", 40, 0);
        refused("d82883810181 0100", 40, 0);
        accepted("d84d460100feff0300");
        refused("d84d4501 00feff03", 77, 0);
        refused("d84e46000000000000", 78, 0);
        refused("d84d83010203", 77, 0);
        accepted("d84043010203");
        accepted("d8564800000000000000f0");
        // 76 is reserved: an unknown tag, kept inert.
        accepted("d84c01");
        // binary128 elements are 16 bytes.
        accepted("d85350 00000000000000000000000000000000");
        refused("d85748 0000000000000000", 87, 0);
    }

    #[test]
    fn durations_follow_rfc_9581() {
        accepted("d903eaa2011864281864");
        accepted("d903eaa1011864");
        accepted("d903eaa2012128 1a1dcd6500");
        accepted("d903eaa3011864 20 01 616b 01");
        refused("d903eaa1281864", 1002, 0);
        refused("d903eaa2011864 0201", 1002, 0);
        refused("d903eaa2011864 0401", 1002, 0);
        refused("d903eaa2011864 0501", 1002, 0);
        refused("d903eaa3011864 2801 2201", 1002, 0);
        refused("d903eaa2011864 281a3b9aca00", 1002, 0);
        refused("d903eaa2011864 2820", 1002, 0);
        refused("d903ea8101", 1002, 0);
        refused("d903eaa1016161", 1002, 0);
    }

    #[test]
    fn dates() {
        accepted("d903ec6a323032342d30322d3239");
        accepted("d903ec6a303030302d30322d3239");
        refused("d903ec6a323032332d30322d3239", 1004, 0);
        refused("d903ec6a323032342d31332d3031", 1004, 0);
        refused("d903ec6b2b323032342d30312d3031", 1004, 0);
        refused("d903ec69323032342d312d3031", 1004, 0);
        refused("d903ec1a00bc614e", 1004, 0);
    }

    #[test]
    fn rfc3339_grammar() {
        assert!(is_rfc3339("2013-03-21T20:04:00Z"));
        assert!(is_rfc3339("2009-02-13T23:31:30.123Z"));
        assert!(is_rfc3339("2020-02-29T00:00:00+18:00"));
        assert!(is_rfc3339("1990-12-31T23:59:60-08:00"));
        assert!(!is_rfc3339("2019-02-29T00:00:00Z"));
        assert!(!is_rfc3339("2020-01-01T24:00:00Z"));
        assert!(!is_rfc3339("2020-01-01T00:00:00+18:01"));
        assert!(!is_rfc3339("2020-01-01T00:00:00.Z"));
        assert!(!is_rfc3339("2020-01-01T00:00:00.1234567890Z"));
        assert!(!is_rfc3339("2020-01-01 00:00:00Z"));
        assert!(!is_rfc3339("2020-01-01T00:00:00"));
    }
}
