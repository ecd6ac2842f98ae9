//! The record-shaped payloads as plain Rust structs, for codecs that derive
//! (`boring`, and with `peers` serde, bitcode and minicbor).
//!
//! Keywords of the [`values`](crate::values) forms become plain strings here
//! (`:user/name` is the string `"user/name"`), and the set of `small-map`
//! becomes a `BTreeSet<String>`.

use std::collections::{BTreeMap, BTreeSet};

/// `small-map` as a struct.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct SmallMap {
    /// "Alice".
    #[cfg_attr(feature = "peers", n(0))]
    pub name: String,
    /// {"a", "b", "c"}.
    #[cfg_attr(feature = "peers", n(1))]
    pub tags: BTreeSet<String>,
    /// 42.
    #[cfg_attr(feature = "peers", n(2))]
    pub score: i64,
}

/// `mixed` as a struct.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct Mixed {
    /// 7.
    #[cfg_attr(feature = "peers", n(0))]
    pub id: i64,
    /// 12 345 678 901.
    #[cfg_attr(feature = "peers", n(1))]
    pub n: i64,
    /// 3.14159.
    #[cfg_attr(feature = "peers", n(2))]
    pub d: f64,
    /// "hello world".
    #[cfg_attr(feature = "peers", n(3))]
    pub s: String,
    /// true.
    #[cfg_attr(feature = "peers", n(4))]
    pub ok: bool,
}

/// One value of `nested-map-50`: `{:v i, :s "val-<i>"}`.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct NestedEntry {
    /// i.
    #[cfg_attr(feature = "peers", n(0))]
    pub v: i64,
    /// `"val-<i>"`.
    #[cfg_attr(feature = "peers", n(1))]
    pub s: String,
}

/// `nested-map-50` as a map from `"field-<i>"` (sorted, as a `BTreeMap`
/// iterates; sizes do not depend on order).
pub type NestedMap = BTreeMap<String, NestedEntry>;

/// One value of `users-300`: `{:name, :age, :city, :active}`.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct User {
    /// A first name and `i`.
    #[cfg_attr(feature = "peers", n(0))]
    pub name: String,
    /// 18 to 77.
    #[cfg_attr(feature = "peers", n(1))]
    pub age: i64,
    /// One of six cities.
    #[cfg_attr(feature = "peers", n(2))]
    pub city: String,
    /// False for every third user.
    #[cfg_attr(feature = "peers", n(3))]
    pub active: bool,
}

/// `users-300`: users keyed by `"user-<i>"` (sorted, as a `BTreeMap`
/// iterates).
pub type Users = BTreeMap<String, User>;

/// One row of `datom-maps-200`.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct Datom {
    /// Entity id, 100 + i.
    #[cfg_attr(feature = "peers", n(0))]
    pub e: i64,
    /// Attribute: the keyword name `"user/name"`.
    #[cfg_attr(feature = "peers", n(1))]
    pub a: String,
    /// Value, `"person-<i>"`.
    #[cfg_attr(feature = "peers", n(2))]
    pub v: String,
    /// Transaction, 536 870 912 + i.
    #[cfg_attr(feature = "peers", n(3))]
    pub tx: i64,
    /// Always true.
    #[cfg_attr(feature = "peers", n(4))]
    pub added: bool,
}

/// One row of `str-maps-200`.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct StrRecord {
    /// 100 + i.
    #[cfg_attr(feature = "peers", n(0))]
    pub id: i64,
    /// "person".
    #[cfg_attr(feature = "peers", n(1))]
    pub kind: String,
    /// `"person-<i>"`.
    #[cfg_attr(feature = "peers", n(2))]
    pub name: String,
    /// 536 870 912 + i.
    #[cfg_attr(feature = "peers", n(3))]
    pub seq: i64,
    /// Always true.
    #[cfg_attr(feature = "peers", n(4))]
    pub live: bool,
}

