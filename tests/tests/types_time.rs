//! Time types of the standard library and of the `chrono`, `time` and
//! `jiff` crates: the reference's golden bytes, derived fields, `Value`
//! conversion and CTAP2's refusal of tags here; the forms written and the
//! encode refusals in `written`, the read forms and decode errors of
//! instants in `forms` and of durations, dates and local texts in
//! `durations`, the round-trip properties in `props`.

#[path = "types_time/durations.rs"]
mod durations;
#[path = "types_time/forms.rs"]
mod forms;
#[path = "types_time/props.rs"]
mod props;
#[path = "types_time/written.rs"]
mod written;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use boring::{Boring, DecodeOwned, Encode, ErrorKind, Options, Profile, Value};
use boring_tests::{hex, load_rows, to_hex};
use chrono::{DateTime, FixedOffset, NaiveDate, TimeDelta, Utc};

pub use boring_tests::profiles::{dec, enc, fails, TAGGED};

/// The hex of a definite text string item holding `s`.
pub fn text(s: &str) -> String {
    let len = s.len();
    let head = match len {
        0..=23 => format!("{:02x}", 0x60 + len),
        24..=255 => format!("78{len:02x}"),
        _ => panic!("test texts are short"),
    };
    format!("{head}{}", to_hex(s.as_bytes()))
}

/// The reference's bytes for golden vector `label`.
fn golden(label: &str) -> Vec<u8> {
    load_rows("golden.json")
        .into_iter()
        .find(|row| row.str("label").as_deref() == Some(label))
        .unwrap_or_else(|| panic!("no golden vector {label}"))
        .bytes()
}

/// Asserts `v` writes `label`'s bytes under the default profile and reads
/// back equal.
#[track_caller]
fn matches_golden<T>(v: &T, label: &str)
where
    T: Encode + DecodeOwned + PartialEq + std::fmt::Debug,
{
    let expected = golden(label);
    assert!(expected.starts_with(&hex("d90100")), "{label}");
    assert_eq!(
        to_hex(&enc(v, Profile::Default)),
        to_hex(&expected),
        "{label}"
    );
    assert_eq!(
        &dec::<T>(&expected, Profile::Default).unwrap(),
        v,
        "{label}"
    );
}

/// Epoch millisecond 1 234 567 890 123, the golden instant.
const GOLDEN_MS: i64 = 1_234_567_890_123;

#[test]
fn golden_instants() {
    let nanos = i128::from(GOLDEN_MS) * 1_000_000;
    for label in ["instant", "date"] {
        let system = UNIX_EPOCH + Duration::from_millis(GOLDEN_MS as u64);
        matches_golden(&system, label);
        matches_golden(&DateTime::from_timestamp_millis(GOLDEN_MS).unwrap(), label);
        let fixed: DateTime<FixedOffset> = DateTime::from_timestamp_millis(GOLDEN_MS)
            .unwrap()
            .fixed_offset();
        matches_golden(&fixed, label);
        matches_golden(
            &time::UtcDateTime::from_unix_timestamp_nanos(nanos).unwrap(),
            label,
        );
        matches_golden(
            &time::OffsetDateTime::from_unix_timestamp_nanos(nanos).unwrap(),
            label,
        );
        let stamp = jiff::Timestamp::from_millisecond(GOLDEN_MS).unwrap();
        matches_golden(&stamp, label);
        matches_golden(
            &jiff::ZonedDateTime::new(stamp, jiff::tz::TimeZone::UTC),
            label,
        );
    }
}

#[test]
fn golden_durations() {
    let (secs, nanos) = (100, 100);
    matches_golden(&Duration::new(secs, nanos), "duration");
    matches_golden(&TimeDelta::new(100, nanos).unwrap(), "duration");
    matches_golden(&time::Duration::new(100, 100), "duration");
    matches_golden(&jiff::SignedDuration::new(100, 100), "duration");
    matches_golden(&Duration::from_secs(secs), "duration-whole");
    matches_golden(&TimeDelta::seconds(100), "duration-whole");
    matches_golden(&time::Duration::seconds(100), "duration-whole");
    matches_golden(&jiff::SignedDuration::from_secs(100), "duration-whole");
    // A span of time units is the duration it amounts to.
    let span = jiff::Span::new().seconds(100).nanoseconds(100);
    assert_eq!(enc(&span, Profile::Default), golden("duration"));
    let back: jiff::Span = dec(&golden("duration"), Profile::Default).unwrap();
    assert_eq!(
        jiff::SignedDuration::try_from(back).unwrap(),
        jiff::SignedDuration::new(100, 100)
    );
}

