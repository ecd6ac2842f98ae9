//! The forms written: fractions, offsets, durations' signs, the untagged
//! local texts, and the values that have no form.

use std::time::{Duration, UNIX_EPOCH};

use boring::{Error, ErrorKind, Options, Profile, Value};
use boring_tests::{hex, to_hex};
use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta};

use super::{dec, enc, text};

/// The RFC 3339 text every crate writes for an instant.
fn instant_text(secs: i64, nanos: u32) -> String {
    let system = if secs >= 0 {
        UNIX_EPOCH + Duration::new(secs as u64, nanos)
    } else {
        UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs()) + Duration::new(0, nanos)
    };
    let bytes = enc(&system, Profile::Interop);
    let mut all = vec![
        enc(
            &DateTime::from_timestamp(secs, nanos).unwrap(),
            Profile::Interop,
        ),
        enc(
            &time::UtcDateTime::from_unix_timestamp_nanos(
                i128::from(secs) * 1_000_000_000 + i128::from(nanos),
            )
            .unwrap(),
            Profile::Interop,
        ),
    ];
    // jiff's timestamps end late on 9999-12-30 UTC.
    if let Ok(stamp) = jiff::Timestamp::new(secs, nanos as i32) {
        all.push(enc(&stamp, Profile::Interop));
    }
    for other in all {
        assert_eq!(to_hex(&other), to_hex(&bytes));
    }
    let value: Value = boring::from_slice(&bytes).unwrap();
    value.as_instant_text().unwrap().to_owned()
}

#[test]
fn fractions_in_groups_of_three() {
    // As the reference prints a java.time.Instant: 3, 6 or 9 digits, none
    // when zero.
    assert_eq!(instant_text(1, 100_000_000), "1970-01-01T00:00:01.100Z");
    assert_eq!(instant_text(0, 0), "1970-01-01T00:00:00Z");
    assert_eq!(instant_text(0, 120_000), "1970-01-01T00:00:00.000120Z");
    assert_eq!(instant_text(0, 1), "1970-01-01T00:00:00.000000001Z");
    assert_eq!(
        instant_text(-1, 999_999_999),
        "1969-12-31T23:59:59.999999999Z"
    );
    assert_eq!(instant_text(-62_167_219_200, 0), "0000-01-01T00:00:00Z");
    assert_eq!(
        instant_text(253_402_300_799, 5_000_000),
        "9999-12-31T23:59:59.005Z"
    );
    assert_eq!(instant_text(951_782_400, 0), "2000-02-29T00:00:00Z");
}

#[test]
fn offsets_are_kept() {
    let at = DateTime::from_timestamp(0, 0).unwrap();
    let cases = [
        (19_800, "1970-01-01T05:30:00+05:30"),
        (-3_600, "1969-12-31T23:00:00-01:00"),
        (64_800, "1970-01-01T18:00:00+18:00"),
        (0, "1970-01-01T00:00:00Z"),
    ];
    for (offset, expected) in cases {
        let chrono = at.with_timezone(&FixedOffset::east_opt(offset).unwrap());
        let want = hex(&format!("c0 {}", text(expected)));
        assert_eq!(enc(&chrono, Profile::Interop), want, "{expected}");
        let back: DateTime<FixedOffset> = dec(&want, Profile::Interop).unwrap();
        assert_eq!(back.offset().local_minus_utc(), offset);
        let time = time::OffsetDateTime::UNIX_EPOCH
            .to_offset(time::UtcOffset::from_whole_seconds(offset).unwrap());
        assert_eq!(enc(&time, Profile::Interop), want, "{expected}");
        assert_eq!(
            dec::<time::OffsetDateTime>(&want, Profile::Interop)
                .unwrap()
                .offset(),
            time.offset()
        );
        let zone = jiff::tz::TimeZone::fixed(jiff::tz::Offset::from_seconds(offset).unwrap());
        let zoned = jiff::ZonedDateTime::new(jiff::Timestamp::UNIX_EPOCH, zone);
        assert_eq!(enc(&zoned, Profile::Interop), want, "{expected}");
        let back: jiff::ZonedDateTime = dec(&want, Profile::Interop).unwrap();
        assert_eq!(
            (back.timestamp(), back.offset()),
            (zoned.timestamp(), zoned.offset())
        );
    }
}

