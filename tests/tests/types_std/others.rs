//! Wrappers, ranges, `Cow<[T]>`, the wide `NonZero` integers and paths:
//! their bytes under every profile (none of them writes a tag, so CTAP2
//! too), their errors, derived fields and `Value` conversion of every
//! type of this file's suite.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::ffi::{OsStr, OsString};
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroIsize, NonZeroU128, NonZeroU8, NonZeroUsize, Saturating,
    Wrapping,
};
use std::ops::{Range, RangeInclusive};
use std::path::{Path, PathBuf};

use boring::net::IpPrefix;
use boring::{Boring, DecodeOwned, Encode, ErrorKind, Options, PathSegment, Profile, Value};
use boring_tests::{hex, to_hex};

use super::{dec, enc, fails, read, TAGGED};

/// Asserts `v` writes `expected` under every profile without stringref,
/// CTAP2 among them, and reads back equal; the stringref profiles write
/// the same bytes in a namespace.
#[track_caller]
fn everywhere<T>(v: &T, expected: &str)
where
    T: Encode + DecodeOwned + PartialEq + std::fmt::Debug,
{
    super::exact(v, expected);
    let expected = hex(expected);
    assert_eq!(to_hex(&enc(v, Profile::Ctap2)), to_hex(&expected));
    assert_eq!(&dec::<T>(&expected, Profile::Ctap2).unwrap(), v);
}

#[test]
fn wrappers_write_their_value() {
    everywhere(&Wrapping(5u8), "05");
    everywhere(&Saturating(300u16), "19 012c");
    everywhere(&Reverse("a".to_string()), "61 61");
    everywhere(&Cell::new(-1i32), "20");
    everywhere(&RefCell::new(vec!["x".to_string()]), "81 61 78");
    everywhere(&Reverse(Some(Wrapping(7i64))), "07");
    everywhere(&Reverse(None::<u8>), "f6");
}

/// A sequence of wrapped values is written in the values' own sequence
/// layout under every profile (the typed arrays of `Compact` among them),
/// and read back from it.
#[test]
fn wrapped_sequences_take_the_values_layout() {
    let plain: Vec<u32> = vec![1, 2, 300, 70_000];
    let floats: Vec<f32> = vec![1.5, -2.0];
    for profile in Profile::ALL {
        let bytes = enc(&plain, profile);
        let wrapping: Vec<Wrapping<u32>> = plain.iter().copied().map(Wrapping).collect();
        let saturating: Vec<Saturating<u32>> = plain.iter().copied().map(Saturating).collect();
        let cells: Vec<Cell<u32>> = plain.iter().copied().map(Cell::new).collect();
        let refcells: Vec<RefCell<u32>> = plain.iter().copied().map(RefCell::new).collect();
        assert_eq!(enc(&wrapping, profile), bytes, "{profile:?}");
        assert_eq!(enc(&saturating, profile), bytes, "{profile:?}");
        assert_eq!(enc(&cells, profile), bytes, "{profile:?}");
        assert_eq!(enc(&refcells, profile), bytes, "{profile:?}");
        assert_eq!(
            dec::<Vec<Wrapping<u32>>>(&bytes, profile).unwrap(),
            wrapping
        );
        assert_eq!(dec::<Vec<Cell<u32>>>(&bytes, profile).unwrap(), cells);
        assert_eq!(dec::<Vec<RefCell<u32>>>(&bytes, profile).unwrap(), refcells);
        assert_eq!(
            dec::<[Saturating<u32>; 4]>(&bytes, profile)
                .unwrap()
                .to_vec(),
            saturating
        );
        let reversed: Vec<Reverse<f32>> = floats.iter().copied().map(Reverse).collect();
        assert_eq!(
            enc(&reversed, profile),
            enc(&floats, profile),
            "{profile:?}"
        );
    }
    // Typed arrays are written under `Compact`, so the forwarding is seen.
    assert_eq!(
        enc(&plain, Profile::Compact)[3] >> 5,
        6,
        "a typed-array tag"
    );
    let records = vec![Point { x: 1, y: 2 }, Point { x: 3, y: 4 }];
    let reversed: Vec<Reverse<Point>> = records.iter().cloned().map(Reverse).collect();
    let refcells: Vec<RefCell<Point>> = records.iter().cloned().map(RefCell::new).collect();
    for profile in Profile::ALL {
        let bytes = enc(&records, profile);
        assert_eq!(enc(&reversed, profile), bytes, "{profile:?}");
        assert_eq!(enc(&refcells, profile), bytes, "{profile:?}");
        assert_eq!(
            dec::<Vec<Reverse<Point>>>(&bytes, profile).unwrap(),
            reversed
        );
    }
}

