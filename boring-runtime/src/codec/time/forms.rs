//! Reading and writing the wire forms of time values, for every crate's
//! impls: instants (tags 0 and 1), dates (tags 1004 and 100) and the
//! untagged local texts; durations are in `duration`.
//!
//! A decoder's content errors (`BadTagContent`, `OutOfRange`) are placed at
//! the item's first byte, its tag head, as `Value` places them; errors of
//! the reader itself (a truncated item, invalid UTF-8) keep their own
//! offsets.

use core::fmt;

use super::{
    civil_from_days, days_from_civil, format_instant, parse_date, parse_rfc3339, Civil, Text, NANOS,
};
use crate::error::{Error, ErrorKind};
use crate::wire::{Head, Reader, Simple, Sink, Writer};

/// An instant as read: seconds and nanoseconds since 1970-01-01T00:00:00Z,
/// and the offset east of UTC its text named (0 for tag 1). `nanos` from
/// 10^9 on is a leap second (second 60 of the text), as `chrono` holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Moment {
    pub(crate) secs: i64,
    pub(crate) nanos: u32,
    pub(crate) offset: i32,
}

impl Moment {
    fn from_civil(civil: &Civil, offset: i32) -> Moment {
        let clock = &civil.clock;
        let days = days_from_civil(civil.year.into(), civil.month, civil.day);
        let of_day = i64::from(clock.hour) * 3600
            + i64::from(clock.minute) * 60
            + i64::from(clock.second.min(59));
        let leap = if clock.second == 60 { NANOS } else { 0 };
        Moment {
            secs: days * 86_400 + of_day - i64::from(offset),
            nanos: clock.nanos + leap,
            offset,
        }
    }

    /// Nanoseconds since the epoch, a leap second folded into the last
    /// nanosecond of second 59 (for types without leap seconds).
    pub(crate) fn nanos_since_epoch(&self) -> i128 {
        i128::from(self.secs) * i128::from(NANOS) + i128::from(self.nanos.min(NANOS - 1))
    }
}

/// Shown in an out-of-range error: the instant as RFC 3339 text when it has
/// one, else its epoch seconds.
impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match format_instant(self.secs, self.nanos, self.offset) {
            Ok(text) => f.write_str(text.as_str()),
            Err(_) => write!(f, "{}", Seconds(self.nanos_since_epoch())),
        }
    }
}

/// A number of nanoseconds shown as decimal seconds, in error messages.
pub(super) struct Seconds(pub(super) i128);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        let nanos = u128::from(NANOS);
        write!(f, "{sign}{}.{:09} s", magnitude / nanos, magnitude % nanos)
    }
}

/// Splits nanoseconds into whole seconds (rounded down) and the
/// nanoseconds after them; `None` when the seconds do not fit `i64`.
pub(crate) fn split_nanos(total: i128) -> Option<(i64, u32)> {
    let nanos = i128::from(NANOS);
    let secs = i64::try_from(total.div_euclid(nanos)).ok()?;
    Some((secs, total.rem_euclid(nanos) as u32))
}

/// 2^63, the first float whose whole part no `i64` holds.
const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;

/// Splits float seconds into whole seconds (rounded down) and nanoseconds,
/// rounded to the nearest; `None` when they are not finite or the seconds
/// do not fit `i64`.
pub(super) fn split_float(v: f64) -> Option<(i64, u32)> {
    if !(-TWO_POW_63..TWO_POW_63).contains(&v) {
        return None;
    }
    // `as` truncates toward zero; in range it never saturates.
    let truncated = v as i64;
    let floor = if (truncated as f64) > v {
        truncated - 1
    } else {
        truncated
    };
    let nanos = ((v - floor as f64) * f64::from(NANOS) + 0.5) as u32;
    if nanos >= NANOS {
        return floor.checked_add(1).map(|secs| (secs, 0));
    }
    Some((floor, nanos))
}

/// Consumes the tag head of the next item when its number is one of
/// `accepted`; otherwise a `WrongTag` naming `expected`.
pub(super) fn take_tag(r: &mut Reader<'_>, accepted: &[u64], expected: u64) -> Result<u64, Error> {
    let at = r.position();
    let found = match r.peek_head()? {
        Head::Tag(tag) if accepted.contains(&tag) => {
            r.head()?;
            return Ok(tag);
        }
        Head::Tag(tag) => Some(tag),
        _ => None,
    };
    Err(Error::new(ErrorKind::WrongTag { expected, found }, at))
}

/// Whether the next item is text (a literal or a stringref).
fn at_text(r: &Reader<'_>) -> Result<bool, Error> {
    Ok(matches!(r.peek_head()?, Head::Text(_) | Head::Tag(25)))
}

/// `BadTagContent` for `tag` at `at`.
pub(super) fn bad(tag: u64, at: usize) -> Error {
    Error::new(ErrorKind::BadTagContent { tag }, at)
}

/// Reads an instant, tag 0 (RFC 3339 text at any offset) or tag 1 (integer
/// or float epoch seconds), and builds it with `make`, whose `None` is an
/// `OutOfRange` error naming `target`.
pub(crate) fn decode_instant<T>(
    r: &mut Reader<'_>,
    target: &'static str,
    make: impl FnOnce(Moment) -> Option<T>,
) -> Result<T, Error> {
    r.namespaced(|r| instant(r, target, make))
}

