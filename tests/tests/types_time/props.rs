//! Round trips under every profile that writes tags, over generated values
//! in range, and one wire form per value whatever crate holds it.

use std::fmt::Debug;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use boring::{DecodeOwned, Encode, Options, Profile, Value};
use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta};
use proptest::prelude::*;

use super::{dec, enc, TAGGED};

/// 0000-01-01T18:00:00Z and 9999-12-31T05:59:59Z: every offset up to
/// ±18:00 keeps these instants' local dates within four-digit years.
const MIN_SECS: i64 = -62_167_219_200 + 64_800;
const MAX_SECS: i64 = 253_402_300_799 - 64_800;

/// Days from 1970-01-01 to 0000-01-01 and to 9999-12-31.
const MIN_DAYS: i64 = -719_528;
const MAX_DAYS: i64 = 2_932_896;

/// Nanoseconds: zero, whole milliseconds (the reference's precision) or
/// any.
fn nanos() -> impl Strategy<Value = u32> {
    prop_oneof![
        Just(0u32),
        (0..1000u32).prop_map(|ms| ms * 1_000_000),
        (0..1_000_000u32).prop_map(|us| us * 1_000),
        0..1_000_000_000u32,
    ]
}

/// `v` reads back equal under every tagged profile, and `Value` (the
/// reference's rules) accepts every encoding.
fn round_trips<T>(v: &T) -> Result<(), TestCaseError>
where
    T: Encode + DecodeOwned + PartialEq + Debug,
{
    for profile in TAGGED {
        let bytes = enc(v, profile);
        prop_assert_eq!(&dec::<T>(&bytes, profile).unwrap(), v, "{:?}", profile);
        let value = boring::from_slice_with::<Value>(&bytes, &Options::from(profile));
        prop_assert!(value.is_ok(), "{:?}: {:?}", profile, value);
    }
    Ok(())
}

/// Every encoding of `values` under Interop is the same bytes.
fn same_bytes(values: &[&dyn Fn() -> Vec<u8>]) -> Result<(), TestCaseError> {
    let first = values[0]();
    for other in &values[1..] {
        prop_assert_eq!(boring_tests::to_hex(&other()), boring_tests::to_hex(&first));
    }
    Ok(())
}

fn system_time(secs: i64, nanos: u32) -> SystemTime {
    if secs >= 0 {
        UNIX_EPOCH + Duration::new(secs as u64, nanos)
    } else {
        UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs()) + Duration::new(0, nanos)
    }
}