/// One row of the four-integer-column table.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct Row4 {
    /// i.
    #[cfg_attr(feature = "peers", n(0))]
    pub id: i64,
    /// 1 700 000 000 + 37·i.
    #[cfg_attr(feature = "peers", n(1))]
    pub ts: i64,
    /// i mod 5.
    #[cfg_attr(feature = "peers", n(2))]
    pub level: i64,
    /// (7 919·i mod 2 001) − 1 000.
    #[cfg_attr(feature = "peers", n(3))]
    pub delta: i64,
}

/// `small-map`.
pub fn small_map() -> SmallMap {
    SmallMap {
        name: "Alice".into(),
        tags: ["a", "b", "c"].into_iter().map(String::from).collect(),
        score: 42,
    }
}

/// `mixed`.
// 3.14159 is the reference's literal, not an approximation of π.
#[allow(clippy::approx_constant)]
pub fn mixed() -> Mixed {
    Mixed {
        id: 7,
        n: 12_345_678_901,
        d: 3.14159,
        s: "hello world".into(),
        ok: true,
    }
}

/// `nested-map-50`.
pub fn nested_map_50() -> NestedMap {
    (0..50)
        .map(|i| {
            (
                format!("field-{i}"),
                NestedEntry {
                    v: i,
                    s: format!("val-{i}"),
                },
            )
        })
        .collect()
}

/// `datom-maps-200`: `n` = 200 in the reference; other counts give the
/// capability tables.
pub fn datoms(n: i64) -> Vec<Datom> {
    (0..n)
        .map(|i| Datom {
            e: 100 + i,
            a: "user/name".into(),
            v: format!("person-{i}"),
            tx: 536_870_912 + i,
            added: true,
        })
        .collect()
}

/// `long-vec-1k`: the integers 0..999.
pub fn long_vec_1k() -> Vec<i64> {
    (0..1000).collect()
}

/// The users of `users-300`, `n` of them: user `i` is keyed `"user-<i>"`.
pub fn users(n: usize) -> Users {
    (0..n).map(|i| (format!("user-{i}"), user(i))).collect()
}

const FIRST_NAMES: [&str; 8] = [
    "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John",
];
const CITIES: [&str; 6] = ["Lisbon", "Oslo", "Kyoto", "Quito", "Nairobi", "Perth"];

/// User `i` of [`users`].
pub fn user(i: usize) -> User {
    User {
        name: format!("{} {i}", FIRST_NAMES[i % FIRST_NAMES.len()]),
        age: 18 + (i as i64 * 7) % 60,
        city: CITIES[i % CITIES.len()].into(),
        active: i % 3 != 0,
    }
}

/// `str-maps-200`.
pub fn str_records(n: i64) -> Vec<StrRecord> {
    (0..n)
        .map(|i| StrRecord {
            id: 100 + i,
            kind: "person".into(),
            name: format!("person-{i}"),
            seq: 536_870_912 + i,
            live: true,
        })
        .collect()
}

/// The four-integer-column table; 512 rows in the benchmark.
pub fn rows4(n: i64) -> Vec<Row4> {
    (0..n)
        .map(|i| Row4 {
            id: i,
            ts: 1_700_000_000 + 37 * i,
            level: i % 5,
            delta: (7919 * i) % 2001 - 1000,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row4_columns_follow_their_formulas() {
        let rows = rows4(512);
        assert_eq!(rows.len(), 512);
        assert_eq!(
            rows[3],
            Row4 {
                id: 3,
                ts: 1_700_000_111,
                level: 3,
                delta: 746
            }
        );
        assert!(rows.iter().all(|r| (-1000..=1000).contains(&r.delta)));
    }

    #[test]
    fn datoms_follow_the_reference() {
        let d = datoms(200);
        assert_eq!(d.len(), 200);
        assert_eq!(d[199].v, "person-199");
        assert_eq!(d[199].tx, 536_871_111);
        assert_eq!(nested_map_50().len(), 50);
    }

    #[test]
    fn users_are_keyed_by_their_index() {
        let users = users(300);
        assert_eq!(users.len(), 300);
        assert_eq!(
            users["user-9"],
            User {
                name: "Grace 9".into(),
                age: 18 + 63 % 60,
                city: "Quito".into(),
                active: false
            }
        );
    }
}
