//! Time types: instants, calendar dates, local date-times and times of
//! day, and durations, for the standard library and, behind the features
//! of the same names, the `chrono`, `time` and `jiff` crates.
//!
//! Every crate's types take the same wire forms (`docs/WIRE.md`, §5b
//! "Time types"):
//!
//! - an instant is tag 0 over RFC 3339 text, `Z` for UTC, else the value's
//!   offset; the fraction is written in groups of three digits, as the
//!   reference writes it, and left out when zero. Tag 0 (any offset) and
//!   tag 1 (integer or float epoch seconds) are read;
//! - a duration is tag 1002 over `{1: seconds, -9: nanoseconds}` (RFC 9581),
//!   nanoseconds in 0..10^9 and left out when zero; any of RFC 9581's
//!   fraction keys is read;
//! - a calendar date is tag 1004 over `"YYYY-MM-DD"` (RFC 8943); tag 100
//!   (days since 1970-01-01) is read too;
//! - a local date-time and a time of day, which no tag describes, are
//!   untagged ISO 8601 text: `YYYY-MM-DDTHH:MM:SS[.fraction]` and
//!   `HH:MM:SS[.fraction]`.
//!
//! The text grammar here is the one `Value` checks tag 0 and 1004 against
//! (`value::tags`), so a typed decoder and a `Value` refuse the same text.

// Each form serves the types of several features; dead code is checked
// with all of them on (the `--all-features` lint run).
#![cfg_attr(
    not(all(
        feature = "std",
        feature = "chrono",
        feature = "time",
        feature = "jiff"
    )),
    allow(dead_code)
)]

mod duration;
mod forms;
mod std;

#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "jiff")]
mod jiff;
// Named after the crate it adapts, inside the module named after the topic.
#[cfg(feature = "time")]
#[allow(clippy::module_inception)]
mod time;

/// Nanoseconds in a second.
const NANOS: u32 = 1_000_000_000;

/// The fractional-second keys of RFC 9581 and their number of digits.
pub(crate) const FRACTION_KEYS: [(i128, u32); 6] =
    [(-3, 3), (-6, 6), (-9, 9), (-12, 12), (-15, 15), (-18, 18)];

/// A time of day as written: `second` may be 60 (a leap second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Clock {
    pub(crate) hour: u8,
    pub(crate) minute: u8,
    pub(crate) second: u8,
    pub(crate) nanos: u32,
}

impl Clock {
    /// Second and nanosecond with a leap second folded into the last
    /// nanosecond of second 59, for types that have no leap seconds.
    pub(crate) fn clamped(&self) -> (u8, u32) {
        if self.second == 60 {
            (59, NANOS - 1)
        } else {
            (self.second, self.nanos)
        }
    }
}

/// A calendar date and a time of day, with no offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Civil {
    pub(crate) year: u16,
    pub(crate) month: u8,
    pub(crate) day: u8,
    pub(crate) clock: Clock,
}

pub(crate) fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => 31,
    }
}

/// The decimal value of `b[range]`, which must be all ASCII digits.
fn digits(b: &[u8], range: core::ops::Range<usize>) -> Option<u32> {
    b.get(range)?.iter().try_fold(0u32, |acc, &c| {
        c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0'))
    })
}

/// `YYYY-MM-DD` at the start of `b`, naming a real calendar date.
fn date_at(b: &[u8]) -> Option<(u16, u8, u8)> {
    if b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
        return None;
    }
    let (year, month, day) = (digits(b, 0..4)?, digits(b, 5..7)?, digits(b, 8..10)?);
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    Some((
        u16::try_from(year).ok()?,
        u8::try_from(month).ok()?,
        u8::try_from(day).ok()?,
    ))
}