fn instant<T>(
    r: &mut Reader<'_>,
    target: &'static str,
    make: impl FnOnce(Moment) -> Option<T>,
) -> Result<T, Error> {
    let at = r.position();
    let tag = take_tag(r, &[0, 1], 0)?;
    r.enter()?;
    let moment = if tag == 0 {
        if !at_text(r)? {
            return Err(bad(0, at));
        }
        let text = r.text()?;
        let (civil, offset) = parse_rfc3339(&text).ok_or_else(|| bad(0, at))?;
        Moment::from_civil(&civil, offset)
    } else {
        let (secs, nanos) = match r.peek_head()? {
            Head::Unsigned(_) | Head::Negative(_) => {
                let v = r.i128()?;
                let secs = i64::try_from(v).map_err(|_| Error::out_of_range(v, target, at))?;
                (secs, 0)
            }
            Head::Simple(Simple::F16(_) | Simple::F32(_) | Simple::F64(_)) => {
                let v = r.f64()?;
                if !v.is_finite() {
                    return Err(bad(1, at));
                }
                split_float(v)
                    .ok_or_else(|| Error::out_of_range(format_args!("{v:?}"), target, at))?
            }
            _ => return Err(bad(1, at)),
        };
        Moment {
            secs,
            nanos,
            offset: 0,
        }
    };
    r.leave();
    make(moment).ok_or_else(|| Error::out_of_range(moment, target, at))
}

/// Writes an instant as tag 0 over RFC 3339 text (see
/// [`format_instant`](super::format_instant)).
pub(crate) fn encode_instant<S: Sink>(
    w: &mut Writer<S>,
    secs: i64,
    nanos: u32,
    offset: i32,
) -> Result<(), Error> {
    let text = format_instant(secs, nanos, offset);
    let text = text.map_err(|why| w.error(ErrorKind::Unencodable(why)))?;
    w.tag(0)?;
    w.str(text.as_str())
}

/// [`encode_instant`] of nanoseconds since the epoch.
pub(crate) fn encode_instant_nanos<S: Sink>(
    w: &mut Writer<S>,
    total: i128,
    offset: i32,
) -> Result<(), Error> {
    match split_nanos(total) {
        Some((secs, nanos)) => encode_instant(w, secs, nanos, offset),
        None => Err(w.error(ErrorKind::Unencodable(super::YEAR_RANGE))),
    }
}

/// Writes a calendar date as tag 1004 over `"YYYY-MM-DD"`.
pub(crate) fn encode_date<S: Sink>(
    w: &mut Writer<S>,
    year: i64,
    month: u8,
    day: u8,
) -> Result<(), Error> {
    let text = super::format_date(year, month, day);
    let text = text.map_err(|why| w.error(ErrorKind::Unencodable(why)))?;
    w.tag(1004)?;
    w.str(text.as_str())
}

/// Reads a calendar date, tag 1004 (`"YYYY-MM-DD"`) or tag 100 (days since
/// 1970-01-01, RFC 8943), and builds it with `make` from year, month and
/// day (`None`: `OutOfRange` naming `target`).
pub(crate) fn decode_date<T>(
    r: &mut Reader<'_>,
    target: &'static str,
    make: impl FnOnce(i64, u8, u8) -> Option<T>,
) -> Result<T, Error> {
    r.namespaced(|r| date(r, target, make))
}

fn date<T>(
    r: &mut Reader<'_>,
    target: &'static str,
    make: impl FnOnce(i64, u8, u8) -> Option<T>,
) -> Result<T, Error> {
    let at = r.position();
    let tag = take_tag(r, &[1004, 100], 1004)?;
    r.enter()?;
    let (year, month, day) = if tag == 1004 {
        if !at_text(r)? {
            return Err(bad(1004, at));
        }
        let text = r.text()?;
        let (year, month, day) = parse_date(&text).ok_or_else(|| bad(1004, at))?;
        (i64::from(year), month, day)
    } else {
        if !matches!(r.peek_head()?, Head::Unsigned(_) | Head::Negative(_)) {
            return Err(bad(100, at));
        }
        let days = r.i128()?;
        // Beyond 2^40 days (three billion years) no type has a date.
        match i64::try_from(days) {
            Ok(days) if days.unsigned_abs() <= 1 << 40 => civil_from_days(days),
            _ => return Err(Error::out_of_range(format_args!("{days} days"), target, at)),
        }
    };
    r.leave();
    make(year, month, day).ok_or_else(|| {
        Error::out_of_range(format_args!("{year:04}-{month:02}-{day:02}"), target, at)
    })
}

/// Writes untagged text (a local date-time or time of day), or the
/// `Unencodable` reason it has none.
pub(crate) fn encode_text<S: Sink>(
    w: &mut Writer<S>,
    text: Result<Text, &'static str>,
) -> Result<(), Error> {
    let text = text.map_err(|why| w.error(ErrorKind::Unencodable(why)))?;
    w.str(text.as_str())
}

/// Reads untagged text in the grammar of `parse` (an `UnexpectedType`
/// naming `expected` when it does not follow it) and builds the value with
/// `make` (`None`: `OutOfRange` naming `target`).
pub(crate) fn decode_text<P, T>(
    r: &mut Reader<'_>,
    target: &'static str,
    expected: &'static str,
    parse: impl FnOnce(&str) -> Option<P>,
    make: impl FnOnce(P) -> Option<T>,
) -> Result<T, Error> {
    let at = r.position();
    let text = r.text()?;
    let malformed = ErrorKind::UnexpectedType {
        expected,
        found: "text in another form",
    };
    let parsed = parse(&text).ok_or_else(|| Error::new(malformed, at))?;
    make(parsed).ok_or_else(|| Error::out_of_range(&*text, target, at))
}
