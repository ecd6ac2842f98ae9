//! Standard library types without a codec elsewhere: the RFC 9164 network
//! types (addresses, prefixes, socket addresses) here, with their exact
//! bytes, read errors and CTAP2's refusal of tags; wrappers, ranges,
//! `Cow<[T]>`, the wide `NonZero` integers, paths, derived fields and
//! `Value` conversion in `others`; the round-trip properties in `props`.

#[path = "types_std/others.rs"]
mod others;
#[path = "types_std/props.rs"]
mod props;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use boring::net::IpPrefix;
use boring::{DecodeOwned, Encode, Error, ErrorKind, Options, PathSegment, Profile};
use boring_tests::{hex, to_hex};

/// The profiles without stringref: a single value's bytes are the same in
/// each.
const PLAIN: [Profile; 4] = [
    Profile::Interop,
    Profile::Archival,
    Profile::Canonical,
    Profile::CanonicalRfc7049,
];

pub use boring_tests::profiles::{dec, enc, TAGGED};

/// `bytes` decoded under Interop.
pub fn read<T: DecodeOwned>(bytes: &str) -> Result<T, Error> {
    dec(&hex(bytes), Profile::Interop)
}

/// Asserts that `result` failed with `kind` at `offset`.
#[track_caller]
pub fn fails<T: std::fmt::Debug>(result: Result<T, Error>, kind: ErrorKind, offset: usize) {
    let err = result.expect_err("expected an error");
    assert_eq!(err.kind(), &kind, "{err}");
    assert_eq!(err.offset(), Some(offset), "{err}");
}

/// Asserts `v` writes `expected` under every profile without stringref
/// (`d9 0100` and the same bytes under the stringref profiles, whose
/// top-level namespace holds nothing here), and reads back equal from
/// each.
#[track_caller]
pub fn exact<T>(v: &T, expected: &str)
where
    T: Encode + DecodeOwned + PartialEq + std::fmt::Debug,
{
    let expected = hex(expected);
    for profile in PLAIN {
        assert_eq!(to_hex(&enc(v, profile)), to_hex(&expected), "{profile:?}");
        assert_eq!(&dec::<T>(&expected, profile).unwrap(), v, "{profile:?}");
    }
    let namespaced = [hex("d90100"), expected].concat();
    for profile in [Profile::Default, Profile::Compact] {
        assert_eq!(to_hex(&enc(v, profile)), to_hex(&namespaced), "{profile:?}");
        assert_eq!(&dec::<T>(&namespaced, profile).unwrap(), v, "{profile:?}");
    }
}

fn bad(tag: u64) -> ErrorKind {
    ErrorKind::BadTagContent { tag }
}

fn wrong(expected: u64, found: Option<u64>) -> ErrorKind {
    ErrorKind::WrongTag { expected, found }
}

fn v4(a: u8, b: u8, c: u8, d: u8) -> Ipv4Addr {
    Ipv4Addr::new(a, b, c, d)
}

fn prefix(addr: impl Into<IpAddr>, len: u8) -> IpPrefix {
    IpPrefix::new(addr.into(), len).expect("a length within the family's")
}

/// RFC 9164's address examples.
#[test]
fn addresses_are_rfc_9164_bytes() {
    exact(&v4(192, 0, 2, 1), "d8 34 44 c0000201");
    exact(&IpAddr::V4(v4(192, 0, 2, 1)), "d8 34 44 c0000201");
    let v6: Ipv6Addr = "2001:db8:1234:deed:beef:cafe:face:feed".parse().unwrap();
    exact(&v6, "d8 36 50 20010db81234deedbeefcafefacefeed");
    exact(&IpAddr::V6(v6), "d8 36 50 20010db81234deedbeefcafefacefeed");
    // Addresses are never truncated, zero bytes and all.
    exact(&Ipv4Addr::UNSPECIFIED, "d8 34 44 00000000");
    exact(
        &Ipv6Addr::UNSPECIFIED,
        "d8 36 50 00000000000000000000000000000000",
    );
}