/// `HH:MM:SS(.d{1,9})?` at `start` of `b` (hour ≤ 23, minute ≤ 59, second
/// ≤ 60) and the offset after it.
fn clock_at(b: &[u8], start: usize) -> Option<(Clock, usize)> {
    let at = |i: usize| start + i;
    if b.get(at(2)) != Some(&b':') || b.get(at(5)) != Some(&b':') {
        return None;
    }
    let hour = digits(b, at(0)..at(2))?;
    let minute = digits(b, at(3)..at(5))?;
    let second = digits(b, at(6)..at(8))?;
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut end = at(8);
    let mut nanos = 0;
    if b.get(end) == Some(&b'.') {
        let first = end + 1;
        end = first;
        while b.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        let count = end - first;
        if !(1..=9).contains(&count) {
            return None;
        }
        // Scaled to nanoseconds: ".5" is 500 000 000.
        nanos = digits(b, first..end)? * 10u32.pow(9 - count as u32);
    }
    let clock = Clock {
        hour: hour as u8,
        minute: minute as u8,
        second: second as u8,
        nanos,
    };
    Some((clock, end))
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction]` at the start of `b`, and the offset
/// after it.
fn civil_at(b: &[u8]) -> Option<(Civil, usize)> {
    let (year, month, day) = date_at(b)?;
    if b.get(10) != Some(&b'T') {
        return None;
    }
    let (clock, end) = clock_at(b, 11)?;
    let civil = Civil {
        year,
        month,
        day,
        clock,
    };
    Some((civil, end))
}

/// Parses `YYYY-MM-DD` (four-digit year) naming a real calendar date.
pub(crate) fn parse_date(text: &str) -> Option<(u16, u8, u8)> {
    let b = text.as_bytes();
    if b.len() != 10 {
        return None;
    }
    date_at(b)
}

/// Parses RFC 3339 text in the reference's grammar,
/// `dddd-dd-ddTHH:MM:SS(.d{1,9})?(Z|±hh:mm)` with real dates, hours up to
/// 23, seconds up to 60 and offsets up to ±18:00: the local date-time and
/// the offset in seconds east of UTC.
pub(crate) fn parse_rfc3339(text: &str) -> Option<(Civil, i32)> {
    let b = text.as_bytes();
    let (civil, end) = civil_at(b)?;
    let offset = match b.get(end)? {
        b'Z' => (end + 1 == b.len()).then_some(0)?,
        sign @ (b'+' | b'-') => {
            let hours = digits(b, end + 1..end + 3)?;
            let minutes = digits(b, end + 4..end + 6)?;
            let valid = b.get(end + 3) == Some(&b':')
                && end + 6 == b.len()
                && minutes <= 59
                && (hours < 18 || (hours == 18 && minutes == 0));
            let seconds = (hours * 3600 + minutes * 60) as i32;
            valid.then_some(if *sign == b'-' { -seconds } else { seconds })?
        }
        _ => return None,
    };
    Some((civil, offset))
}

/// Parses a local date-time, `YYYY-MM-DDTHH:MM:SS[.fraction]`: RFC 3339
/// without its offset.
pub(crate) fn parse_local_date_time(text: &str) -> Option<Civil> {
    let b = text.as_bytes();
    let (civil, end) = civil_at(b)?;
    (end == b.len()).then_some(civil)
}

/// Parses a time of day, `HH:MM:SS[.fraction]`.
pub(crate) fn parse_time_of_day(text: &str) -> Option<Clock> {
    let b = text.as_bytes();
    let (clock, end) = clock_at(b, 0)?;
    (end == b.len()).then_some(clock)
}

/// Days since 1970-01-01 of a proleptic Gregorian date. Counted in 400-year
/// eras of 146 097 days, with years starting on March 1st so that the leap
/// day ends a year.
pub(crate) fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    let (month, day) = (i64::from(month), i64::from(day));
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let shifted_month = if month > 2 { month - 3 } else { month + 9 };
    let day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    // 719 468 days separate 0000-03-01 from 1970-01-01.
    era * 146_097 + day_of_era - 719_468
}

/// The proleptic Gregorian date `days` after 1970-01-01 (the inverse of
/// [`days_from_civil`]); `days` must be within ±2^40, far beyond every
/// type's range.
pub(crate) fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month as u8, day as u8)
}

/// Short ASCII text built on the stack: what the writers format.
pub(crate) struct Text {
    buf: [u8; 40],
    len: usize,
}

impl Text {
    fn new() -> Self {
        Text {
            buf: [0; 40],
            len: 0,
        }
    }

    /// The text so far (ASCII, so always valid UTF-8).
    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(self.buf.get(..self.len).unwrap_or_default()).unwrap_or_default()
    }

    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// `value` in exactly `width` decimal digits (its low ones).
    fn number(&mut self, value: u32, width: u32) {
        for place in (0..width).rev() {
            self.push(b'0' + (value / 10u32.pow(place) % 10) as u8);
        }
    }

    fn date(&mut self, year: u16, month: u8, day: u8) {
        self.number(year.into(), 4);
        self.push(b'-');
        self.number(month.into(), 2);
        self.push(b'-');
        self.number(day.into(), 2);
    }

    /// `HH:MM:SS`, then the fraction in groups of three digits (milli-,
    /// micro- or nanoseconds, as few as hold it exactly), none when zero:
    /// the reference's spelling.
    fn clock(&mut self, clock: &Clock) {
        self.number(clock.hour.into(), 2);
        self.push(b':');
        self.number(clock.minute.into(), 2);
        self.push(b':');
        self.number(clock.second.into(), 2);
        let nanos = clock.nanos;
        if nanos != 0 {
            self.push(b'.');
            match (nanos % 1_000_000, nanos % 1_000) {
                (0, _) => self.number(nanos / 1_000_000, 3),
                (_, 0) => self.number(nanos / 1_000, 6),
                _ => self.number(nanos, 9),
            }
        }
    }
}

/// What a local date-time decoder expects, in its `UnexpectedType` error.
pub(crate) const LOCAL_DATE_TIME: &str = "local date-time text YYYY-MM-DDTHH:MM:SS[.fraction]";

/// What a time-of-day decoder expects, in its `UnexpectedType` error.
pub(crate) const TIME_OF_DAY: &str = "time-of-day text HH:MM:SS[.fraction]";

/// Why a value has no text in these forms (an `Unencodable` reason).
pub(crate) const YEAR_RANGE: &str = "a year outside 0000 to 9999 (RFC 3339, RFC 8943)";

/// A four-digit year, or the reason there is none.
fn four_digit_year(year: i64) -> Result<u16, &'static str> {
    u16::try_from(year)
        .ok()
        .filter(|y| *y <= 9999)
        .ok_or(YEAR_RANGE)
}

/// `YYYY-MM-DD`.
pub(crate) fn format_date(year: i64, month: u8, day: u8) -> Result<Text, &'static str> {
    let mut text = Text::new();
    text.date(four_digit_year(year)?, month, day);
    Ok(text)
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction]`.
pub(crate) fn format_local_date_time(
    year: i64,
    month: u8,
    day: u8,
    clock: &Clock,
) -> Result<Text, &'static str> {
    let mut text = format_date(year, month, day)?;
    text.push(b'T');
    text.clock(clock);
    Ok(text)
}