proptest! {
    #[test]
    fn instants(secs in MIN_SECS..=MAX_SECS, nanos in nanos(), minutes in -1080i32..=1080) {
        let offset = minutes * 60;
        let total = i128::from(secs) * 1_000_000_000 + i128::from(nanos);
        let system = system_time(secs, nanos);
        let utc = DateTime::from_timestamp(secs, nanos).unwrap();
        let fixed = utc.with_timezone(&FixedOffset::east_opt(offset).unwrap());
        let time_utc = time::UtcDateTime::from_unix_timestamp_nanos(total).unwrap();
        let time_offset = time_utc.to_offset(time::UtcOffset::from_whole_seconds(offset).unwrap());
        round_trips(&system)?;
        round_trips(&utc)?;
        round_trips(&fixed)?;
        round_trips(&time_utc)?;
        round_trips(&time_offset)?;
        // Equality of these two ignores the offset: compare it too.
        let back: DateTime<FixedOffset> = dec(&enc(&fixed, Profile::Canonical), Profile::Canonical).unwrap();
        prop_assert_eq!(back.offset(), fixed.offset());
        let back: time::OffsetDateTime = dec(&enc(&time_offset, Profile::Interop), Profile::Interop).unwrap();
        prop_assert_eq!(back.offset(), time_offset.offset());
        same_bytes(&[
            &|| enc(&system, Profile::Interop),
            &|| enc(&utc, Profile::Interop),
            &|| enc(&time_utc, Profile::Interop),
        ])?;
        same_bytes(&[
            &|| enc(&fixed, Profile::Interop),
            &|| enc(&time_offset, Profile::Interop),
        ])?;
        // jiff's timestamps end late on 9999-12-30 UTC.
        if secs <= jiff::Timestamp::MAX.as_second() {
            let stamp = jiff::Timestamp::from_nanosecond(total).unwrap();
            round_trips(&stamp)?;
            let zone = match offset {
                0 => jiff::tz::TimeZone::UTC,
                _ => jiff::tz::TimeZone::fixed(jiff::tz::Offset::from_seconds(offset).unwrap()),
            };
            let zoned = jiff::ZonedDateTime::new(stamp, zone);
            round_trips(&zoned)?;
            let back: jiff::ZonedDateTime = dec(&enc(&zoned, Profile::Default), Profile::Default).unwrap();
            prop_assert_eq!(back.offset(), zoned.offset());
            same_bytes(&[&|| enc(&utc, Profile::Interop), &|| enc(&stamp, Profile::Interop)])?;
            same_bytes(&[&|| enc(&fixed, Profile::Interop), &|| enc(&zoned, Profile::Interop)])?;
        }
        // The fraction has 0, 3, 6 or 9 digits.
        let value: Value = boring::from_slice(&enc(&fixed, Profile::Interop)).unwrap();
        let text = value.as_instant_text().unwrap();
        let digits = text.find('.').map_or(0, |dot| text[dot + 1..].find(|c: char| !c.is_ascii_digit()).unwrap());
        prop_assert!(matches!(digits, 0 | 3 | 6 | 9), "{}", text);
    }

    #[test]
    fn durations(secs in any::<i64>(), nanos in nanos()) {
        let total = i128::from(secs) * 1_000_000_000 + i128::from(nanos);
        let time = time::Duration::new(secs, nanos as i32);
        let jiff = jiff::SignedDuration::new(secs, nanos as i32);
        round_trips(&time)?;
        round_trips(&jiff)?;
        same_bytes(&[&|| enc(&time, Profile::Interop), &|| enc(&jiff, Profile::Interop)])?;
        if let Some(delta) = TimeDelta::new(secs, nanos) {
            round_trips(&delta)?;
            same_bytes(&[&|| enc(&time, Profile::Interop), &|| enc(&delta, Profile::Interop)])?;
        }
        if secs >= 0 {
            let std = Duration::new(secs as u64, nanos);
            round_trips(&std)?;
            same_bytes(&[&|| enc(&time, Profile::Interop), &|| enc(&std, Profile::Interop)])?;
        }
        if let Ok(span) = jiff::Span::try_from(jiff) {
            prop_assert_eq!(enc(&span, Profile::Interop), enc(&jiff, Profile::Interop));
            let back: jiff::Span = dec(&enc(&span, Profile::Canonical), Profile::Canonical).unwrap();
            prop_assert_eq!(jiff::SignedDuration::try_from(back).unwrap(), jiff);
        }
        prop_assert_eq!(jiff.as_nanos(), total);
    }

    #[test]
    fn dates(days in MIN_DAYS..=MAX_DAYS) {
        let chrono = NaiveDate::from_ymd_opt(1970, 1, 1).unwrap() + TimeDelta::days(days);
        let time = time::Date::from_julian_day(2_440_588 + days as i32).unwrap();
        let jiff = jiff::civil::date(1970, 1, 1).checked_add(jiff::Span::new().days(days)).unwrap();
        round_trips(&chrono)?;
        round_trips(&time)?;
        round_trips(&jiff)?;
        same_bytes(&[
            &|| enc(&chrono, Profile::Interop),
            &|| enc(&time, Profile::Interop),
            &|| enc(&jiff, Profile::Interop),
        ])?;
        // Tag 100 over the day number reads the same date.
        let epoch_days = boring::to_vec(&Value::tag(100, Value::from(days))).unwrap();
        prop_assert_eq!(boring::from_slice::<NaiveDate>(&epoch_days).unwrap(), chrono);
        prop_assert_eq!(boring::from_slice::<time::Date>(&epoch_days).unwrap(), time);
        prop_assert_eq!(boring::from_slice::<jiff::civil::Date>(&epoch_days).unwrap(), jiff);
    }

    #[test]
    fn local_date_times(days in MIN_DAYS..=MAX_DAYS, of_day in 0u32..86_400, nanos in nanos()) {
        let (hour, minute, second) = (of_day / 3600, of_day / 60 % 60, of_day % 60);
        let date = NaiveDate::from_ymd_opt(1970, 1, 1).unwrap() + TimeDelta::days(days);
        let clock = NaiveTime::from_hms_nano_opt(hour, minute, second, nanos).unwrap();
        let chrono = NaiveDateTime::new(date, clock);
        let time_clock = time::Time::from_hms_nano(hour as u8, minute as u8, second as u8, nanos).unwrap();
        let time = time::PrimitiveDateTime::new(
            time::Date::from_julian_day(2_440_588 + days as i32).unwrap(),
            time_clock,
        );
        let jiff_clock = jiff::civil::time(hour as i8, minute as i8, second as i8, nanos as i32);
        let jiff = jiff::civil::date(1970, 1, 1)
            .checked_add(jiff::Span::new().days(days))
            .unwrap()
            .to_datetime(jiff_clock);
        round_trips(&chrono)?;
        round_trips(&time)?;
        round_trips(&jiff)?;
        round_trips(&clock)?;
        round_trips(&time_clock)?;
        round_trips(&jiff_clock)?;
        same_bytes(&[
            &|| enc(&chrono, Profile::Interop),
            &|| enc(&time, Profile::Interop),
            &|| enc(&jiff, Profile::Interop),
        ])?;
        same_bytes(&[
            &|| enc(&clock, Profile::Interop),
            &|| enc(&time_clock, Profile::Interop),
            &|| enc(&jiff_clock, Profile::Interop),
        ])?;
    }
}