#[derive(Boring, Debug, Clone, Copy, PartialEq)]
struct Point {
    x: i32,
    y: i32,
}

/// A mutably borrowed `RefCell` is `Unencodable` at the output offset it
/// would have been written at, alone or in a sequence.
#[test]
fn borrowed_refcell_is_unencodable() {
    let cell = RefCell::new(5u8);
    let _guard = cell.borrow_mut();
    let kind = ErrorKind::Unencodable("a RefCell that is mutably borrowed");
    let interop = Options::from(Profile::Interop);
    fails(boring::to_vec_with(&cell, &interop), kind.clone(), 0);
    fails(
        boring::to_vec_with(&(1u8, &cell), &interop),
        kind.clone(),
        2,
    );
    let cells = [RefCell::new(1u8), RefCell::new(2)];
    let _second = cells[1].borrow_mut();
    fails(boring::to_vec_with(&cells[..], &interop), kind, 0);
    // Shared borrows do not stop a write.
    let shared = RefCell::new(5u8);
    let _reader = shared.borrow();
    assert_eq!(boring::to_vec_with(&shared, &interop).unwrap(), [5]);
}

#[test]
fn ranges_are_pairs() {
    everywhere(&(1u8..5), "82 01 05");
    everywhere(&(-1i64..1), "82 20 01");
    everywhere(&('a'..='z'), "82 61 61 61 7a");
    everywhere(&RangeInclusive::new(5u16, 1), "82 05 01");
    fails(read::<Range<u8>>("81 01"), ErrorKind::BadCount, 0);
    fails(
        read::<RangeInclusive<u8>>("83 01 02 03"),
        ErrorKind::BadCount,
        3,
    );
    let err = read::<Range<u8>>("82 01 19 0100").unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::OutOfRange { target: "u8", .. }
    ));
    assert_eq!(
        (err.offset(), err.path()),
        (Some(2), &[PathSegment::Index(1)][..])
    );
}

