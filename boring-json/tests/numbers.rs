//! Numbers of every form JSON allows, against the standard library: a float
//! is the correctly rounded `f64` of its text, an integer keeps its exact
//! value at any size, and a float too large for an `f64` is refused.

use boring::{Options, Profile, Value};
use boring_json::{cbor_to_json, json_to_cbor, json_to_value, ErrorKind};
use proptest::prelude::*;

/// A number's text under the RFC 8259 grammar: sign, integer part (no
/// leading zeros), fraction and exponent, each part long enough to cross
/// the 8-, 16-, 17- and 19-digit boundaries the parser treats apart.
fn number_text() -> impl Strategy<Value = String> {
    let int = prop_oneof![
        Just("0".to_string()),
        "[1-9][0-9]{0,24}",
        "[1-9]0{0,22}",
        "[1-9]9{0,22}",
    ];
    let frac = proptest::option::of(prop_oneof!["[0-9]{1,30}", "0{1,25}[1-9]{1,3}"]);
    let exp = proptest::option::of(("[eE]", "[+-]?", "[0-9]{1,3}"));
    (any::<bool>(), int, frac, exp).prop_map(|(negative, int, frac, exp)| {
        let mut text = String::new();
        if negative {
            text.push('-');
        }
        text.push_str(&int);
        if let Some(frac) = frac {
            text.push('.');
            text.push_str(&frac);
        }
        if let Some((e, sign, digits)) = exp {
            text.push_str(&e);
            text.push_str(&sign);
            text.push_str(&digits);
        }
        text
    })
}

fn is_float_text(text: &str) -> bool {
    text.contains(['.', 'e', 'E']) || text == "-0"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn numbers_read_as_the_standard_library_reads_them(text in number_text()) {
        if is_float_text(&text) {
            let expected: f64 = text.parse().unwrap();
            match json_to_value(text.as_bytes()) {
                Ok(Value::Float(got)) => {
                    prop_assert!(expected.is_finite(), "{text} read as {got:?}");
                    prop_assert_eq!(got.to_f64().to_bits(), expected.to_bits(), "{}", text);
                }
                Ok(other) => prop_assert!(false, "{text}: {other:?}"),
                Err(e) => {
                    prop_assert!(!expected.is_finite(), "{text}: {e}");
                    prop_assert_eq!(e.kind(), &ErrorKind::NumberOutOfRange);
                    prop_assert_eq!(e.offset(), Some(0));
                }
            }
        } else {
            // An integer comes back digit for digit, through a bignum past
            // 64 bits.
            let cbor = json_to_cbor(text.as_bytes(), &Options::from(Profile::Interop)).unwrap();
            let json = cbor_to_json(&cbor, &Options::default(), false).unwrap();
            prop_assert_eq!(json, text);
        }
    }

    #[test]
    fn a_number_inside_a_document_reads_as_it_does_alone(text in number_text()) {
        let alone = json_to_value(text.as_bytes());
        let inside = json_to_value(format!("[{text},1]").as_bytes());
        match (alone, inside) {
            (Ok(alone), Ok(Value::Array(items))) => {
                prop_assert_eq!(items.len(), 2);
                prop_assert_eq!(&items[0], &alone);
            }
            (Err(alone), Err(inside)) => {
                prop_assert_eq!(alone.kind(), inside.kind());
                prop_assert_eq!(alone.offset().map(|o| o + 1), inside.offset());
            }
            (alone, inside) => prop_assert!(false, "{text}: {alone:?} against {inside:?}"),
        }
    }
}

#[test]
fn the_edges_of_the_integer_range() {
    let interop = Options::from(Profile::Interop);
    for (text, cbor) in [
        (
            "-9223372036854775808",
            &[0x3b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff][..],
        ),
        (
            "-9223372036854775809",
            &[0x3b, 0x80, 0, 0, 0, 0, 0, 0, 0][..],
        ),
        (
            "9999999999999999999",
            &[0x1b, 0x8a, 0xc7, 0x23, 0x04, 0x89, 0xe7, 0xff, 0xff][..],
        ),
        ("-1", &[0x20][..]),
        ("0", &[0x00][..]),
    ] {
        assert_eq!(
            json_to_cbor(text.as_bytes(), &interop).unwrap(),
            cbor,
            "{text}"
        );
    }
    // −0 keeps its sign as a float, in every spelling.
    for text in ["-0", "-0.0", "-0e5", "-0.000e-3", "-1e-400"] {
        let Ok(Value::Float(v)) = json_to_value(text.as_bytes()) else {
            panic!("{text}");
        };
        assert_eq!(v.to_f64().to_bits(), (-0.0f64).to_bits(), "{text}");
    }
}

#[test]
fn malformed_numbers_are_refused_at_the_offending_byte() {
    for (text, offset) in [
        ("-", 1),
        ("1.", 2),
        ("1.e5", 2),
        ("1e", 2),
        ("1e+", 3),
        ("-a", 1),
        ("[01]", 2),
        ("[1.5.3]", 4),
        ("2.5E", 4),
    ] {
        let err = json_to_value(text.as_bytes()).unwrap_err();
        assert_eq!(err.offset(), Some(offset), "{text}: {err}");
    }
}