#[test]
fn durations_round_down_and_keep_sign() {
    // −1.5 s is {1: -2, -9: 500000000}, the reference's split.
    let want = hex("d903ea a2 01 21 28 1a1dcd6500");
    assert_eq!(enc(&TimeDelta::milliseconds(-1500), Profile::Interop), want);
    assert_eq!(
        enc(&time::Duration::milliseconds(-1500), Profile::Interop),
        want
    );
    assert_eq!(
        enc(&jiff::SignedDuration::from_millis(-1500), Profile::Interop),
        want
    );
    assert_eq!(
        dec::<TimeDelta>(&want, Profile::Interop).unwrap(),
        TimeDelta::milliseconds(-1500)
    );
    let zero = hex("d903ea a1 01 00");
    assert_eq!(enc(&Duration::ZERO, Profile::Interop), zero);
    assert_eq!(enc(&TimeDelta::zero(), Profile::Interop), zero);
}

#[test]
fn local_date_times_and_times_are_untagged_text() {
    let civil = NaiveDate::from_ymd_opt(2024, 2, 29)
        .unwrap()
        .and_hms_micro_opt(13, 5, 9, 250)
        .unwrap();
    let want = hex(&text("2024-02-29T13:05:09.000250"));
    assert_eq!(enc(&civil, Profile::Interop), want);
    let time_crate = time::PrimitiveDateTime::new(
        time::Date::from_calendar_date(2024, time::Month::February, 29).unwrap(),
        time::Time::from_hms_micro(13, 5, 9, 250).unwrap(),
    );
    assert_eq!(enc(&time_crate, Profile::Interop), want);
    let jiff = jiff::civil::datetime(2024, 2, 29, 13, 5, 9, 250_000);
    assert_eq!(enc(&jiff, Profile::Interop), want);
    assert_eq!(
        dec::<NaiveDateTime>(&want, Profile::Interop).unwrap(),
        civil
    );
    assert_eq!(
        dec::<time::PrimitiveDateTime>(&want, Profile::Interop).unwrap(),
        time_crate
    );
    assert_eq!(
        dec::<jiff::civil::DateTime>(&want, Profile::Interop).unwrap(),
        jiff
    );

    let want = hex(&text("07:30:00"));
    let chrono = NaiveTime::from_hms_opt(7, 30, 0).unwrap();
    assert_eq!(enc(&chrono, Profile::Interop), want);
    assert_eq!(
        enc(&time::Time::from_hms(7, 30, 0).unwrap(), Profile::Interop),
        want
    );
    assert_eq!(enc(&jiff::civil::time(7, 30, 0, 0), Profile::Interop), want);
    assert_eq!(dec::<NaiveTime>(&want, Profile::Interop).unwrap(), chrono);
    // Every profile writes them, CTAP2 included: they carry no tag.
    assert_eq!(enc(&chrono, Profile::Ctap2), want);
}

#[test]
fn encode_refusals() {
    let unencodable = |result: Result<Vec<u8>, Error>| match result {
        Err(e) => matches!(e.kind(), ErrorKind::Unencodable(_)) && e.offset() == Some(0),
        Ok(bytes) => panic!("encoded {}", to_hex(&bytes)),
    };
    let interop = Options::from(Profile::Interop);
    let far = NaiveDate::from_ymd_opt(10_000, 1, 1).unwrap();
    assert!(unencodable(boring::to_vec_with(&far, &interop)));
    assert!(unencodable(boring::to_vec_with(
        &far.and_hms_opt(0, 0, 0).unwrap().and_utc(),
        &interop
    )));
    assert!(unencodable(boring::to_vec_with(
        &far.and_hms_opt(0, 0, 0).unwrap(),
        &interop
    )));
    let before_zero = time::Date::from_calendar_date(-1, time::Month::December, 31).unwrap();
    assert!(unencodable(boring::to_vec_with(&before_zero, &interop)));
    assert!(unencodable(boring::to_vec_with(
        &jiff::civil::date(-1, 1, 1),
        &interop
    )));
    // Offsets: whole minutes within ±18:00 only.
    let at = DateTime::from_timestamp(0, 0).unwrap();
    for offset in [30, 18 * 3600 + 60, -(19 * 3600)] {
        let odd = at.with_timezone(&FixedOffset::east_opt(offset).unwrap());
        assert!(unencodable(boring::to_vec_with(&odd, &interop)), "{offset}");
    }
    // Seconds beyond i64 (the reference's) and spans of no fixed length.
    assert!(unencodable(boring::to_vec_with(&Duration::MAX, &interop)));
    assert!(unencodable(boring::to_vec_with(
        &time::Duration::MIN,
        &interop
    )));
    assert!(unencodable(boring::to_vec_with(
        &jiff::Span::new().days(1),
        &interop
    )));
    assert!(unencodable(boring::to_vec_with(
        &jiff::Span::new().months(1),
        &interop
    )));
    // The largest std duration that has the form.
    let max = Duration::new(i64::MAX as u64, 999_999_999);
    assert_eq!(
        dec::<Duration>(&enc(&max, Profile::Interop), Profile::Interop).unwrap(),
        max
    );
}
