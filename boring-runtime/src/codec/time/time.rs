//! The `time` crate's types (feature `time`). `time` has no leap seconds:
//! second 60 of a text reads as the last nanosecond of second 59.

use ::time::{
    Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset,
};

use super::duration::{decode_duration, encode_duration};
use super::forms::{
    decode_date, decode_instant, decode_text, encode_date, encode_instant_nanos, encode_text,
};
use super::{
    format_local_date_time, format_time_of_day, parse_local_date_time, parse_time_of_day, Civil,
    Clock, NANOS,
};
use crate::codec::{Decode, Encode};
use crate::error::Error;
use crate::wire::{Reader, Sink, Writer};

fn clock_of(t: Time) -> Clock {
    Clock {
        hour: t.hour(),
        minute: t.minute(),
        second: t.second(),
        nanos: t.nanosecond(),
    }
}

fn time_of(clock: &Clock) -> Option<Time> {
    let (second, nanos) = clock.clamped();
    Time::from_hms_nano(clock.hour, clock.minute, second, nanos).ok()
}

fn date_of(year: i64, month: u8, day: u8) -> Option<Date> {
    let month = Month::try_from(month).ok()?;
    Date::from_calendar_date(i32::try_from(year).ok()?, month, day).ok()
}

fn date_time_of(civil: Civil) -> Option<PrimitiveDateTime> {
    let date = date_of(civil.year.into(), civil.month, civil.day)?;
    Some(PrimitiveDateTime::new(date, time_of(&civil.clock)?))
}

/// Tag 0, RFC 3339 text at the value's offset (`Z` when it is zero), to
/// the nanosecond. Refused: years outside 0000 to 9999 and offsets that
/// are not whole minutes within ±18:00.
impl Encode for OffsetDateTime {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let offset = self.offset().whole_seconds();
        encode_instant_nanos(w, self.unix_timestamp_nanos(), offset)
    }
}

/// Tag 0, keeping the text's offset (`Z` is +00:00), or tag 1 (epoch
/// seconds, at +00:00).
impl<'de> Decode<'de> for OffsetDateTime {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_instant(r, "time::OffsetDateTime", |moment| {
            let offset = UtcOffset::from_whole_seconds(moment.offset).ok()?;
            OffsetDateTime::from_unix_timestamp_nanos(moment.nanos_since_epoch())
                .ok()?
                .checked_to_offset(offset)
        })
    }
}

/// Tag 0, RFC 3339 text in UTC (`Z`), to the nanosecond; years outside
/// 0000 to 9999 are refused.
impl Encode for UtcDateTime {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        encode_instant_nanos(w, self.unix_timestamp_nanos(), 0)
    }
}

/// Tag 0 at any offset (converted to UTC) or tag 1 (epoch seconds).
impl<'de> Decode<'de> for UtcDateTime {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_instant(r, "time::UtcDateTime", |moment| {
            UtcDateTime::from_unix_timestamp_nanos(moment.nanos_since_epoch()).ok()
        })
    }
}

/// Tag 1004, `"YYYY-MM-DD"` (RFC 8943); years outside 0000 to 9999 are
/// refused.
impl Encode for Date {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        encode_date(w, self.year().into(), self.month().into(), self.day())
    }
}

/// Tag 1004 or tag 100 (days since 1970-01-01).
impl<'de> Decode<'de> for Date {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_date(r, "time::Date", date_of)
    }
}

/// Untagged ISO 8601 text, `YYYY-MM-DDTHH:MM:SS[.fraction]` (no tag
/// describes a date-time without an offset); years outside 0000 to 9999
/// are refused.
impl Encode for PrimitiveDateTime {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let (year, month, day) = (self.year().into(), self.month().into(), self.day());
        let clock = clock_of(self.time());
        encode_text(w, format_local_date_time(year, month, day, &clock))
    }
}

/// Untagged `YYYY-MM-DDTHH:MM:SS[.fraction]` text.
impl<'de> Decode<'de> for PrimitiveDateTime {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_text(
            r,
            "time::PrimitiveDateTime",
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
            "time::Time",
            super::TIME_OF_DAY,
            parse_time_of_day,
            |clock| time_of(&clock),
        )
    }
}

/// Tag 1002, `{1: seconds, -9: nanoseconds}` (RFC 9581), negative
/// durations included: −1.5 s is `{1: -2, -9: 500000000}`. `Duration::MIN`
/// alone has no such form (its seconds, rounded down, overflow `i64`).
impl Encode for Duration {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let total = i128::from(self.whole_seconds()) * i128::from(NANOS)
            + i128::from(self.subsec_nanoseconds());
        encode_duration(w, total)
    }
}

/// Any RFC 9581 duration within `Duration`'s range.
impl<'de> Decode<'de> for Duration {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_duration(r, "time::Duration", |total| {
            // Seconds and nanoseconds of the same sign, as `Duration` keeps
            // them.
            let secs = i64::try_from(total / i128::from(NANOS)).ok()?;
            Some(Duration::new(secs, (total % i128::from(NANOS)) as i32))
        })
    }
}
