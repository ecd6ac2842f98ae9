//! `jiff`'s types (feature `jiff`). `jiff` has no leap seconds: second 60
//! of a text reads as the last nanosecond of second 59.
//!
//! A `ZonedDateTime` is written as the instant at its offset: CBOR has no
//! standard tag for a time zone's name, so the name is not kept, and one
//! is read back in a fixed-offset zone.

use ::jiff::civil::{Date, DateTime, Time};
use ::jiff::tz::{Offset, TimeZone};
use ::jiff::{SignedDuration, Span, Timestamp, ZonedDateTime};

use super::duration::{decode_duration, encode_duration};
use super::forms::{
    decode_date, decode_instant, decode_text, encode_date, encode_instant_nanos, encode_text,
    Moment,
};
use super::{
    format_local_date_time, format_time_of_day, parse_local_date_time, parse_time_of_day, Civil,
    Clock,
};
use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::wire::{Reader, Sink, Writer};

fn clock_of(t: Time) -> Clock {
    // Every field of a valid `Time` is non-negative and in range.
    Clock {
        hour: t.hour() as u8,
        minute: t.minute() as u8,
        second: t.second() as u8,
        nanos: t.subsec_nanosecond() as u32,
    }
}

fn time_of(clock: &Clock) -> Option<Time> {
    let (second, nanos) = clock.clamped();
    let nanos = i32::try_from(nanos).ok()?;
    Time::new(clock.hour as i8, clock.minute as i8, second as i8, nanos).ok()
}

fn date_of(year: i64, month: u8, day: u8) -> Option<Date> {
    Date::new(i16::try_from(year).ok()?, month as i8, day as i8).ok()
}

fn date_time_of(civil: Civil) -> Option<DateTime> {
    let date = date_of(civil.year.into(), civil.month, civil.day)?;
    Some(DateTime::from_parts(date, time_of(&civil.clock)?))
}

fn timestamp(moment: &Moment) -> Option<Timestamp> {
    Timestamp::from_nanosecond(moment.nanos_since_epoch()).ok()
}

/// Tag 0, RFC 3339 text in UTC (`Z`), to the nanosecond; years before 0000
/// are refused.
impl Encode for Timestamp {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        encode_instant_nanos(w, self.as_nanosecond(), 0)
    }
}

/// Tag 0 at any offset (converted to UTC) or tag 1 (epoch seconds); an
/// instant past `Timestamp::MAX` (late on 9999-12-30 UTC) is `OutOfRange`.
impl<'de> Decode<'de> for Timestamp {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_instant(r, "jiff::Timestamp", |moment| timestamp(&moment))
    }
}

/// Tag 0, RFC 3339 text at the value's current offset (`Z` when it is
/// zero); the zone's name is not written. Refused: years outside 0000 to
/// 9999 and offsets that are not whole minutes within ±18:00.
impl Encode for ZonedDateTime {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let offset = self.offset().seconds();
        encode_instant_nanos(w, self.timestamp().as_nanosecond(), offset)
    }
}

/// Tag 0 or tag 1, in the fixed-offset zone of the text's offset (UTC for
/// `Z` and for tag 1).
impl<'de> Decode<'de> for ZonedDateTime {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_instant(r, "jiff::ZonedDateTime", |moment| {
            let zone = match moment.offset {
                0 => TimeZone::UTC,
                seconds => TimeZone::fixed(Offset::from_seconds(seconds).ok()?),
            };
            Some(ZonedDateTime::new(timestamp(&moment)?, zone))
        })
    }
}

/// Tag 1004, `"YYYY-MM-DD"` (RFC 8943); years before 0000 are refused.
impl Encode for Date {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        encode_date(w, self.year().into(), self.month() as u8, self.day() as u8)
    }
}

/// Tag 1004 or tag 100 (days since 1970-01-01).
impl<'de> Decode<'de> for Date {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_date(r, "jiff::civil::Date", date_of)
    }
}

/// Untagged ISO 8601 text, `YYYY-MM-DDTHH:MM:SS[.fraction]` (no tag
/// describes a date-time without an offset); years before 0000 are
/// refused.
impl Encode for DateTime {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let (year, month, day) = (self.year().into(), self.month() as u8, self.day() as u8);
        let clock = clock_of(self.time());
        encode_text(w, format_local_date_time(year, month, day, &clock))
    }
}

/// Untagged `YYYY-MM-DDTHH:MM:SS[.fraction]` text.
impl<'de> Decode<'de> for DateTime {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_text(
            r,
            "jiff::civil::DateTime",
            super::LOCAL_DATE_TIME,
            parse_local_date_time,
            date_time_of,
        )
    }
}

/// Untagged ISO 8601 text, `HH:MM:SS[.fraction]`.
impl Encode for Time {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        encode_text(w, Ok(format_time_of_day(&clock_of(*self))))
    }
}

/// Untagged `HH:MM:SS[.fraction]` text.
impl<'de> Decode<'de> for Time {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_text(
            r,
            "jiff::civil::Time",
            super::TIME_OF_DAY,
            parse_time_of_day,
            |clock| time_of(&clock),
        )
    }
}

/// Tag 1002, `{1: seconds, -9: nanoseconds}` (RFC 9581), negative
/// durations included: −1.5 s is `{1: -2, -9: 500000000}`.
/// `SignedDuration::MIN` alone has no such form (its seconds, rounded
/// down, overflow `i64`).
impl Encode for SignedDuration {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        encode_duration(w, self.as_nanos())
    }
}

/// Any RFC 9581 duration within `SignedDuration`'s range.
impl<'de> Decode<'de> for SignedDuration {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_duration(
            r,
            "jiff::SignedDuration",
            SignedDuration::try_from_nanos_i128,
        )
    }
}

/// Tag 1002, as the `SignedDuration` the span amounts to. A span with
/// units of days or longer has no fixed length and is refused.
impl Encode for Span {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        match SignedDuration::try_from(*self) {
            Ok(duration) => duration.encode(w),
            Err(_) => Err(w.error(ErrorKind::Unencodable(
                "a span with units of days or longer (no fixed length)",
            ))),
        }
    }
}

/// Any RFC 9581 duration within `Span`'s range, as seconds and sub-second
/// units (the span `Span::try_from(SignedDuration)` gives).
impl<'de> Decode<'de> for Span {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_duration(r, "jiff::Span", |total| {
            Span::try_from(SignedDuration::try_from_nanos_i128(total)?).ok()
        })
    }
}
