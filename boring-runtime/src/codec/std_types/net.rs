//! `Ipv4Addr`, `Ipv6Addr` and `IpAddr` as RFC 9164 addresses: tag 52 over
//! the four bytes of an IPv4 address, tag 54 over the sixteen of an IPv6
//! one, never truncated (RFC 9164 truncates prefixes only).

use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::wire::{Head, Reader, Sink, Writer};

/// The IPv4 tag of RFC 9164.
pub(super) const IPV4: u64 = 52;
/// The IPv6 tag of RFC 9164.
pub(super) const IPV6: u64 = 54;

/// `BadTagContent` for `tag` at `at`: content errors are placed at the
/// item's tag head, as the other tagged types place them.
pub(super) fn bad(tag: u64, at: usize) -> Error {
    Error::new(ErrorKind::BadTagContent { tag }, at)
}

/// Consumes the head of tag 52 or 54 and returns its number; any other
/// item is a `WrongTag` naming 52 (the types that read either tag take
/// the first as the one they name).
pub(super) fn take_ip_tag(r: &mut Reader<'_>) -> Result<u64, Error> {
    let at = r.position();
    let found = match r.peek_head()? {
        Head::Tag(tag @ (IPV4 | IPV6)) => {
            r.head()?;
            return Ok(tag);
        }
        Head::Tag(tag) => Some(tag),
        _ => None,
    };
    Err(Error::new(
        ErrorKind::WrongTag {
            expected: IPV4,
            found,
        },
        at,
    ))
}

/// Whether the next item is a byte string: a literal of either length
/// form, or a stringref (which only names strings) inside a namespace.
pub(super) fn at_byte_string(r: &Reader<'_>) -> Result<bool, Error> {
    Ok(match r.peek_head()? {
        Head::Bytes(_) => true,
        Head::Tag(25) => r.in_namespace(),
        _ => false,
    })
}

/// Reads the content of address tag `tag` (whose head, at `at`, was just
/// consumed): a byte string of exactly `N` bytes. RFC 9164's array forms,
/// a prefix or an address with a prefix length, are not addresses: they
/// are `BadTagContent` like any other content, rather than an address
/// read with its prefix length dropped.
fn address<const N: usize>(r: &mut Reader<'_>, tag: u64, at: usize) -> Result<[u8; N], Error> {
    r.enter()?;
    if !at_byte_string(r)? {
        return Err(bad(tag, at));
    }
    let content = r.byte_buf()?;
    r.leave();
    <[u8; N]>::try_from(&content[..]).map_err(|_| bad(tag, at))
}

/// Tag 52 over the four bytes.
impl Encode for Ipv4Addr {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.tag(IPV4)?;
        w.bytes(&self.octets())
    }

    /// Two bytes of tag, one of head, four of address.
    const MAX_SIZE: Option<usize> = Some(7);
}

/// Tag 54 over the sixteen bytes.
impl Encode for Ipv6Addr {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.tag(IPV6)?;
        w.bytes(&self.octets())
    }

    /// Two bytes of tag, one of head, sixteen of address.
    const MAX_SIZE: Option<usize> = Some(19);
}

/// Tag 52 or 54, by the address's family.
impl Encode for IpAddr {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        match self {
            IpAddr::V4(a) => a.encode(w),
            IpAddr::V6(a) => a.encode(w),
        }
    }

    const MAX_SIZE: Option<usize> = Ipv6Addr::MAX_SIZE;
}

/// Reads tag 52 over a byte string of exactly four bytes (definite or
/// chunked). A missing or other tag is `WrongTag`; other content is
/// `BadTagContent` at the tag.
impl<'de> Decode<'de> for Ipv4Addr {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.namespaced(|r| {
            let at = r.position();
            r.expect_tag(IPV4)?;
            address::<4>(r, IPV4, at).map(Ipv4Addr::from)
        })
    }
}

/// Reads tag 54 over a byte string of exactly sixteen bytes, with the
/// errors of `Ipv4Addr`'s read.
impl<'de> Decode<'de> for Ipv6Addr {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.namespaced(|r| {
            let at = r.position();
            r.expect_tag(IPV6)?;
            address::<16>(r, IPV6, at).map(Ipv6Addr::from)
        })
    }
}

/// Reads either address form; any other item is a `WrongTag` naming 52.
impl<'de> Decode<'de> for IpAddr {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.namespaced(|r| {
            let at = r.position();
            Ok(match take_ip_tag(r)? {
                IPV4 => IpAddr::V4(Ipv4Addr::from(address::<4>(r, IPV4, at)?)),
                _ => IpAddr::V6(Ipv6Addr::from(address::<16>(r, IPV6, at)?)),
            })
        })
    }
}
