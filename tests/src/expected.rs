//! A comparison of a decoded `Value` with the typed JSON notation of the
//! interop conformance files (`{"$keyword": ":a"}`, `{"$bigint": "digits"}`,
//! `{"$set": [...]}`, …), shared by the interop, cbor2 and golden suites.

use boring::{Float, Value};
use serde_json::Value as Json;

use crate::to_hex;

/// The decimal digits of a big-endian magnitude.
fn magnitude_to_decimal(bytes: &[u8]) -> String {
    let mut digits: Vec<u8> = bytes.to_vec();
    let mut out = Vec::new();
    while digits.iter().any(|&d| d != 0) {
        let mut rem = 0u32;
        for d in digits.iter_mut() {
            let cur = (rem << 8) | u32::from(*d);
            *d = (cur / 10) as u8;
            rem = cur % 10;
        }
        out.push(b'0' + rem as u8);
    }
    if out.is_empty() {
        out.push(b'0');
    }
    out.reverse();
    String::from_utf8(out).expect("digits are ASCII")
}

/// Adds one to a big-endian magnitude.
fn plus_one(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for b in out.iter_mut().rev() {
        let (sum, carry) = b.overflowing_add(1);
        *b = sum;
        if !carry {
            return out;
        }
    }
    out.insert(0, 1);
    out
}

/// An integer or bignum as signed decimal text.
pub fn integer_text(v: &Value) -> Option<String> {
    match v {
        Value::Integer(n) => Some(n.to_string()),
        _ => match v.as_bignum()? {
            (false, m) => Some(magnitude_to_decimal(m)),
            (true, m) => Some(format!("-{}", magnitude_to_decimal(&plus_one(m)))),
        },
    }
}

fn json_number_matches(v: &Value, n: &serde_json::Number) -> bool {
    match (v, n.as_i64(), n.as_u64()) {
        (Value::Integer(x), Some(i), _) => *x == i128::from(i),
        (Value::Integer(x), None, Some(u)) => *x == i128::from(u),
        (Value::Float(f), _, _) => n.as_f64() == Some(f.to_f64()),
        _ => false,
    }
}

/// Whether `v` is what the typed JSON `e` describes; `Err` says where not.
pub fn check(v: &Value, e: &Json) -> Result<(), String> {
    let fail = || Err(format!("expected {e}, got {v:?}"));
    let ok = |b: bool| if b { Ok(()) } else { fail() };
    match e {
        Json::Null => ok(v.is_null()),
        Json::Bool(b) => ok(v.as_bool() == Some(*b)),
        Json::Number(n) => ok(json_number_matches(v, n)),
        Json::String(s) => ok(v.as_str() == Some(s.as_str())),
        Json::Array(items) => {
            let Some(got) = v.as_array() else {
                return fail();
            };
            if got.len() != items.len() {
                return fail();
            }
            got.iter().zip(items).try_for_each(|(g, x)| check(g, x))
        }
        Json::Object(obj) => {
            let (key, arg) = obj
                .iter()
                .next()
                .filter(|_| obj.len() == 1)
                .ok_or("bad notation")?;
            check_typed(v, key, arg).map_err(|why| format!("{why} (expected {e}, got {v:?})"))
        }
    }
}

fn text_of(j: &Json) -> Result<&str, String> {
    j.as_str()
        .ok_or_else(|| format!("notation wants text: {j}"))
}