/// `HH:MM:SS[.fraction]`.
pub(crate) fn format_time_of_day(clock: &Clock) -> Text {
    let mut text = Text::new();
    text.clock(clock);
    text
}

/// RFC 3339 text of the instant `secs` + `nanos` after the epoch (`nanos`
/// from 10^9 on marks a leap second, written as second 60) at `offset`
/// seconds east of UTC: `Z` for zero, else `±hh:mm`.
pub(crate) fn format_instant(secs: i64, nanos: u32, offset: i32) -> Result<Text, &'static str> {
    if offset % 60 != 0 || offset.unsigned_abs() > 18 * 3600 {
        return Err("a UTC offset that is not whole minutes within ±18:00 (RFC 3339)");
    }
    let local = i128::from(secs) + i128::from(offset);
    let days = i64::try_from(local.div_euclid(86_400)).map_err(|_| YEAR_RANGE)?;
    let of_day = local.rem_euclid(86_400) as u32;
    if days.unsigned_abs() > 1 << 40 {
        return Err(YEAR_RANGE);
    }
    let (year, month, day) = civil_from_days(days);
    let (second, nanos) = match nanos.checked_sub(NANOS) {
        Some(leap) => (60, leap),
        None => (of_day % 60, nanos),
    };
    let clock = Clock {
        hour: (of_day / 3600) as u8,
        minute: (of_day / 60 % 60) as u8,
        second: second as u8,
        nanos,
    };
    let mut text = format_local_date_time(year, month, day, &clock)?;
    if offset == 0 {
        text.push(b'Z');
    } else {
        text.push(if offset < 0 { b'-' } else { b'+' });
        let minutes = offset.unsigned_abs() / 60;
        text.number(minutes / 60, 2);
        text.push(b':');
        text.number(minutes % 60, 2);
    }
    Ok(text)
}