/// RFC 9164's prefix examples, and lengths that end inside a byte.
#[test]
fn prefixes_are_rfc_9164_bytes() {
    let p48: Ipv6Addr = "2001:db8:1234::".parse().unwrap();
    exact(&prefix(p48, 48), "d8 36 82 18 30 46 20010db81234");
    exact(&prefix(v4(192, 0, 2, 0), 24), "d8 34 82 18 18 43 c00002");
    // Trailing zero bytes are left out whatever the length.
    let p64: Ipv6Addr = "2001:db8::".parse().unwrap();
    exact(&prefix(p64, 64), "d8 36 82 18 40 44 20010db8");
    exact(&prefix(v4(10, 0, 0, 0), 8), "d8 34 82 08 41 0a");
    exact(
        &prefix(v4(192, 0, 2, 128), 25),
        "d8 34 82 18 19 44 c0000280",
    );
    exact(
        &prefix(v4(255, 255, 255, 255), 32),
        "d8 34 82 18 20 44 ffffffff",
    );
    exact(&prefix(Ipv4Addr::UNSPECIFIED, 0), "d8 34 82 00 40");
    exact(&prefix(Ipv6Addr::UNSPECIFIED, 0), "d8 36 82 00 40");
}

#[test]
fn prefix_construction() {
    // The bits past the length are cleared.
    let p = prefix(v4(192, 0, 2, 1), 24);
    assert_eq!(p.addr(), IpAddr::V4(v4(192, 0, 2, 0)));
    assert_eq!(p.prefix_len(), 24);
    assert_eq!(p.to_string(), "192.0.2.0/24");
    assert_eq!(prefix(v4(192, 0, 2, 255), 25).addr(), v4(192, 0, 2, 128));
    assert!(p.contains(v4(192, 0, 2, 200).into()));
    assert!(!p.contains(v4(192, 0, 3, 1).into()));
    assert!(!p.contains(Ipv6Addr::LOCALHOST.into()));
    assert!(IpPrefix::new(v4(0, 0, 0, 0).into(), 33).is_none());
    assert!(IpPrefix::new(Ipv6Addr::UNSPECIFIED.into(), 129).is_none());
    assert!(IpPrefix::new(Ipv6Addr::UNSPECIFIED.into(), 128).is_some());
}

#[test]
fn socket_addresses() {
    let http = SocketAddrV4::new(v4(192, 0, 2, 1), 8080);
    exact(&http, "82 d8 34 44 c0000201 19 1f90");
    exact(&SocketAddr::V4(http), "82 d8 34 44 c0000201 19 1f90");
    let https = SocketAddrV6::new("2001:db8::1".parse().unwrap(), 443, 0, 0);
    let https_hex = "82 d8 36 50 20010db8000000000000000000000001 19 01bb";
    exact(&https, https_hex);
    exact(&SocketAddr::V6(https), https_hex);
    // Flow information or a scope: the four-element form.
    let link = SocketAddrV6::new("fe80::1".parse().unwrap(), 443, 0, 2);
    let link_hex = "84 d8 36 50 fe800000000000000000000000000001 19 01bb 00 02";
    exact(&link, link_hex);
    exact(&SocketAddr::V6(link), link_hex);
    let flow = SocketAddrV6::new("::1".parse().unwrap(), 0, 0x12345, 0);
    exact(
        &flow,
        "84 d8 36 50 00000000000000000000000000000001 00 1a 00012345 00",
    );
    // The long form with zeros is read too.
    let long = "84 d8 36 50 20010db8000000000000000000000001 19 01bb 00 00";
    assert_eq!(read::<SocketAddrV6>(long).unwrap(), https);
}

