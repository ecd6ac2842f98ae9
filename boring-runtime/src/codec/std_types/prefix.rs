//! [`IpPrefix`], the network prefix the standard library has no type for,
//! in RFC 9164's prefix form: `52([length, bytes])` or `54([length,
//! bytes])`, the address bytes with their trailing zero bytes left out.

use core::fmt;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use super::net::{at_byte_string, bad, take_ip_tag, IPV4, IPV6};
use crate::codec::{Decode, Encode};
use crate::error::Error;
use crate::wire::{Head, Reader, Sink, Writer};

/// An IP network prefix, such as `192.0.2.0/24` or `2001:db8:1234::/48`:
/// an address whose bits past the prefix length are all zero, and that
/// length (at most 32 for IPv4, 128 for IPv6).
///
/// It is written in RFC 9164's prefix form, tag 52 (IPv4) or 54 (IPv6)
/// over `[length, bytes]`, where `bytes` is the address with its trailing
/// zero bytes left out:
///
/// ```
/// use boring::net::IpPrefix;
/// use boring::{Options, Profile};
/// use core::net::{IpAddr, Ipv6Addr};
///
/// let addr = IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0x1234, 0, 0, 0, 0, 0));
/// let prefix = IpPrefix::new(addr, 48).unwrap();
/// let bytes = boring::to_vec_with(&prefix, &Options::from(Profile::Interop))?;
/// // 54([48, h'20010db81234'])
/// assert_eq!(bytes, b"\xd8\x36\x82\x18\x30\x46\x20\x01\x0d\xb8\x12\x34");
/// assert_eq!(boring::from_slice::<IpPrefix>(&bytes)?, prefix);
/// assert_eq!(prefix.to_string(), "2001:db8:1234::/48");
/// # Ok::<(), boring::Error>(())
/// ```
///
/// Reading checks what RFC 9164 asks of a decoder: a length within the
/// family's, no more bytes than the family's address, no trailing zero
/// byte and no bit set past the length; anything else, the form of an
/// address with a prefix length (`[bytes, length]`) among it, is a
/// `BadTagContent` error at the tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IpPrefix {
    addr: IpAddr,
    len: u8,
}

impl IpPrefix {
    /// The prefix of `len` bits of `addr`: `addr` with every bit past the
    /// first `len` cleared, so `192.0.2.1` and 24 give `192.0.2.0/24`.
    /// `None` when `len` exceeds the family's width (32 or 128).
    pub fn new(addr: IpAddr, len: u8) -> Option<IpPrefix> {
        let addr = match addr {
            IpAddr::V4(a) if len <= 32 => {
                let mut octets = a.octets();
                mask(&mut octets, len);
                IpAddr::V4(Ipv4Addr::from(octets))
            }
            IpAddr::V6(a) if len <= 128 => {
                let mut octets = a.octets();
                mask(&mut octets, len);
                IpAddr::V6(Ipv6Addr::from(octets))
            }
            _ => return None,
        };
        Some(IpPrefix { addr, len })
    }

    /// The network address: the prefix's bits, then zeros.
    pub fn addr(&self) -> IpAddr {
        self.addr
    }

    /// The number of leading bits that make the prefix.
    pub fn prefix_len(&self) -> u8 {
        self.len
    }

    /// Whether `addr` is of the same family and starts with the prefix's
    /// bits.
    pub fn contains(&self, addr: IpAddr) -> bool {
        IpPrefix::new(addr, self.len).is_some_and(|p| p.addr == self.addr)
    }
}

/// `address/length`, as in `192.0.2.0/24`.
impl fmt::Display for IpPrefix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.addr, self.len)
    }
}

/// Clears every bit of `octets` past the first `len`.
fn mask(octets: &mut [u8], len: u8) {
    for (i, byte) in octets.iter_mut().enumerate() {
        let kept = usize::from(len).saturating_sub(i * 8);
        if kept < 8 {
            // `kept` is 0 to 7: the mask keeps the byte's top `kept` bits.
            *byte &= !(0xffu8 >> kept);
        }
    }
}

/// Tag 52 or 54 over `[length, bytes]`, trailing zero bytes left out.
impl Encode for IpPrefix {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let mut octets = [0u8; 16];
        let tag = match self.addr {
            IpAddr::V4(a) => {
                octets[..4].copy_from_slice(&a.octets());
                IPV4
            }
            IpAddr::V6(a) => {
                octets = a.octets();
                IPV6
            }
        };
        let used = octets.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        w.tag(tag)?;
        w.array(2)?;
        w.u64(self.len.into())?;
        w.bytes(&octets[..used])
    }

    /// Two bytes of tag, one of array head, two of length, seventeen of
    /// byte string at most.
    const MAX_SIZE: Option<usize> = Some(22);
}

/// Reads RFC 9164's prefix form under tag 52 or 54 (see [`IpPrefix`]).
impl<'de> Decode<'de> for IpPrefix {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.position();
        let tag = take_ip_tag(r)?;
        let bad = || bad(tag, at);
        r.enter()?;
        if !matches!(r.peek_head()?, Head::Array(_)) {
            return Err(bad());
        }
        let mut seq = r.array()?;
        if !seq.next(r)? {
            return Err(bad());
        }
        let Head::Unsigned(len) = r.head()? else {
            return Err(bad());
        };
        if !seq.next(r)? || !at_byte_string(r)? {
            return Err(bad());
        }
        let bytes = r.byte_buf()?;
        if seq.next(r)? {
            return Err(bad());
        }
        r.leave();
        let width = if tag == IPV4 { 4 } else { 16 };
        if bytes.len() > width || bytes.last() == Some(&0) {
            return Err(bad());
        }
        let mut octets = [0u8; 16];
        octets[..bytes.len()].copy_from_slice(&bytes);
        let addr = if tag == IPV4 {
            IpAddr::V4(Ipv4Addr::new(octets[0], octets[1], octets[2], octets[3]))
        } else {
            IpAddr::V6(Ipv6Addr::from(octets))
        };
        // `new` refuses a length past the family's width and clears the
        // bits past the length: a changed address had one of them set.
        let prefix = u8::try_from(len)
            .ok()
            .and_then(|len| IpPrefix::new(addr, len))
            .ok_or_else(bad)?;
        if prefix.addr != addr {
            return Err(bad());
        }
        Ok(prefix)
    }
}
