//! Socket addresses. RFC 9164 has no form with a port, so ours is an
//! array holding the RFC 9164 address and then the port: `[52(h'…'),
//! port]` for IPv4, `[54(h'…'), port]` for IPv6, and `[54(h'…'), port,
//! flowinfo, scope_id]` for an IPv6 socket address whose flow information
//! or scope is not zero (the two-element form when both are, so each
//! value has one form and the common one is short).

use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use crate::codec::{bounded_size, Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::wire::{Reader, Sink, Writer};

/// `[52(h'…'), port]`.
impl Encode for SocketAddrV4 {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.array(2)?;
        self.ip().encode(w)?;
        w.u64(self.port().into())
    }

    const MAX_SIZE: Option<usize> = bounded_size(&[Ipv4Addr::MAX_SIZE, Some(3)]);
}

/// `[54(h'…'), port]`, or `[54(h'…'), port, flowinfo, scope_id]` when
/// either of the last two is not zero.
impl Encode for SocketAddrV6 {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let extended = self.flowinfo() != 0 || self.scope_id() != 0;
        w.array(if extended { 4 } else { 2 })?;
        self.ip().encode(w)?;
        w.u64(self.port().into())?;
        if extended {
            w.u64(self.flowinfo().into())?;
            w.u64(self.scope_id().into())?;
        }
        Ok(())
    }

    const MAX_SIZE: Option<usize> = bounded_size(&[Ipv6Addr::MAX_SIZE, Some(3), Some(5), Some(5)]);
}

/// The form of its family.
impl Encode for SocketAddr {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        match self {
            SocketAddr::V4(a) => a.encode(w),
            SocketAddr::V6(a) => a.encode(w),
        }
    }

    const MAX_SIZE: Option<usize> = SocketAddrV6::MAX_SIZE;
}

/// A socket address as read: the address, the port, and the flow
/// information and scope when the array holds them.
struct Parts<A> {
    addr: A,
    port: u16,
    extra: Option<(u32, u32)>,
}

/// Reads `[address, port]`, or `[address, port, flowinfo, scope_id]` when
/// `extended(address)` allows it. Counts are checked as a tuple's are:
/// too few elements is `BadCount` at the array, too many `BadCount` at the
/// first one too many; an element's own error carries its index.
fn parts<'de, A: Decode<'de>>(
    r: &mut Reader<'de>,
    extended: fn(&A) -> bool,
) -> Result<Parts<A>, Error> {
    let at = r.position();
    let mut seq = r.array()?;
    let short = || Error::new(ErrorKind::BadCount, at);
    if !seq.next(r)? {
        return Err(short());
    }
    let addr = A::decode(r).map_err(|e| e.at_index(0))?;
    if !seq.next(r)? {
        return Err(short());
    }
    let port = u16::decode(r).map_err(|e| e.at_index(1))?;
    if !extended(&addr) {
        seq.finish(r)?;
        return Ok(Parts {
            addr,
            port,
            extra: None,
        });
    }
    if !seq.next(r)? {
        return Ok(Parts {
            addr,
            port,
            extra: None,
        });
    }
    let flowinfo = u32::decode(r).map_err(|e| e.at_index(2))?;
    if !seq.next(r)? {
        return Err(short());
    }
    let scope_id = u32::decode(r).map_err(|e| e.at_index(3))?;
    seq.finish(r)?;
    Ok(Parts {
        addr,
        port,
        extra: Some((flowinfo, scope_id)),
    })
}

/// Reads `[52(h'…'), port]`.
impl<'de> Decode<'de> for SocketAddrV4 {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let p = parts::<Ipv4Addr>(r, |_| false)?;
        Ok(SocketAddrV4::new(p.addr, p.port))
    }
}

/// Reads `[54(h'…'), port]` or `[54(h'…'), port, flowinfo, scope_id]`.
impl<'de> Decode<'de> for SocketAddrV6 {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let p = parts::<Ipv6Addr>(r, |_| true)?;
        let (flowinfo, scope_id) = p.extra.unwrap_or_default();
        Ok(SocketAddrV6::new(p.addr, p.port, flowinfo, scope_id))
    }
}

/// Reads either form, by the tag of the address.
impl<'de> Decode<'de> for SocketAddr {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let p = parts::<IpAddr>(r, IpAddr::is_ipv6)?;
        Ok(match p.addr {
            IpAddr::V4(a) => SocketAddr::V4(SocketAddrV4::new(a, p.port)),
            IpAddr::V6(a) => {
                let (flowinfo, scope_id) = p.extra.unwrap_or_default();
                SocketAddr::V6(SocketAddrV6::new(a, p.port, flowinfo, scope_id))
            }
        })
    }
}
