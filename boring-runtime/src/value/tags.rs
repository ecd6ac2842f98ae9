//! Content checks for the tags whose meaning the data model fixes, run when
//! a tagged item is decoded into a `Value`. Unknown tags are kept as they
//! are.

use super::cmp::has_duplicate_keys;
use super::decode::tagged;
use super::Value;
use crate::error::{Error, ErrorKind};
use crate::wire::Reader;

/// Checks `content` against `tag`'s rules and builds the tagged value.
pub(crate) fn finish_tag(
    r: &Reader<'_>,
    tag: u64,
    content: Value,
    at: usize,
) -> Result<Value, Error> {
    let valid = match tag {
        0 => matches!(&content, Value::Text(t) if is_rfc3339(t)),
        1 => match &content {
            Value::Integer(_) => true,
            Value::Float(f) => f.to_f64().is_finite(),
            _ => false,
        },
        2 | 3 => matches!(content, Value::Bytes(_)),
        37 => matches!(&content, Value::Bytes(b) if b.len() == 16),
        27 => {
            matches!(&content, Value::Array(items) if items.len() == 2 && matches!(items[0], Value::Text(_)))
        }
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
        _ => true,
    };
    if valid {
        Ok(tagged(tag, content))
    } else {
        Err(Error::new(ErrorKind::BadTagContent { tag }, at))
    }
}

/// `dddd-dd-ddTHH:MM:SS(.d{1,9})?(Z|±hh:mm)` with field ranges checked.
pub(crate) fn is_rfc3339(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |range: core::ops::Range<usize>| -> Option<u32> {
        let part = b.get(range)?;
        part.iter().try_fold(0u32, |acc, &c| {
            c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0'))
        })
    };
    let punct = |i: usize, c: u8| b.get(i) == Some(&c);
    let (Some(year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) = (
        digits(0..4),
        digits(5..7),
        digits(8..10),
        digits(11..13),
        digits(14..16),
        digits(17..19),
    ) else {
        return false;
    };
    if !(punct(4, b'-') && punct(7, b'-') && punct(10, b'T') && punct(13, b':') && punct(16, b':'))
    {
        return false;
    }
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return false;
    }
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    let mut i = 19;
    if punct(i, b'.') {
        let start = i + 1;
        i = start;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if !(1..=9).contains(&(i - start)) {
            return false;
        }
    }
    match b.get(i) {
        Some(b'Z') => i + 1 == b.len(),
        Some(b'+' | b'-') => {
            let (Some(oh), Some(om)) = (digits(i + 1..i + 3), digits(i + 4..i + 6)) else {
                return false;
            };
            punct(i + 3, b':') && i + 6 == b.len() && om <= 59 && (oh < 18 || (oh == 18 && om == 0))
        }
        _ => false,
    }
}

pub(crate) fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::is_rfc3339;

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
