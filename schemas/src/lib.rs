//! Payload types and deterministic generators shared by tests, benchmarks and
//! examples.
//!
//! Every payload is defined once, here, and built from a fixed seed, so two
//! runs (or two processes) see the same bytes:
//!
//! * [`values`]: the reference implementation's six benchmark payloads as
//!   [`boring::Value`] builders (keywords, sets and maps in listed order),
//!   exactly as its performance reference defines them.
//! * [`records`]: the same record-shaped payloads as plain Rust structs, plus
//!   a four-integer-column table.
//! * [`access_log`], [`mesh`], [`game`], [`network`]: larger record datasets
//!   with nested records, `Option`s, enums, floats and byte vectors.
//!
//! Every struct and enum derives `boring::Boring` (the idiomatic way to
//! encode typed data with `boring`). With the `peers` feature, each also
//! derives the peer codecs' traits: serde's `Serialize`/`Deserialize`,
//! bitcode's `Encode`/`Decode` and minicbor's `Encode`/`Decode` (array
//! encoding with `#[n(..)]` indices).
//!
//! minicbor's map encoding needs a second type per record; `minicbor_map`
//! (with `peers`) holds those for the flat records.
//!
//! [`ToValue`] converts any dataset to the `boring::Value` the derive
//! writes for it (structs as maps with text keys, unit variants as their
//! name, data variants as one-entry maps, `None` as null), for comparing
//! the typed path with the dynamic one.

pub mod access_log;
pub mod game;
pub mod hostile;
pub mod mesh;
#[cfg(feature = "peers")]
pub mod minicbor_map;
pub mod network;
pub mod records;
pub mod rng;
pub mod to_value;
pub mod values;

pub use to_value::ToValue;

/// The seed every generator starts from unless told otherwise.
pub const SEED: u64 = 0x626f_7269_6e67_2d72; // "boring-r"
