//! Byte transforms for CBOR payloads: compression, checksums and text
//! encodings, chained into pipelines, and seekable zstd files.
//!
//! Every transform is the standard one of a maintained crate (`zstd`,
//! liblz4 through `lz4-sys`, `flate2` on zlib-rs, `crc32c`, `base64`,
//! `data-encoding`); this crate only chains them, bounds them and keeps
//! their contexts warm.
//!
//! - [`Step`] and [`Pipeline`]: what to apply, from code or from a spec
//!   string such as `zstd:19+crc32c+base64`. Both implement [`Transform`]
//!   (`encode(&[u8]) -> Vec<u8>`, `decode`).
//! - [`Codec`]: a pipeline with its contexts and buffers, for many
//!   messages; optionally self-describing ([`header`]); decoding bounded
//!   per step ([`Codec::with_max_output`]). Once warm it allocates nothing
//!   per message, for every step (gzip included: see [`Codec`]).
//! - [`stream`]: `io::Read` and `io::Write` adapters over a codec.
//! - [`seekable`]: zstd's seekable format, written in chunks and read by
//!   byte range, or by item when the data is a CBOR sequence (through its
//!   offset index when sealed).
//!
//! ```
//! use boring_codec::{Pipeline, Transform};
//!
//! let pipeline: Pipeline = "zstd+crc32c+base64url".parse()?;
//! let text = pipeline.encode(b"some bytes, some bytes, some bytes")?;
//! assert!(text.iter().all(|b| b.is_ascii_alphanumeric() || b"-_".contains(b)));
//! assert_eq!(pipeline.decode(&text)?, b"some bytes, some bytes, some bytes");
//! # Ok::<(), boring_codec::Error>(())
//! ```
//!
//! - [`cose`]: COSE envelope encryption (RFC 9052).

mod codec;
pub mod cose;
mod engine;
mod error;
pub mod header;
mod pipeline;
pub mod seekable;
mod step;
pub mod stream;

pub use codec::Codec;
pub use error::{Error, Result, SpecProblem};
pub use pipeline::{Pipeline, Transform, DEFAULT_MAX_OUTPUT, MAX_STEPS};
pub use step::{Step, NAMES};
pub use stream::{CodecReader, CodecWriter, Direction};