#[test]
fn cow_slices_read_owned() {
    let ids: Cow<'static, [u32]> = read("83 01 02 03").unwrap();
    assert!(matches!(ids, Cow::Owned(_)));
    assert_eq!(&*ids, [1, 2, 3]);
    let borrowed: Cow<'_, [u32]> = Cow::Borrowed(&[1, 2, 3]);
    for profile in Profile::ALL {
        assert_eq!(enc(&borrowed, profile), enc(&[1u32, 2, 3][..], profile));
    }
    // `Cow<[u8]>` is a sequence of integers, as `Vec<u8>` is (a typed
    // array under `Compact`).
    let small: Cow<'_, [u8]> = Cow::Borrowed(&[1, 2]);
    for profile in Profile::ALL {
        let bytes = enc(&small, profile);
        assert_eq!(bytes, enc(&vec![1u8, 2], profile), "{profile:?}");
        assert_eq!(dec::<Cow<'_, [u8]>>(&bytes, profile).unwrap(), small);
    }
}

#[test]
fn wide_nonzero_integers() {
    everywhere(&NonZeroUsize::new(300).unwrap(), "19 012c");
    everywhere(&NonZeroIsize::new(-1).unwrap(), "20");
    everywhere(&NonZeroU128::new(1).unwrap(), "01");
    everywhere(&NonZeroI128::new(-24).unwrap(), "37");
    // Past 64 bits: a bignum, tag 2 or 3.
    let big = NonZeroU128::new(1 << 64).unwrap();
    super::exact(&big, "c2 49 010000000000000000");
    let low = NonZeroI128::new(i128::MIN).unwrap();
    super::exact(&low, "c3 50 7fffffffffffffffffffffffffffffff");
    let zero = |target| ErrorKind::OutOfRange {
        value: "0".into(),
        target,
    };
    fails(read::<NonZeroU128>("00"), zero("NonZeroU128"), 0);
    fails(read::<NonZeroI128>("00"), zero("NonZeroI128"), 0);
    fails(read::<NonZeroUsize>("00"), zero("NonZeroUsize"), 0);
    fails(read::<NonZeroIsize>("00"), zero("NonZeroIsize"), 0);
}

#[test]
fn paths_are_text() {
    everywhere(&PathBuf::from("/tmp/x"), "66 2f746d702f78");
    everywhere(&OsString::from("a b"), "63 612062");
    let interop = Options::from(Profile::Interop);
    assert_eq!(
        boring::to_vec_with(Path::new("a/b"), &interop).unwrap(),
        hex("63 612f62")
    );
    assert_eq!(
        boring::to_vec_with(OsStr::new("ab"), &interop).unwrap(),
        hex("62 6162")
    );
    let bytes = hex("63 612f62");
    let path: &Path = boring::from_slice(&bytes).unwrap();
    assert_eq!(path, Path::new("a/b"));
    let os: &OsStr = boring::from_slice(&bytes).unwrap();
    assert_eq!(os, OsStr::new("a/b"));
    // Text in chunks is read into the owned types.
    assert_eq!(
        read::<PathBuf>("7f 61 61 61 62 ff").unwrap(),
        PathBuf::from("ab")
    );
    let not_text = ErrorKind::UnexpectedType {
        expected: "text string",
        found: "byte string",
    };
    fails(read::<PathBuf>("41 61"), not_text, 0);
}

/// A path that is not UTF-8 has no text form: `Unencodable`, never a
/// lossy conversion.
#[cfg(unix)]
#[test]
fn non_utf8_paths_are_unencodable() {
    use std::os::unix::ffi::OsStrExt;
    let raw = OsStr::from_bytes(b"caf\xe9");
    let kind = ErrorKind::Unencodable("a path or OS string that is not valid UTF-8");
    let interop = Options::from(Profile::Interop);
    fails(boring::to_vec_with(raw, &interop), kind.clone(), 0);
    fails(
        boring::to_vec_with(&raw.to_os_string(), &interop),
        kind.clone(),
        0,
    );
    fails(
        boring::to_vec_with(Path::new(raw), &interop),
        kind.clone(),
        0,
    );
    fails(
        boring::to_vec_with(&[PathBuf::from(raw)], &interop),
        kind,
        1,
    );
}

/// Every type of the suite as a derived field.
#[derive(Boring, Debug, Clone, PartialEq)]
struct Host {
    addr: IpAddr,
    v4: Ipv4Addr,
    v6: Ipv6Addr,
    socket: SocketAddr,
    socket_v4: SocketAddrV4,
    socket_v6: SocketAddrV6,
    net: IpPrefix,
    counter: Wrapping<u32>,
    level: Saturating<i16>,
    rank: Reverse<u8>,
    hits: Cell<u64>,
    tags: RefCell<Vec<String>>,
    ports: Range<u16>,
    window: RangeInclusive<i32>,
    ids: Cow<'static, [u32]>,
    big: NonZeroU128,
    size: NonZeroUsize,
    small: NonZeroU8,
    delta: NonZeroI16,
    home: PathBuf,
    marker: PhantomData<u8>,
    unit: (),
    note: Reverse<Option<u32>>,
    cached: Cell<Option<u8>>,
}

fn host() -> Host {
    let addr = Ipv4Addr::new(192, 0, 2, 1);
    Host {
        addr: IpAddr::V6(Ipv6Addr::LOCALHOST),
        v4: addr,
        v6: "2001:db8::1".parse().unwrap(),
        socket: SocketAddr::V4(SocketAddrV4::new(addr, 22)),
        socket_v4: SocketAddrV4::new(addr, 80),
        socket_v6: SocketAddrV6::new(Ipv6Addr::LOCALHOST, 443, 7, 9),
        net: IpPrefix::new(addr.into(), 24).unwrap(),
        counter: Wrapping(u32::MAX),
        level: Saturating(-3),
        rank: Reverse(2),
        hits: Cell::new(10),
        tags: RefCell::new(vec!["a".into(), "b".into()]),
        ports: 1024..2048,
        window: -5..=5,
        ids: Cow::Owned(vec![4, 5]),
        big: NonZeroU128::new(u128::MAX).unwrap(),
        size: NonZeroUsize::new(1).unwrap(),
        small: NonZeroU8::new(3).unwrap(),
        delta: NonZeroI16::new(-300).unwrap(),
        home: PathBuf::from("/home/x"),
        marker: PhantomData,
        unit: (),
        note: Reverse(None),
        cached: Cell::new(None),
    }
}

#[test]
fn derived_fields_round_trip() {
    let mut full = host();
    full.note = Reverse(Some(1));
    full.cached = Cell::new(Some(2));
    for v in [host(), full] {
        for profile in TAGGED {
            let bytes = enc(&v, profile);
            assert_eq!(dec::<Host>(&bytes, profile).unwrap(), v, "{profile:?}");
        }
    }
    // A wrapped `Option` field may be absent, and reads as `None`.
    let value = boring::to_value(&host()).unwrap();
    let entries = value.as_map().unwrap();
    assert_eq!(entries.len(), 24);
    let kept: Vec<(Value, Value)> = entries
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), Some("note" | "cached")))
        .cloned()
        .collect();
    let trimmed = Value::Map(kept.into());
    assert_eq!(boring::from_value::<Host>(&trimmed).unwrap(), host());
    // CTAP2 refuses the network fields' tags.
    let err = boring::to_vec_with(&host(), &Options::from(Profile::Ctap2)).unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::Unencodable("CTAP2 canonical form has no tags")
    );
}

