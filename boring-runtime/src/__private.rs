//! The only path generated code uses. Not public API: anything here may
//! change in any release.

pub use crate::codec::{decode_byte_array, decode_byte_string, Decode, Encode};
pub use crate::error::{Error, ErrorKind, PathSegment};
pub use crate::wire::{Head, Reader, Seq, Sink, Writer};
pub use crate::Value;
pub use alloc::vec::Vec;
pub use core::option::Option;
pub use core::result::Result;
