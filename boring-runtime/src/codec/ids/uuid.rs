//! `uuid::Uuid` as tag 37 over its 16 bytes, most significant first, as
//! the reference writes `java.util.UUID`.

use ::uuid::Uuid;

use super::UUID_LEN;
use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::wire::{Head, Reader, Sink, Writer};

/// The UUID tag (RFC 9562, IANA registry).
const UUID: u64 = 37;

/// Tag 37 over a 16-byte byte string.
impl Encode for Uuid {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.tag(UUID)?;
        w.bytes(self.as_bytes())
    }
}

/// Reads tag 37 over a byte string of exactly 16 bytes (definite or
/// chunked). A missing or other tag is `WrongTag`; other content, another
/// length among it, is `BadTagContent` at the tag, as `Value` decoding
/// reports it.
impl<'de> Decode<'de> for Uuid {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.namespaced(read_uuid)
    }
}

/// [`Uuid`]'s read, inside whatever namespaces wrap the item.
fn read_uuid(r: &mut Reader<'_>) -> Result<Uuid, Error> {
    let at = r.position();
    r.expect_tag(UUID)?;
    let bad = || Error::new(ErrorKind::BadTagContent { tag: UUID }, at);
    r.enter()?;
    // A literal, or a stringref to one (the reference references a
    // UUID's bytes like any byte string of three bytes or more).
    if !matches!(r.peek_head()?, Head::Bytes(_) | Head::Tag(25)) {
        return Err(bad());
    }
    let content = r.byte_buf()?;
    r.leave();
    let bytes: [u8; UUID_LEN] = content.as_ref().try_into().map_err(|_| bad())?;
    Ok(Uuid::from_bytes(bytes))
}
