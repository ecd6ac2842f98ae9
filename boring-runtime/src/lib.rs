//! # boring
//!
//! Fast, standard CBOR (RFC 8949) for Rust, byte-compatible with the Clojure
//! library `boring`.
//!
//! ```
//! use boring::{Profile, Value};
//!
//! let bytes = boring::to_vec_with(&vec![1u32, 2, 3], &Profile::Interop.into()).unwrap();
//! assert_eq!(bytes, [0x83, 1, 2, 3]);
//! let back: Vec<u32> = boring::from_slice(&bytes).unwrap();
//! assert_eq!(back, [1, 2, 3]);
//! let value: Value = boring::from_slice(&bytes).unwrap();
//! assert_eq!(value.as_array().map(<[Value]>::len), Some(3));
//! ```
//!
//! # Where things are
//!
//! - [`Encode`] and [`Decode`] (module [`codec`]) are what `#[derive(Boring)]`
//!   implements; the std types, [`Bytes`]/[`ByteBuf`] for byte strings, and
//!   [`Raw`], [`KeepRaw`], [`Embedded`] and [`Tagged`] for protocol messages
//!   implement them here.
//! - [`Writer`] and [`Reader`] (module [`wire`]) are the byte level: heads,
//!   sinks, stringref, limits, skipping, `verify_deterministic`.
//! - [`Value`] (module [`value`]) holds any CBOR, faithful to the wire, with
//!   the Clojure data model's constructors and accessors.
//! - [`Options`] and [`Profile`] (module [`profile`]) choose the wire rules
//!   once per writer or reader.
//! - Module [`ext`]: shaped arrays (tag 39649), RFC 8746 typed arrays and
//!   columnar tables (tag 39653); [`diag`]: diagnostic notation and
//!   annotated hex dumps.
//!
//! `docs/WIRE.md` in the repository specifies every byte written;
//! `docs/SECURITY.md` the decoder's limits.
//!
//! The crate is `no_std` with `alloc`; the default `std` feature adds
//! `io::Write` sinks and `HashMap`/`HashSet` impls, and the default `derive`
//! feature re-exports `#[derive(Boring)]`.

#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::missing_errors_doc)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod batch;
pub mod codec;
pub mod diag;
pub mod edit;
mod error;
pub mod ext;
pub mod index;
pub mod nav;
pub mod path;
/// Network types the standard library lacks: [`IpPrefix`](net::IpPrefix),
/// RFC 9164's IP prefix. The `core::net` addresses themselves implement
/// [`Encode`] and [`Decode`] as RFC 9164 tags 52 and 54.
pub mod net {
    pub use crate::codec::std_types::IpPrefix;
}
pub mod profile;
pub mod seq;
#[cfg(feature = "serde")]
pub mod serde;
pub mod value;
pub mod wire;

#[doc(hidden)]
pub mod __private;

mod api;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

pub use api::{
    decode_document, encoded_len, from_slice, from_slice_with, from_value, take_from_slice,
    take_from_slice_with, to_value, to_vec, to_vec_with, to_writer,
};
#[cfg(feature = "std")]
pub use api::{from_reader, from_reader_with, to_io};
#[cfg(feature = "derive")]
pub use boring_derive::Boring;
pub use codec::{ByteBuf, Bytes, Decode, DecodeOwned, Embedded, Encode, KeepRaw, Raw, Tagged};
pub use error::{Error, ErrorKind, PathSegment};
pub use profile::{
    DuplicateKeys, FloatPolicy, KeyOrder, Options, OutputBudget, Profile, UnknownTags,
};
pub use value::{Float, Value};
pub use wire::{Reader, Writer};