/// Content errors are `BadTagContent` at the tag head; a missing or other
/// tag is `WrongTag`.
#[test]
fn address_read_errors() {
    // Three and five bytes for IPv4, four for IPv6.
    fails(read::<Ipv4Addr>("d8 34 43 c00002"), bad(52), 0);
    fails(read::<Ipv4Addr>("d8 34 45 c000020101"), bad(52), 0);
    fails(read::<Ipv6Addr>("d8 36 44 c0000201"), bad(54), 0);
    fails(read::<IpAddr>("d8 36 44 c0000201"), bad(54), 0);
    fails(read::<IpAddr>("d8 34 40"), bad(52), 0);
    // Not a byte string.
    fails(read::<Ipv4Addr>("d8 34 64 61626364"), bad(52), 0);
    // RFC 9164's address with a prefix length (and with an interface) is
    // no plain address.
    fails(read::<IpAddr>("d8 34 82 44 c0000201 18 18"), bad(52), 0);
    let iface = "d8 36 83 50 fe8000000000020202fffffffe030303 18 40 64 65746830";
    fails(read::<Ipv6Addr>(iface), bad(54), 0);
    // A prefix is no address either.
    fails(read::<Ipv4Addr>("d8 34 82 18 18 43 c00002"), bad(52), 0);
    // Missing and other tags.
    fails(read::<Ipv4Addr>("44 c0000201"), wrong(52, None), 0);
    fails(
        read::<Ipv4Addr>("d8 36 44 c0000201"),
        wrong(52, Some(54)),
        0,
    );
    fails(
        read::<Ipv6Addr>("d8 34 44 c0000201"),
        wrong(54, Some(52)),
        0,
    );
    fails(read::<IpAddr>("d8 35 44 c0000201"), wrong(52, Some(53)), 0);
    fails(read::<IpAddr>("44 c0000201"), wrong(52, None), 0);
    // Inside an array the offset is the element's, the path its index.
    let err = read::<Vec<Ipv4Addr>>("82 d8 34 44 c0000201 d8 34 43 c00002").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (&bad(52), Some(8)));
    assert_eq!(err.path(), [PathSegment::Index(1)]);
    // A byte string in chunks is read.
    assert_eq!(
        read::<Ipv4Addr>("d8 34 5f 42 c000 42 0201 ff").unwrap(),
        v4(192, 0, 2, 1)
    );
}

#[test]
fn prefix_read_errors() {
    // A trailing zero byte, a bit set past the length.
    fails(read::<IpPrefix>("d8 34 82 18 18 44 c0000200"), bad(52), 0);
    fails(read::<IpPrefix>("d8 34 82 18 17 43 c00003"), bad(52), 0);
    fails(read::<IpPrefix>("d8 34 82 18 19 44 c00002c0"), bad(52), 0);
    fails(read::<IpPrefix>("d8 36 82 00 41 80"), bad(54), 0);
    // Lengths past the family's, more bytes than its address.
    fails(read::<IpPrefix>("d8 34 82 18 21 41 c0"), bad(52), 0);
    fails(read::<IpPrefix>("d8 36 82 18 81 41 20"), bad(54), 0);
    fails(
        read::<IpPrefix>("d8 34 82 1b 0000000100000000 40"),
        bad(52),
        0,
    );
    fails(read::<IpPrefix>("d8 34 82 18 20 45 c000020101"), bad(52), 0);
    // Other shapes: the address-with-length form, an address, too few or
    // too many elements, a negative length, a text.
    fails(read::<IpPrefix>("d8 34 82 44 c0000201 18 18"), bad(52), 0);
    fails(read::<IpPrefix>("d8 34 44 c0000201"), bad(52), 0);
    fails(read::<IpPrefix>("d8 34 81 18 18"), bad(52), 0);
    fails(read::<IpPrefix>("d8 34 83 18 18 43 c00002 00"), bad(52), 0);
    fails(read::<IpPrefix>("d8 34 82 20 43 c00002"), bad(52), 0);
    fails(read::<IpPrefix>("d8 34 82 18 18 63 c00002"), bad(52), 0);
    fails(read::<IpPrefix>("82 18 18 43 c00002"), wrong(52, None), 0);
    fails(
        read::<IpPrefix>("d8 25 82 18 18 43 c00002"),
        wrong(52, Some(37)),
        0,
    );
    // An indefinite-length array is read.
    assert_eq!(
        read::<IpPrefix>("d8 34 9f 18 18 43 c00002 ff").unwrap(),
        prefix(v4(192, 0, 2, 0), 24)
    );
}

