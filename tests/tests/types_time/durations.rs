//! Every form the standards allow on read for durations, dates and the
//! local texts, and every decode error with its kind and offset.

use std::time::Duration;

use boring::{DecodeOwned, DuplicateKeys, ErrorKind, Options, Profile, Value};
use boring_tests::hex;
use chrono::{NaiveDate, NaiveDateTime, NaiveTime, TimeDelta};

use super::{fails, text};

fn read<T: DecodeOwned>(hex_text: &str) -> Result<T, boring::Error> {
    boring::from_slice(&hex(hex_text))
}

/// The duration maps `Value` accepts and refuses, read by every type.
#[test]
fn durations_follow_rfc_9581() {
    let accepted = [
        ("d903eaa2011864281864", 100_000_000_100),
        ("d903eaa1011864", 100_000_000_000),
        ("d903eaa2012128 1a1dcd6500", -1_500_000_000),
        ("d903eaa3011864 20 01 616b 01", 100_000_000_000),
    ];
    for (bytes, nanos) in accepted {
        assert!(read::<Value>(bytes).is_ok(), "{bytes}");
        assert_eq!(
            read::<TimeDelta>(bytes).unwrap(),
            TimeDelta::nanoseconds(nanos)
        );
        assert_eq!(
            read::<jiff::SignedDuration>(bytes).unwrap().as_nanos(),
            i128::from(nanos)
        );
        assert_eq!(
            read::<time::Duration>(bytes).unwrap().whole_nanoseconds(),
            i128::from(nanos)
        );
        if let Ok(nanos) = u128::try_from(nanos) {
            assert_eq!(read::<Duration>(bytes).unwrap().as_nanos(), nanos);
        }
    }
    let refused = [
        "d903eaa1281864",
        "d903eaa2011864 0201",
        "d903eaa2011864 0401",
        "d903eaa2011864 0501",
        "d903eaa3011864 2801 2201",
        "d903eaa2011864 281a3b9aca00",
        "d903eaa2011864 2820",
        "d903ea8101",
        "d903eaa1016161",
        "d903eaa1011bffffffffffffffff",
        "d903eaa101fb7ff8000000000000",
        "d903eaa2011864 4101 01",
    ];
    for bytes in refused {
        assert!(read::<Value>(bytes).is_err(), "{bytes}");
        fails(
            read::<Duration>(bytes),
            ErrorKind::BadTagContent { tag: 1002 },
            0,
        );
        fails(
            read::<jiff::Span>(bytes),
            ErrorKind::BadTagContent { tag: 1002 },
            0,
        );
    }
}

#[test]
fn duration_fraction_keys_and_float_seconds() {
    let cases = [
        ("a2 01 01 22 05", 1_005_000_000),          // -3: milliseconds
        ("a2 01 01 25 05", 1_000_005_000),          // -6: microseconds
        ("a2 01 01 28 05", 1_000_000_005),          // -9: nanoseconds
        ("a2 01 01 2b 191388", 1_000_000_005),      // -12: 5000 ps
        ("a2 01 01 2b 19176f", 1_000_000_005),      // 5999 ps: finer digits dropped
        ("a2 01 01 2e 1a 004c4b40", 1_000_000_005), // -15: 5 000 000 fs
        ("a2 01 01 31 1b 000000012a05f200", 1_000_000_005), // -18
        ("a1 01 f9 3e00", 1_500_000_000),           // float seconds
        ("a1 01 f9 b800", -500_000_000),
        ("a2 01 f9 3e00 28 01", 1_500_000_001),
        ("a2 01 01 28 05", 1_000_000_005),
        ("a3 20 82 01 02 01 01 63 6b6579 f6", 1_000_000_000), // ignored keys
        ("bf 01 01 28 05 ff", 1_000_000_005),                 // indefinite length
    ];
    for (map, nanos) in cases {
        let bytes = format!("d903ea {map}");
        assert!(read::<Value>(&bytes).is_ok(), "{map}");
        assert_eq!(
            read::<jiff::SignedDuration>(&bytes).unwrap().as_nanos(),
            nanos,
            "{map}"
        );
    }
}

