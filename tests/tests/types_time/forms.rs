//! Every form the standards allow on read for instants, and every decode
//! error with its kind and offset.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use boring::{DecodeOwned, ErrorKind, Profile, Value};
use boring_tests::hex;
use chrono::{DateTime, FixedOffset, NaiveTime, Utc};

use super::{fails, text};

fn read<T: DecodeOwned>(hex_text: &str) -> Result<T, boring::Error> {
    boring::from_slice(&hex(hex_text))
}

fn at(secs: i64, nanos: u32) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, nanos).unwrap()
}

/// Asserts every UTC instant type reads `hex_text` as `secs` + `nanos`.
#[track_caller]
fn reads_instant(hex_text: &str, secs: i64, nanos: u32) {
    assert_eq!(
        read::<DateTime<Utc>>(hex_text).unwrap(),
        at(secs, nanos),
        "{hex_text}"
    );
    let fixed: DateTime<FixedOffset> = read(hex_text).unwrap();
    assert_eq!(fixed.to_utc(), at(secs, nanos), "{hex_text}");
    let total = i128::from(secs) * 1_000_000_000 + i128::from(nanos);
    let utc: time::UtcDateTime = read(hex_text).unwrap();
    assert_eq!(utc.unix_timestamp_nanos(), total, "{hex_text}");
    let offset: time::OffsetDateTime = read(hex_text).unwrap();
    assert_eq!(offset.unix_timestamp_nanos(), total, "{hex_text}");
    let stamp: jiff::Timestamp = read(hex_text).unwrap();
    assert_eq!(stamp.as_nanosecond(), total, "{hex_text}");
    let zoned: jiff::ZonedDateTime = read(hex_text).unwrap();
    assert_eq!(zoned.timestamp().as_nanosecond(), total, "{hex_text}");
    let system: SystemTime = read(hex_text).unwrap();
    let since = match system.duration_since(UNIX_EPOCH) {
        Ok(after) => after.as_nanos() as i128,
        Err(before) => -(before.duration().as_nanos() as i128),
    };
    assert_eq!(since, total, "{hex_text}");
}

#[test]
fn instants_read_tag_0_at_any_offset_and_tag_1() {
    let golden = (1_234_567_890, 123_000_000);
    reads_instant(
        &format!("c0 {}", text("2009-02-14T05:01:30.123+05:30")),
        golden.0,
        golden.1,
    );
    reads_instant(
        &format!("c0 {}", text("2009-02-13T23:31:30.123-00:00")),
        golden.0,
        golden.1,
    );
    reads_instant(
        &format!("c0 {}", text("2009-02-13T23:31:30.5Z")),
        golden.0,
        500_000_000,
    );
    reads_instant(
        &format!("c0 {}", text("1970-01-01T00:00:00.123456789Z")),
        0,
        123_456_789,
    );
    // Tag 1: integers and floats of every width, fractions to the nearest
    // nanosecond.
    reads_instant("c1 1a 499602d2", 1_234_567_890, 0);
    reads_instant("c1 20", -1, 0);
    reads_instant("c1 fb 41d26580b4a00000", 1_234_567_890, 500_000_000);
    reads_instant("c1 fb bfd0000000000000", -1, 750_000_000);
    reads_instant("c1 fa 3e800000", 0, 250_000_000);
    reads_instant("c1 f9 3e00", 1, 500_000_000);
    // An indefinite-length text, and text behind a stringref.
    reads_instant(
        "c0 7f 6a 323030392d30322d3133 6e 5432333a33313a33302e3132335a ff",
        golden.0,
        golden.1,
    );
    // A stringref namespace around the item, inside an array.
    let nested = format!("81 d90100 c0 {}", text("2009-02-13T23:31:30.123Z"));
    let one: Vec<DateTime<Utc>> = read(&nested).unwrap();
    assert_eq!(one, [at(golden.0, golden.1)]);
    let two = vec![at(golden.0, golden.1); 2];
    let bytes = super::enc(&two, Profile::Default);
    assert!(
        bytes.ends_with(&hex("c0 d819 00")),
        "{}",
        boring_tests::to_hex(&bytes)
    );
    assert_eq!(
        super::dec::<Vec<DateTime<Utc>>>(&bytes, Profile::Default).unwrap(),
        two
    );
    let systems: Vec<SystemTime> = super::dec(&bytes, Profile::Default).unwrap();
    assert_eq!(
        systems[1],
        UNIX_EPOCH + Duration::from_millis(1_234_567_890_123)
    );
}

