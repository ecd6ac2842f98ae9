//! The reference implementation's benchmark payloads as [`Value`] builders,
//! exactly as its performance reference defines them: keywords as tag 39,
//! sets as tag 258, maps in the listed key order, 64-bit integers and floats.

use boring::Value;

/// A named payload builder.
#[derive(Debug, Clone, Copy)]
pub struct NamedValue {
    /// The payload's name in the reference's tables.
    pub name: &'static str,
    /// Builds the payload.
    pub build: fn() -> Value,
}

/// The six payloads, in the reference's table order.
pub const ALL: [NamedValue; 6] = [
    NamedValue {
        name: "small-map",
        build: small_map,
    },
    NamedValue {
        name: "mixed",
        build: mixed,
    },
    NamedValue {
        name: "nested-map-50",
        build: nested_map_50,
    },
    NamedValue {
        name: "datom-maps-200",
        build: datom_maps_200,
    },
    NamedValue {
        name: "long-vec-1k",
        build: long_vec_1k,
    },
    NamedValue {
        name: "str-maps-200",
        build: str_maps_200,
    },
];

fn kw(name: &str) -> Value {
    Value::keyword(name)
}

fn int(v: i64) -> Value {
    Value::Integer(i128::from(v))
}

fn text(s: impl Into<String>) -> Value {
    Value::Text(s.into())
}

/// `{:name "Alice", :tags #{:a :b :c}, :score 42}`; the set is written in the
/// reference's hash order `:c :b :a` so that even the bytes match.
pub fn small_map() -> Value {
    Value::Map(
        vec![
            (kw("name"), text("Alice")),
            (
                kw("tags"),
                Value::tag(258, Value::Array(vec![kw("c"), kw("b"), kw("a")].into())),
            ),
            (kw("score"), int(42)),
        ]
        .into(),
    )
}

/// `{:id 7, :n 12345678901, :d 3.14159, :s "hello world", :ok true}`.
// 3.14159 is the reference's literal, not an approximation of π.
#[allow(clippy::approx_constant)]
pub fn mixed() -> Value {
    Value::Map(
        vec![
            (kw("id"), int(7)),
            (kw("n"), int(12_345_678_901)),
            (kw("d"), Value::from(3.14159_f64)),
            (kw("s"), text("hello world")),
            (kw("ok"), Value::Bool(true)),
        ]
        .into(),
    )
}

/// 50 entries `:field-<i>` → `{:v i, :s "val-<i>"}`, in ascending `i` (the
/// reference writes hash order; sizes do not depend on it).
pub fn nested_map_50() -> Value {
    Value::Map(
        (0..50)
            .map(|i| {
                (
                    kw(&format!("field-{i}")),
                    Value::Map(vec![(kw("v"), int(i)), (kw("s"), text(format!("val-{i}")))].into()),
                )
            })
            .collect(),
    )
}

/// `users-300` in the reference's keyword form: `"user-<i>"` →
/// `{:name, :age, :city, :active}` as [`records::user`](crate::records::user)
/// builds them. Not one of the reference's payloads: a map of records keyed
/// by text, which keyed tables (tag 39654) are for.
pub fn users_300() -> Value {
    Value::Map(
        (0..300)
            .map(|i| {
                let u = crate::records::user(i);
                let fields = vec![
                    (kw("name"), text(u.name)),
                    (kw("age"), int(u.age)),
                    (kw("city"), text(u.city)),
                    (kw("active"), Value::Bool(u.active)),
                ];
                (text(format!("user-{i}")), Value::Map(fields.into()))
            })
            .collect(),
    )
}

/// Item `i` of the reference's stride log (200 000 of them, written as a
/// sequence without stringref): `{"n" i, "msg" "event <i>", "lvl" "info",
/// "ok" (i even)}`.
pub fn stride_log_item(i: i64) -> Value {
    Value::Map(
        vec![
            (text("n"), int(i)),
            (text("msg"), text(format!("event {i}"))),
            (text("lvl"), text("info")),
            (text("ok"), Value::Bool(i % 2 == 0)),
        ]
        .into(),
    )
}

/// 200 datoms `{:e 100+i, :a :user/name, :v "person-<i>", :tx 536870912+i,
/// :added true}`.
pub fn datom_maps_200() -> Value {
    datom_maps(200)
}

/// `n` rows of `datom-maps-200`'s shape: the reference's capability table
/// at 200, 1 000 and 5 000 rows.
pub fn datom_maps(n: i64) -> Value {
    Value::Array(
        (0..n)
            .map(|i| {
                Value::Map(
                    vec![
                        (kw("e"), int(100 + i)),
                        (kw("a"), kw("user/name")),
                        (kw("v"), text(format!("person-{i}"))),
                        (kw("tx"), int(536_870_912 + i)),
                        (kw("added"), Value::Bool(true)),
                    ]
                    .into(),
                )
            })
            .collect(),
    )
}

/// The integers 0..999.
pub fn long_vec_1k() -> Value {
    Value::Array((0..1000).map(int).collect())
}

/// 200 maps with text keys `{"id" 100+i, "kind" "person", "name"
/// "person-<i>", "seq" 536870912+i, "live" true}`.
pub fn str_maps_200() -> Value {
    Value::Array(
        (0..200)
            .map(|i| {
                Value::Map(
                    vec![
                        (text("id"), int(100 + i)),
                        (text("kind"), text("person")),
                        (text("name"), text(format!("person-{i}"))),
                        (text("seq"), int(536_870_912 + i)),
                        (text("live"), Value::Bool(true)),
                    ]
                    .into(),
                )
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use boring::{Options, Profile};

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn small_payloads_match_the_reference_bytes() {
        let small = boring::to_vec(&small_map()).unwrap_or_default();
        assert_eq!(
            hex(&small),
            "d90100a3d827653a6e616d6565416c696365d827653a74616773d9010283d827623a63\
             d827623a62d827623a61d827663a73636f7265182a"
        );
        let mixed = boring::to_vec(&mixed()).unwrap_or_default();
        assert_eq!(
            hex(&mixed),
            "d90100a5d827633a696407d827623a6e1b00000002dfdc1c35d827623a64fb400921f9\
             f01b866ed827623a736b68656c6c6f20776f726c64d827633a6f6bf5"
        );
    }

    #[test]
    fn sizes_match_the_reference() {
        let interop = Options::from(Profile::Interop);
        let expected: [(&str, usize, usize); 6] = [
            ("small-map", 56, 53),
            ("mixed", 63, 60),
            ("nested-map-50", 1561, 1558),
            ("datom-maps-200", 9952, 12536),
            ("long-vec-1k", 2726, 2723),
            ("str-maps-200", 7550, 9736),
        ];
        for (payload, (name, default_len, interop_len)) in ALL.iter().zip(expected) {
            assert_eq!(payload.name, name);
            let value = (payload.build)();
            let got_default = boring::to_vec(&value).map(|b| b.len()).ok();
            let got_interop = boring::to_vec_with(&value, &interop).map(|b| b.len()).ok();
            assert_eq!(got_default, Some(default_len), "{name} default");
            assert_eq!(got_interop, Some(interop_len), "{name} interop");
        }
    }
}