#[test]
fn duration_errors() {
    let out = |value: &str, target| ErrorKind::OutOfRange {
        value: value.into(),
        target,
    };
    // Negative into std's duration, at the tag inside the array.
    let bytes = "82 00 d903ea a2 01 21 28 1a1dcd6500";
    fails(
        read::<(u8, Duration)>(bytes),
        out("-1.500000000 s", "core::time::Duration"),
        2,
    );
    assert_eq!(
        read::<(u8, TimeDelta)>(bytes).unwrap().1,
        TimeDelta::milliseconds(-1500)
    );
    fails(
        read::<TimeDelta>("d903ea a1 01 fb 7e37e43c8800759c"),
        out("1e300 s", "chrono::TimeDelta"),
        0,
    );
    // i64::MAX seconds: beyond chrono's range (i64::MAX milliseconds).
    let max = "d903ea a1 01 1b 7fffffffffffffff";
    fails(
        read::<TimeDelta>(max),
        out("9223372036854775807.000000000 s", "chrono::TimeDelta"),
        0,
    );
    assert!(read::<jiff::SignedDuration>(max).is_ok());
    fails(
        read::<jiff::Span>(max),
        out("9223372036854775807.000000000 s", "jiff::Span"),
        0,
    );
    // Key 1 twice: a duplicate key unless the last one wins.
    let twice = "d903ea a2 01 01 01 02";
    fails(read::<Duration>(twice), ErrorKind::DuplicateKey, 6);
    let last_wins = Options::from(Profile::Default).duplicate_keys(DuplicateKeys::LastWins);
    let d: Duration = boring::from_slice_with(&hex(twice), &last_wins).unwrap();
    assert_eq!(d, Duration::from_secs(2));
    fails(
        read::<Duration>("d903ea a3 01 01 28 01 28 02"),
        ErrorKind::DuplicateKey,
        8,
    );
    // A stringref namespace around the item, inside an array.
    let nested: Vec<Duration> = read("81 d90100 d903ea a1 01 01").unwrap();
    assert_eq!(nested, [Duration::from_secs(1)]);
    let wrong = ErrorKind::WrongTag {
        expected: 1002,
        found: None,
    };
    fails(read::<Duration>("a1 01 01"), wrong, 0);
}

#[test]
fn dates_read_tag_1004_and_tag_100() {
    let day = NaiveDate::from_ymd_opt(2020, 1, 1).unwrap();
    assert_eq!(read::<NaiveDate>("d864 19 4756").unwrap(), day);
    assert_eq!(
        read::<time::Date>("d864 19 4756").unwrap().to_julian_day(),
        2_458_850
    );
    assert_eq!(
        read::<jiff::civil::Date>("d864 19 4756").unwrap(),
        jiff::civil::date(2020, 1, 1)
    );
    let nested: Vec<NaiveDate> = read("81 d90100 d903ec 6a 323032302d30312d3031").unwrap();
    assert_eq!(nested, [day]);
    let eve = NaiveDate::from_ymd_opt(1969, 12, 31).unwrap();
    assert_eq!(read::<NaiveDate>("d864 20").unwrap(), eve);
    let bad = |tag| ErrorKind::BadTagContent { tag };
    for t in [
        "2023-02-29",
        "2024-13-01",
        "+2024-01-01",
        "2024-1-01",
        "10000-01-01",
    ] {
        let bytes = format!("82 01 d903ec {}", text(t));
        assert!(read::<Value>(&bytes).is_err(), "{t}");
        fails(read::<(u8, NaiveDate)>(&bytes), bad(1004), 2);
    }
    fails(read::<NaiveDate>("d903ec 1a 00bc614e"), bad(1004), 0);
    fails(
        read::<NaiveDate>(&format!("d864 {}", text("1"))),
        bad(100),
        0,
    );
    let far = ErrorKind::OutOfRange {
        value: "2000000000000 days".into(),
        target: "jiff::civil::Date",
    };
    fails(
        read::<jiff::civil::Date>("d864 1b 000001d1a94a2000"),
        far,
        0,
    );
    let far = ErrorKind::OutOfRange {
        value: "10000-01-01".into(),
        target: "jiff::civil::Date",
    };
    fails(read::<jiff::civil::Date>("d864 1a 002cc0a1"), far, 0);
    let wrong = ErrorKind::WrongTag {
        expected: 1004,
        found: Some(0),
    };
    fails(
        read::<time::Date>(&format!("c0 {}", text("2020-01-01T00:00:00Z"))),
        wrong,
        0,
    );
}

#[test]
fn local_text_errors() {
    let expected = "local date-time text YYYY-MM-DDTHH:MM:SS[.fraction]";
    let malformed = ErrorKind::UnexpectedType {
        expected,
        found: "text in another form",
    };
    for t in [
        "2024-02-29T13:05:09Z",
        "2024-02-29 13:05:09",
        "2024-02-30T13:05:09",
        "2024-02-29T13:05",
        "10000-01-01T00:00:00",
    ] {
        fails(read::<NaiveDateTime>(&text(t)), malformed.clone(), 0);
        fails(
            read::<time::PrimitiveDateTime>(&text(t)),
            malformed.clone(),
            0,
        );
        fails(
            read::<jiff::civil::DateTime>(&text(t)),
            malformed.clone(),
            0,
        );
    }
    let malformed = ErrorKind::UnexpectedType {
        expected: "time-of-day text HH:MM:SS[.fraction]",
        found: "text in another form",
    };
    for t in [
        "24:00:00",
        "7:30:00",
        "07:30",
        "07:30:00Z",
        "07:30:00.1234567891",
    ] {
        fails(read::<NaiveTime>(&text(t)), malformed.clone(), 0);
        fails(read::<jiff::civil::Time>(&text(t)), malformed.clone(), 0);
    }
    // A tagged instant is not a local date-time.
    let tagged = read::<NaiveDateTime>(&format!("c0 {}", text("2024-02-29T13:05:09Z")));
    let err = tagged.unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnexpectedType { .. }),
        "{err}"
    );
    assert_eq!(err.offset(), Some(0));
}
