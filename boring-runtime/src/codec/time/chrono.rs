//! `chrono`'s types (feature `chrono`). `chrono` keeps leap seconds, so
//! second 60 of a text is read as one and written back as one.

use ::chrono::{
    DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeDelta,
    TimeZone, Timelike, Utc,
};

use super::duration::{decode_duration, encode_duration};
use super::forms::{
    decode_date, decode_instant, decode_text, encode_date, encode_instant, encode_text,
    split_nanos, Moment,
};
use super::{
    format_local_date_time, format_time_of_day, parse_local_date_time, parse_time_of_day, Clock,
    NANOS,
};
use crate::codec::{Decode, Encode};
use crate::error::Error;
use crate::wire::{Reader, Sink, Writer};

/// The time of day of `t`; `chrono` marks a leap second by nanoseconds
/// from 10^9 on, written here as second 60.
fn clock_of(t: &impl Timelike) -> Clock {
    let (second, nanos) = match t.nanosecond().checked_sub(NANOS) {
        Some(leap) => (60, leap),
        None => (t.second() as u8, t.nanosecond()),
    };
    Clock {
        hour: t.hour() as u8,
        minute: t.minute() as u8,
        second,
        nanos,
    }
}

/// The `NaiveTime` of a clock read, second 60 as a leap second.
fn naive_time(clock: &Clock) -> Option<NaiveTime> {
    let (second, nanos) = match clock.second {
        60 => (59, clock.nanos + NANOS),
        second => (second, clock.nanos),
    };
    NaiveTime::from_hms_nano_opt(clock.hour.into(), clock.minute.into(), second.into(), nanos)
}

fn naive_date(year: i64, month: u8, day: u8) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month.into(), day.into())
}

fn utc(moment: Moment) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp(moment.secs, moment.nanos)
}

/// Tag 0, RFC 3339 text at the value's offset (`Z` when it is zero), to
/// the nanosecond. Refused: years outside 0000 to 9999 and offsets that
/// are not whole minutes within ±18:00.
impl<Tz: TimeZone> Encode for DateTime<Tz> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let offset = self.offset().fix().local_minus_utc();
        encode_instant(w, self.timestamp(), self.timestamp_subsec_nanos(), offset)
    }
}

/// Tag 0 at any offset (converted to UTC) or tag 1 (epoch seconds).
impl<'de> Decode<'de> for DateTime<Utc> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_instant(r, "chrono::DateTime<Utc>", utc)
    }
}

/// Tag 0, keeping the text's offset (`Z` is +00:00), or tag 1 (at
/// +00:00).
impl<'de> Decode<'de> for DateTime<FixedOffset> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_instant(r, "chrono::DateTime<FixedOffset>", |moment| {
            let offset = FixedOffset::east_opt(moment.offset)?;
            Some(utc(moment)?.with_timezone(&offset))
        })
    }
}

/// Tag 1004, `"YYYY-MM-DD"` (RFC 8943), as the reference writes a
/// `java.time.LocalDate`; years outside 0000 to 9999 are refused.
impl Encode for NaiveDate {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        encode_date(w, self.year().into(), self.month() as u8, self.day() as u8)
    }
}

/// Tag 1004 or tag 100 (days since 1970-01-01).
impl<'de> Decode<'de> for NaiveDate {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_date(r, "chrono::NaiveDate", naive_date)
    }
}

/// Untagged ISO 8601 text, `YYYY-MM-DDTHH:MM:SS[.fraction]` (no tag
/// describes a date-time without an offset); years outside 0000 to 9999
/// are refused.
impl Encode for NaiveDateTime {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let (year, month, day) = (self.year().into(), self.month() as u8, self.day() as u8);
        encode_text(w, format_local_date_time(year, month, day, &clock_of(self)))
    }
}

/// Untagged `YYYY-MM-DDTHH:MM:SS[.fraction]` text.
impl<'de> Decode<'de> for NaiveDateTime {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_text(
            r,
            "chrono::NaiveDateTime",
            super::LOCAL_DATE_TIME,
            parse_local_date_time,
            |civil| {
                let date = naive_date(civil.year.into(), civil.month, civil.day)?;
                Some(date.and_time(naive_time(&civil.clock)?))
            },
        )
    }
}

/// Untagged ISO 8601 text, `HH:MM:SS[.fraction]`.
impl Encode for NaiveTime {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        encode_text(w, Ok(format_time_of_day(&clock_of(self))))
    }
}

/// Untagged `HH:MM:SS[.fraction]` text.
impl<'de> Decode<'de> for NaiveTime {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_text(
            r,
            "chrono::NaiveTime",
            super::TIME_OF_DAY,
            parse_time_of_day,
            |clock| naive_time(&clock),
        )
    }
}

/// Tag 1002, `{1: seconds, -9: nanoseconds}` (RFC 9581), negative
/// durations included: −1.5 s is `{1: -2, -9: 500000000}`.
impl Encode for TimeDelta {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let total =
            i128::from(self.num_seconds()) * i128::from(NANOS) + i128::from(self.subsec_nanos());
        encode_duration(w, total)
    }
}

/// Any RFC 9581 duration within `TimeDelta`'s range.
impl<'de> Decode<'de> for TimeDelta {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_duration(r, "chrono::TimeDelta", |total| {
            let (secs, nanos) = split_nanos(total)?;
            TimeDelta::new(secs, nanos)
        })
    }
}