#[test]
fn socket_read_errors() {
    // Too few elements: `BadCount` at the array; too many: at the first
    // one too many.
    fails(
        read::<SocketAddrV4>("81 d8 34 44 c0000201"),
        ErrorKind::BadCount,
        0,
    );
    let v4_long = "84 d8 34 44 c0000201 19 1f90 00 00";
    fails(read::<SocketAddrV4>(v4_long), ErrorKind::BadCount, 11);
    fails(read::<SocketAddr>(v4_long), ErrorKind::BadCount, 11);
    let v6_three = "83 d8 36 50 00000000000000000000000000000001 00 00";
    fails(read::<SocketAddrV6>(v6_three), ErrorKind::BadCount, 0);
    let v6_five = "85 d8 36 50 00000000000000000000000000000001 00 00 00 00";
    fails(read::<SocketAddr>(v6_five), ErrorKind::BadCount, 23);
    // A port past 65535, with the element's index.
    let err = read::<SocketAddrV4>("82 d8 34 44 c0000201 1a 00010000").unwrap_err();
    let range = ErrorKind::OutOfRange {
        value: "65536".into(),
        target: "u16",
    };
    assert_eq!((err.kind(), err.offset()), (&range, Some(8)));
    assert_eq!(err.path(), [PathSegment::Index(1)]);
    // An address of the other family.
    let err = read::<SocketAddrV4>("82 d8 36 50 00000000000000000000000000000001 00").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (&wrong(52, Some(54)), Some(1)));
    assert_eq!(err.path(), [PathSegment::Index(0)]);
    fails(
        read::<SocketAddr>("d8 34 44 c0000201"),
        unexpected_array(),
        0,
    );
}

fn unexpected_array() -> ErrorKind {
    ErrorKind::UnexpectedType {
        expected: "array",
        found: "tag",
    }
}

/// CTAP2 canonical CBOR has no tags: writing an RFC 9164 tag is
/// `Unencodable` at the tag's offset, and verifying tagged input against
/// the profile `NotDeterministic`.
#[test]
fn ctap2_refuses_the_tags() {
    let ctap2 = Options::from(Profile::Ctap2);
    let no_tags = ErrorKind::Unencodable("CTAP2 canonical form has no tags");
    let addr = v4(192, 0, 2, 1);
    fails(boring::to_vec_with(&addr, &ctap2), no_tags.clone(), 0);
    fails(
        boring::to_vec_with(&IpAddr::V6(Ipv6Addr::LOCALHOST), &ctap2),
        no_tags.clone(),
        0,
    );
    fails(
        boring::to_vec_with(&prefix(addr, 24), &ctap2),
        no_tags.clone(),
        0,
    );
    let socket = SocketAddr::V4(SocketAddrV4::new(addr, 80));
    fails(boring::to_vec_with(&socket, &ctap2), no_tags.clone(), 1);
    fails(boring::to_vec_with(&(1u8, addr), &ctap2), no_tags, 2);
    let broken = ErrorKind::NotDeterministic {
        rule: "no tags in CTAP2 canonical form",
    };
    fails(
        dec::<Ipv4Addr>(&hex("d8 34 44 c0000201"), Profile::Ctap2),
        broken.clone(),
        0,
    );
    fails(
        dec::<IpPrefix>(&hex("d8 34 82 18 18 43 c00002"), Profile::Ctap2),
        broken,
        0,
    );
}

/// Byte strings are always written literally, but a reader inside a
/// stringref namespace resolves references to them, as other writers may
/// use them: addresses and prefix bytes are read through references.
#[test]
fn addresses_read_through_stringrefs() {
    let one = "d8 36 50 00000000000000000000000000000001";
    let input = format!("d9 0100 83 {one} d8 36 d8 19 00 d8 36 82 18 80 d8 19 00");
    let bytes = hex(&input);
    let read: (IpAddr, Ipv6Addr, IpPrefix) = dec(&bytes, Profile::Default).unwrap();
    let local = Ipv6Addr::LOCALHOST;
    assert_eq!(read, (local.into(), local, prefix(local, 128)));
    // Outside a namespace tag 25 is no reference: other content.
    fails(read_tagged25(), bad(54), 0);
}

fn read_tagged25() -> Result<Ipv6Addr, Error> {
    read("d8 36 d8 19 00")
}

#[test]
fn repeated_values_round_trip_under_stringref() {
    let addrs = vec![IpAddr::V6(Ipv6Addr::LOCALHOST); 3];
    let prefixes = vec![prefix(Ipv6Addr::LOCALHOST, 128); 3];
    for profile in [Profile::Default, Profile::Compact] {
        let bytes = enc(&addrs, profile);
        assert_eq!(dec::<Vec<IpAddr>>(&bytes, profile).unwrap(), addrs);
        let bytes = enc(&prefixes, profile);
        assert_eq!(dec::<Vec<IpPrefix>>(&bytes, profile).unwrap(), prefixes);
    }
}