#[test]
fn value_conversion() {
    let v = host();
    let value = boring::to_value(&v).unwrap();
    assert_eq!(boring::from_value::<Host>(&value).unwrap(), v);
    let tagged = |tag, bytes: &[u8]| Value::tag(tag, Value::Bytes(bytes.to_vec()));
    let addr = Ipv4Addr::new(192, 0, 2, 1);
    assert_eq!(
        boring::to_value(&addr).unwrap(),
        tagged(52, &[192, 0, 2, 1])
    );
    let prefix = IpPrefix::new(addr.into(), 24).unwrap();
    let prefix_value = Value::tag(
        52,
        Value::Array(vec![Value::Integer(24), Value::Bytes(vec![192, 0, 2])].into()),
    );
    assert_eq!(boring::to_value(&prefix).unwrap(), prefix_value);
    assert_eq!(
        boring::from_value::<IpPrefix>(&prefix_value).unwrap(),
        prefix
    );
    let socket = SocketAddrV4::new(addr, 80);
    let socket_value = Value::Array(vec![tagged(52, &[192, 0, 2, 1]), Value::Integer(80)].into());
    assert_eq!(boring::to_value(&socket).unwrap(), socket_value);
    assert_eq!(
        boring::from_value::<SocketAddr>(&socket_value).unwrap(),
        socket.into()
    );
    let range = Value::Array(vec![Value::Integer(1), Value::Integer(5)].into());
    assert_eq!(boring::to_value(&(1u8..5)).unwrap(), range);
    assert_eq!(
        boring::from_value::<RangeInclusive<u8>>(&range).unwrap(),
        1..=5
    );
    assert_eq!(boring::to_value(&Wrapping(3u8)).unwrap(), Value::Integer(3));
    let home = Value::Text("/home".into());
    assert_eq!(boring::to_value(Path::new("/home")).unwrap(), home);
    assert_eq!(
        boring::from_value::<PathBuf>(&home).unwrap(),
        PathBuf::from("/home")
    );
}