#[test]
fn golden_dates() {
    matches_golden(&NaiveDate::from_ymd_opt(2020, 1, 1).unwrap(), "local-date");
    let date = time::Date::from_calendar_date(2020, time::Month::January, 1).unwrap();
    matches_golden(&date, "local-date");
    matches_golden(&jiff::civil::date(2020, 1, 1), "local-date");
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Event {
    at: SystemTime,
    took: Duration,
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Appointment {
    on: NaiveDate,
    starts: DateTime<Utc>,
    local: time::PrimitiveDateTime,
    length: jiff::SignedDuration,
    note: Option<jiff::Timestamp>,
}

fn appointment(i: i64) -> Appointment {
    Appointment {
        on: NaiveDate::from_ymd_opt(2024, 3, 1).unwrap() + TimeDelta::days(i),
        starts: DateTime::from_timestamp(1_709_280_000 + i * 3_600, 0).unwrap(),
        local: time::PrimitiveDateTime::new(
            time::Date::from_calendar_date(2024, time::Month::March, 1).unwrap(),
            time::Time::from_hms(9, 0, 0).unwrap(),
        ),
        length: jiff::SignedDuration::from_mins(30 + i),
        note: (i % 2 == 0).then(|| jiff::Timestamp::from_second(i).unwrap()),
    }
}

#[test]
fn derived_fields() {
    let event = Event {
        at: UNIX_EPOCH + Duration::from_millis(GOLDEN_MS as u64),
        took: Duration::new(100, 100),
    };
    let bytes = enc(&event, Profile::Interop);
    let instant = &golden("instant")[3..];
    let duration = &golden("duration")[3..];
    let expected = [
        hex(&format!("a2 {}", text("at"))),
        instant.to_vec(),
        hex(&text("took")),
        duration.to_vec(),
    ]
    .concat();
    assert_eq!(to_hex(&bytes), to_hex(&expected));
    for profile in TAGGED {
        let bytes = enc(&event, profile);
        assert_eq!(dec::<Event>(&bytes, profile).unwrap(), event, "{profile:?}");
        // Sequences of records take every layout the profile writes
        // (tables and columns under Compact).
        let many: Vec<Appointment> = (0..40).map(appointment).collect();
        let bytes = enc(&many, profile);
        assert_eq!(
            dec::<Vec<Appointment>>(&bytes, profile).unwrap(),
            many,
            "{profile:?}"
        );
    }
    // An error in a field names it and is placed at its tag, after the map
    // head and the key "at": here the text's `T` is a space.
    let mut bad = enc(&event, Profile::Interop);
    bad[17] = b' ';
    let err = boring::from_slice::<Event>(&bad).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadTagContent { tag: 0 });
    assert_eq!(err.offset(), Some(4));
    assert_eq!(err.path(), [boring::PathSegment::Field("at")]);
}

#[test]
fn value_conversion() {
    let at = DateTime::from_timestamp_millis(GOLDEN_MS).unwrap();
    let value = boring::to_value(&at).unwrap();
    assert_eq!(
        value,
        Value::tag(0, Value::from("2009-02-13T23:31:30.123Z"))
    );
    assert_eq!(boring::from_value::<DateTime<Utc>>(&value).unwrap(), at);
    assert_eq!(
        boring::from_value::<SystemTime>(&value).unwrap(),
        UNIX_EPOCH + Duration::from_millis(GOLDEN_MS as u64)
    );
    assert_eq!(
        boring::from_value::<jiff::Timestamp>(&value)
            .unwrap()
            .as_millisecond(),
        GOLDEN_MS
    );
    // The constructors of `Value` build what the types read.
    let duration = Value::duration(-2, 500_000_000).unwrap();
    assert_eq!(
        boring::from_value::<TimeDelta>(&duration).unwrap(),
        TimeDelta::milliseconds(-1500)
    );
    assert_eq!(
        boring::to_value(&TimeDelta::milliseconds(-1500)).unwrap(),
        duration
    );
    let date = Value::date(2024, 2, 29).unwrap();
    assert_eq!(
        boring::from_value::<jiff::civil::Date>(&date).unwrap(),
        jiff::civil::date(2024, 2, 29)
    );
    assert_eq!(
        boring::to_value(&jiff::civil::date(2024, 2, 29)).unwrap(),
        date
    );
    assert_eq!(
        boring::from_value::<Value>(&Value::epoch(5)).unwrap(),
        Value::epoch(5)
    );
    assert_eq!(
        boring::from_value::<SystemTime>(&Value::epoch(5)).unwrap(),
        UNIX_EPOCH + Duration::from_secs(5)
    );
}

#[test]
fn ctap2_refuses_every_tagged_type() {
    let ctap2 = Options::from(Profile::Ctap2);
    let no_tags = ErrorKind::Unencodable("CTAP2 canonical form has no tags");
    let at = DateTime::from_timestamp_millis(GOLDEN_MS).unwrap();
    let results = [
        boring::to_vec_with(&SystemTime::now(), &ctap2),
        boring::to_vec_with(&Duration::from_secs(1), &ctap2),
        boring::to_vec_with(&at, &ctap2),
        boring::to_vec_with(&at.fixed_offset(), &ctap2),
        boring::to_vec_with(&at.date_naive(), &ctap2),
        boring::to_vec_with(&TimeDelta::seconds(1), &ctap2),
        boring::to_vec_with(&time::OffsetDateTime::UNIX_EPOCH, &ctap2),
        boring::to_vec_with(&time::UtcDateTime::UNIX_EPOCH, &ctap2),
        boring::to_vec_with(&time::Date::from_ordinal_date(2000, 1).unwrap(), &ctap2),
        boring::to_vec_with(&time::Duration::SECOND, &ctap2),
        boring::to_vec_with(&jiff::Timestamp::UNIX_EPOCH, &ctap2),
        boring::to_vec_with(&jiff::civil::date(2000, 1, 1), &ctap2),
        boring::to_vec_with(&jiff::SignedDuration::from_secs(1), &ctap2),
        boring::to_vec_with(&jiff::Span::new().hours(1), &ctap2),
    ];
    for result in results {
        fails(result, no_tags.clone(), 0);
    }
    // Inside a record the error is at the field's value: after the map
    // head and the key "at".
    let event = Event {
        at: UNIX_EPOCH,
        took: Duration::ZERO,
    };
    fails(boring::to_vec_with(&event, &ctap2), no_tags, 4);
}
