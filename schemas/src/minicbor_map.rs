//! minicbor's map encoding of the flat records.
//!
//! minicbor chooses array or map encoding per type (`#[cbor(map)]`), so the
//! idiomatic way to offer both is a second type with the same fields; the
//! `#[n(..)]` indices become the integer map keys. Nested datasets
//! (`game`, `network`) would need a second copy of their whole type tree, so
//! only the flat records have a map form.

use std::collections::{BTreeMap, BTreeSet};

use crate::access_log::LogEntry;
use crate::mesh::Triangle;
use crate::records::{Datom, Mixed, NestedEntry, Row4, SmallMap, StrRecord, User};

/// Declares the map-form twin of a flat record, with conversions both ways.
macro_rules! map_form {
    ($($(#[$doc:meta])* $name:ident for $src:ident { $($idx:literal $field:ident: $ty:ty),* $(,)? })*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, minicbor::Encode, minicbor::Decode)]
        #[cbor(map)]
        pub struct $name {
            $(
                #[doc = concat!("`", stringify!($src), "::", stringify!($field), "`.")]
                #[n($idx)]
                pub $field: $ty,
            )*
        }

        impl From<&$src> for $name {
            fn from(s: &$src) -> Self {
                $name { $($field: s.$field.clone()),* }
            }
        }

        impl From<$name> for $src {
            fn from(s: $name) -> Self {
                $src { $($field: s.$field),* }
            }
        }
    )*};
}

map_form! {
    /// [`SmallMap`] as a minicbor map.
    SmallMapM for SmallMap { 0 name: String, 1 tags: BTreeSet<String>, 2 score: i64 }
    /// [`Mixed`] as a minicbor map.
    MixedM for Mixed { 0 id: i64, 1 n: i64, 2 d: f64, 3 s: String, 4 ok: bool }
    /// [`NestedEntry`] as a minicbor map.
    NestedEntryM for NestedEntry { 0 v: i64, 1 s: String }
    /// [`User`] as a minicbor map.
    UserM for User { 0 name: String, 1 age: i64, 2 city: String, 3 active: bool }
    /// [`Datom`] as a minicbor map.
    DatomM for Datom { 0 e: i64, 1 a: String, 2 v: String, 3 tx: i64, 4 added: bool }
    /// [`StrRecord`] as a minicbor map.
    StrRecordM for StrRecord { 0 id: i64, 1 kind: String, 2 name: String, 3 seq: i64, 4 live: bool }
    /// [`Row4`] as a minicbor map.
    Row4M for Row4 { 0 id: i64, 1 ts: i64, 2 level: i64, 3 delta: i64 }
    /// [`LogEntry`] as a minicbor map.
    LogEntryM for LogEntry {
        0 ip: [u8; 4], 1 user: String, 2 timestamp: String, 3 request: String, 4 status: u16, 5 size: u64,
    }
    /// [`Triangle`] as a minicbor map.
    TriangleM for Triangle { 0 v0: [f32; 3], 1 v1: [f32; 3], 2 v2: [f32; 3], 3 normal: [f32; 3] }
}

/// `nested-map-50` with map-form entries.
pub type NestedMapM = BTreeMap<String, NestedEntryM>;

/// `users-300` with map-form users.
pub type UsersM = BTreeMap<String, UserM>;