#[test]
fn leap_seconds() {
    let leap = format!("c0 {}", text("2016-12-31T23:59:60.5Z"));
    // chrono keeps it, and writes it back as it was.
    let chrono: DateTime<Utc> = read(&leap).unwrap();
    assert_eq!(chrono.timestamp_subsec_nanos(), 1_500_000_000);
    let written = format!("c0 {}", text("2016-12-31T23:59:60.500Z"));
    assert_eq!(super::enc(&chrono, Profile::Interop), hex(&written));
    let local: NaiveTime = read(&text("23:59:60")).unwrap();
    assert_eq!(super::enc(&local, Profile::Interop), hex(&text("23:59:60")));
    // The others read the last nanosecond of second 59.
    let last = 1_483_228_799;
    let stamp: jiff::Timestamp = read(&leap).unwrap();
    assert_eq!(stamp, jiff::Timestamp::new(last, 999_999_999).unwrap());
    let utc: time::UtcDateTime = read(&leap).unwrap();
    assert_eq!(utc.unix_timestamp(), last);
    assert_eq!(utc.nanosecond(), 999_999_999);
    let system: SystemTime = read(&leap).unwrap();
    assert_eq!(system, UNIX_EPOCH + Duration::new(last as u64, 999_999_999));
    let time_of_day: time::Time = read(&text("23:59:60")).unwrap();
    assert_eq!(
        time_of_day,
        time::Time::from_hms_nano(23, 59, 59, 999_999_999).unwrap()
    );
}

#[test]
fn instant_text_follows_the_value_grammar() {
    let texts = [
        "2013-03-21T20:04:00Z",
        "2020-02-29T00:00:00+18:00",
        "1990-12-31T23:59:60-08:00",
        "0000-01-01T00:00:00Z",
        "10000-01-01T00:00:00Z",
        "2019-02-29T00:00:00Z",
        "2020-01-01T24:00:00Z",
        "2020-01-01T00:00:00+18:01",
        "2020-01-01T00:00:00.Z",
        "2020-01-01T00:00:00.1234567890Z",
        "2020-01-01 00:00:00Z",
        "2020-01-01t00:00:00Z",
        "2020-01-01T00:00:00z",
        "2020-01-01T00:00:00",
        "2020-01-01T00:00Z",
        "+2020-01-01T00:00:00Z",
        "",
    ];
    for t in texts {
        let bytes = format!("c0 {}", text(t));
        let value = read::<Value>(&bytes);
        let typed = read::<DateTime<FixedOffset>>(&bytes);
        assert_eq!(value.is_ok(), typed.is_ok(), "{t}");
        if value.is_err() {
            fails(typed, ErrorKind::BadTagContent { tag: 0 }, 0);
            fails(
                read::<jiff::Timestamp>(&bytes),
                ErrorKind::BadTagContent { tag: 0 },
                0,
            );
        }
    }
    // Year 10000 has no RFC 3339 form: the error is at the tag, inside
    // the array at offset 2.
    let bytes = format!("82 01 c0 {}", text("10000-01-01T00:00:00Z"));
    fails(
        read::<(u8, SystemTime)>(&bytes),
        ErrorKind::BadTagContent { tag: 0 },
        2,
    );
}

#[test]
fn instant_errors() {
    let bad = |tag| ErrorKind::BadTagContent { tag };
    fails(read::<DateTime<Utc>>("c0 1a 499602d2"), bad(0), 0);
    fails(
        read::<DateTime<Utc>>(&format!("c1 {}", text("1"))),
        bad(1),
        0,
    );
    fails(read::<DateTime<Utc>>("c1 fb 7ff8000000000000"), bad(1), 0);
    fails(read::<DateTime<Utc>>("c1 f9 7c00"), bad(1), 0);
    fails(read::<DateTime<Utc>>("c1 c2 41 01"), bad(1), 0);
    let wrong = |found| ErrorKind::WrongTag { expected: 0, found };
    fails(read::<SystemTime>("c2 41 01"), wrong(Some(2)), 0);
    fails(
        read::<SystemTime>(&text("2009-02-13T23:31:30Z")),
        wrong(None),
        0,
    );
    fails(
        read::<jiff::Timestamp>("d903ec 6a 323032302d30312d3031"),
        wrong(Some(1004)),
        0,
    );
    // Beyond the type's range: the value read and the type.
    let out = |value: &str, target| ErrorKind::OutOfRange {
        value: value.into(),
        target,
    };
    fails(
        read::<SystemTime>("c1 1b ffffffffffffffff"),
        out("18446744073709551615", "std::time::SystemTime"),
        0,
    );
    fails(
        read::<SystemTime>("c1 fb 7e37e43c8800759c"),
        out("1e300", "std::time::SystemTime"),
        0,
    );
    let far = "c1 fb 430c6bf526340000"; // 10^15 s, 31 million years
    let far_text = "1000000000000000.000000000 s";
    fails(
        read::<jiff::Timestamp>(far),
        out(far_text, "jiff::Timestamp"),
        0,
    );
    fails(
        read::<DateTime<Utc>>(far),
        out(far_text, "chrono::DateTime<Utc>"),
        0,
    );
    fails(
        read::<time::UtcDateTime>(far),
        out(far_text, "time::UtcDateTime"),
        0,
    );
    assert!(read::<SystemTime>(far).is_ok());
    // jiff's timestamps end late on 9999-12-30 UTC.
    let last = format!("82 00 c0 {}", text("9999-12-31T23:59:59Z"));
    let err = out("9999-12-31T23:59:59Z", "jiff::Timestamp");
    fails(read::<(u8, jiff::Timestamp)>(&last), err, 2);
    assert!(read::<(u8, DateTime<Utc>)>(&last).is_ok());
}