fn check_typed(v: &Value, key: &str, arg: &Json) -> Result<(), String> {
    let ok = |b: bool, what: &str| if b { Ok(()) } else { Err(what.to_string()) };
    match key {
        "$keyword" | "$symbol" => {
            let want = text_of(arg)?;
            let got = match v.as_tag() {
                Some((39, Value::Text(t))) => t.as_str(),
                _ => return Err("not an identifier".into()),
            };
            ok(
                got == want && (key == "$keyword") == want.starts_with(':'),
                "identifier",
            )
        }
        "$bytes" => ok(
            v.as_bytes().map(to_hex).as_deref() == Some(text_of(arg)?),
            "bytes",
        ),
        "$float64" | "$float32" | "$float16" => {
            let want = arg.as_f64().ok_or("float notation")?;
            let width_ok = matches!(
                (key, v),
                ("$float64", Value::Float(Float::F64(_)))
                    | ("$float32", Value::Float(Float::F32(_)))
                    | ("$float16", Value::Float(Float::F16(_)))
            );
            ok(width_ok && v.as_f64() == Some(want), "float")
        }
        "$nan" => ok(v.as_f64().is_some_and(f64::is_nan), "NaN"),
        "$inf" => {
            let sign = arg.as_f64().ok_or("inf notation")?;
            ok(v.as_f64() == Some(f64::INFINITY * sign), "infinity")
        }
        "$undefined" => ok(matches!(v, Value::Undefined), "undefined"),
        "$simple" => ok(
            matches!(v, Value::Simple(n) if Some(u64::from(*n)) == arg.as_u64()),
            "simple",
        ),
        "$bigint" => ok(integer_text(v).as_deref() == Some(text_of(arg)?), "integer"),
        "$decimal" => {
            let Some((4, Value::Array(parts))) = v.as_tag() else {
                return Err("not a decimal".into());
            };
            let [exponent, mantissa] = parts.as_slice() else {
                return Err("decimal shape".into());
            };
            ok(
                exponent.as_i64() == arg["exponent"].as_i64()
                    && integer_text(mantissa).as_deref() == arg["mantissa"].as_str(),
                "decimal",
            )
        }
        "$ratio" => {
            let Some((30, Value::Array(parts))) = v.as_tag() else {
                return Err("not a ratio".into());
            };
            let got: Vec<Option<String>> = parts.iter().map(integer_text).collect();
            let want: Vec<Option<String>> = arg
                .as_array()
                .ok_or("ratio notation")?
                .iter()
                .map(|p| p.as_str().map(String::from))
                .collect();
            ok(got == want, "ratio")
        }
        "$uuid" => {
            let want = text_of(arg)?.replace('-', "");
            ok(v.as_uuid().map(|u| to_hex(&u)) == Some(want), "uuid")
        }
        "$instant" => ok(v.as_instant_text() == Some(text_of(arg)?), "instant"),
        "$set" => {
            let got = v.as_set().ok_or("not a set")?;
            let want = arg.as_array().ok_or("set notation")?;
            ok(
                got.len() == want.len() && unordered(got, want),
                "set elements",
            )
        }
        "$map" => {
            let got = v.as_map().ok_or("not a map")?;
            let want = arg.as_array().ok_or("map notation")?;
            if got.len() != want.len() {
                return Err("map size".into());
            }
            for pair in want {
                let (k, x) = (&pair[0], &pair[1]);
                let hit = got
                    .iter()
                    .find(|(gk, _)| check(gk, k).is_ok())
                    .ok_or_else(|| format!("key {k} missing"))?;
                check(&hit.1, x)?;
            }
            Ok(())
        }
        "$typed" => {
            let (tag, _) = v.as_typed_array().ok_or("not a typed array")?;
            ok(Some(tag) == arg["tag"].as_u64(), "typed-array tag")?;
            let values = v.typed_array_values().ok_or("typed-array payload")?;
            check(&Value::Array(values.into()), &arg["values"])
        }
        "$record" => {
            let (name, payload) = v.as_record().ok_or("not a record")?;
            ok(Some(name) == arg["name"].as_str(), "record name")?;
            check(payload, &arg["payload"])
        }
        "$tag" => {
            let (tag, content) = v.as_tag().ok_or("not a tag")?;
            ok(Some(tag) == arg["tag"].as_u64(), "tag number")?;
            check(content, &arg["content"])
        }
        other => Err(format!("unknown notation {other}")),
    }
}

/// Every expected element matches a distinct element of `got`.
fn unordered(got: &[Value], want: &[Json]) -> bool {
    let mut used = vec![false; got.len()];
    want.iter().all(|w| {
        let slot = got
            .iter()
            .enumerate()
            .position(|(i, g)| !used[i] && check(g, w).is_ok());
        slot.map(|i| used[i] = true).is_some()
    })
}
