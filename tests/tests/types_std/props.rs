//! Round trips over generated values: the network types under every
//! profile that writes tags (and through `Value`), the others under every
//! profile; wrapped values written exactly as the values they wrap.

use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::fmt::Debug;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{NonZeroI128, NonZeroU128, Saturating, Wrapping};
use std::ops::{Range, RangeInclusive};
use std::path::PathBuf;

use boring::net::IpPrefix;
use boring::{DecodeOwned, Encode, Profile, Value};
use proptest::prelude::*;

use super::{dec, enc, TAGGED};

/// `v` reads back equal under each of `profiles`, and through `Value`.
fn round_trips<T>(v: &T, profiles: &[Profile]) -> Result<(), TestCaseError>
where
    T: Encode + DecodeOwned + PartialEq + Debug,
{
    for &profile in profiles {
        let bytes = enc(v, profile);
        prop_assert_eq!(&dec::<T>(&bytes, profile).unwrap(), v, "{:?}", profile);
    }
    let value: Value = boring::to_value(v).unwrap();
    prop_assert_eq!(&boring::from_value::<T>(&value).unwrap(), v);
    Ok(())
}

fn ipv4() -> impl Strategy<Value = Ipv4Addr> {
    any::<[u8; 4]>().prop_map(Ipv4Addr::from)
}

/// Sixteen bytes with runs of zeros likely, as real IPv6 addresses have.
fn ipv6() -> impl Strategy<Value = Ipv6Addr> {
    prop_oneof![
        any::<[u8; 16]>().prop_map(Ipv6Addr::from),
        (any::<u64>(), any::<u16>())
            .prop_map(|(high, low)| { Ipv6Addr::from((u128::from(high) << 64) | u128::from(low)) }),
    ]
}

fn ip() -> impl Strategy<Value = IpAddr> {
    prop_oneof![ipv4().prop_map(IpAddr::V4), ipv6().prop_map(IpAddr::V6)]
}

fn socket() -> impl Strategy<Value = SocketAddr> {
    prop_oneof![
        (ipv4(), any::<u16>()).prop_map(|(a, p)| SocketAddr::V4(SocketAddrV4::new(a, p))),
        (ipv6(), any::<u16>(), any::<u32>(), any::<u32>())
            .prop_map(|(a, p, f, s)| SocketAddr::V6(SocketAddrV6::new(a, p, f, s))),
        (ipv6(), any::<u16>()).prop_map(|(a, p)| SocketAddr::V6(SocketAddrV6::new(a, p, 0, 0))),
    ]
}

fn ip_prefix() -> impl Strategy<Value = IpPrefix> {
    (ip(), 0u8..=128).prop_map(|(addr, len)| {
        let len = if addr.is_ipv4() { len % 33 } else { len };
        IpPrefix::new(addr, len).unwrap()
    })
}

proptest! {
    #[test]
    fn addresses_round_trip(addr in ip(), socket in socket()) {
        round_trips(&addr, &TAGGED)?;
        round_trips(&socket, &TAGGED)?;
        match addr {
            IpAddr::V4(a) => round_trips(&a, &TAGGED)?,
            IpAddr::V6(a) => round_trips(&a, &TAGGED)?,
        }
        match socket {
            SocketAddr::V4(s) => round_trips(&s, &TAGGED)?,
            SocketAddr::V6(s) => round_trips(&s, &TAGGED)?,
        }
    }

    /// Lists with repeats, for the stringref profiles' references.
    #[test]
    fn address_lists_round_trip(
        addrs in prop::collection::vec(ip(), 1..4),
        prefixes in prop::collection::vec(ip_prefix(), 1..4),
    ) {
        let repeated: Vec<IpAddr> = addrs.iter().chain(&addrs).copied().collect();
        round_trips(&repeated, &TAGGED)?;
        let repeated: Vec<IpPrefix> = prefixes.iter().chain(&prefixes).copied().collect();
        round_trips(&repeated, &TAGGED)?;
    }

    /// The byte string of a prefix holds at most the bytes its length
    /// touches and never ends in zero; the prefix reads back equal.
    #[test]
    fn prefixes_round_trip(prefix in ip_prefix()) {
        round_trips(&prefix, &TAGGED)?;
        let bytes = enc(&prefix, Profile::Interop);
        // d8 tag, 82, the length (one or two bytes), the byte string head.
        let len_bytes = if prefix.prefix_len() < 24 { 1 } else { 2 };
        let payload = &bytes[3 + len_bytes + 1..];
        prop_assert!(payload.len() <= usize::from(prefix.prefix_len()).div_ceil(8));
        prop_assert!(payload.last() != Some(&0));
        prop_assert!(prefix.contains(prefix.addr()));
    }

    #[test]
    fn wrappers_are_their_values(values in prop::collection::vec(any::<i64>(), 0..6)) {
        let wrapping: Vec<Wrapping<i64>> = values.iter().copied().map(Wrapping).collect();
        let saturating: Vec<Saturating<i64>> = values.iter().copied().map(Saturating).collect();
        let reverse: Vec<Reverse<i64>> = values.iter().copied().map(Reverse).collect();
        let cells: Vec<Cell<i64>> = values.iter().copied().map(Cell::new).collect();
        let refcells: Vec<RefCell<i64>> = values.iter().copied().map(RefCell::new).collect();
        for profile in Profile::ALL {
            let bytes = enc(&values, profile);
            prop_assert_eq!(&enc(&wrapping, profile), &bytes);
            prop_assert_eq!(&enc(&saturating, profile), &bytes);
            prop_assert_eq!(&enc(&reverse, profile), &bytes);
            prop_assert_eq!(&enc(&cells, profile), &bytes);
            prop_assert_eq!(&enc(&refcells, profile), &bytes);
        }
        round_trips(&wrapping, &Profile::ALL)?;
        round_trips(&saturating, &Profile::ALL)?;
        round_trips(&reverse, &Profile::ALL)?;
        round_trips(&cells, &Profile::ALL)?;
        round_trips(&refcells, &Profile::ALL)?;
    }

    #[test]
    fn ranges_round_trip(start in any::<i64>(), end in any::<i64>(), f in any::<f32>()) {
        round_trips(&Range { start, end }, &Profile::ALL)?;
        round_trips(&RangeInclusive::new(start, end), &Profile::ALL)?;
        // NaN is not equal to itself: compare the bytes instead.
        let floats = f..f;
        let bytes = enc(&floats, Profile::Interop);
        let back: Range<f32> = dec(&bytes, Profile::Interop).unwrap();
        prop_assert_eq!(enc(&back, Profile::Interop), bytes);
    }

    #[test]
    fn wide_nonzero_round_trip(u in any::<u128>(), i in any::<i128>(), small in 1..=u64::MAX) {
        if let Some(u) = NonZeroU128::new(u) {
            round_trips(&u, &TAGGED)?;
        }
        if let Some(i) = NonZeroI128::new(i) {
            round_trips(&i, &TAGGED)?;
        }
        // Within 64 bits no bignum tag is written: CTAP2 too.
        round_trips(&NonZeroU128::new(small.into()).unwrap(), &Profile::ALL)?;
    }

    #[test]
    fn paths_round_trip(text in "\\PC{0,24}") {
        round_trips(&PathBuf::from(&text), &Profile::ALL)?;
        for profile in Profile::ALL {
            prop_assert_eq!(enc(&PathBuf::from(&text), profile), enc(&text, profile));
        }
    }
}
