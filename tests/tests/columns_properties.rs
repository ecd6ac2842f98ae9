//! Property tests for typed arrays and columnar tables: columnar encode
//! then decode is the identity for records with integers of every width,
//! floats of every class, strings, options and nested records; and the
//! element type chosen is the narrowest, checked against a brute-force
//! search.

use boring::ext::typed::{Elem, TypedKind};
use boring::{Boring, Options, Profile};
use proptest::prelude::*;

#[derive(Boring, Debug, Clone)]
struct Inner {
    k: i64,
    z: f64,
}

#[derive(Boring, Debug, Clone)]
struct Wide {
    a: u8,
    b: i8,
    c: u16,
    d: i16,
    e: u32,
    f: i32,
    g: u64,
    h: i64,
    i: u128,
    j: i128,
    x: f32,
    y: f64,
    s: String,
    o: Option<i32>,
    #[boring(skip_if_none)]
    p: Option<u64>,
    n: Inner,
}

/// Equality with floats compared by their bits (NaN payloads, −0.0).
fn same(a: &Wide, b: &Wide) -> bool {
    (a.a, a.b, a.c, a.d, a.e, a.f, a.g, a.h, a.i, a.j)
        == (b.a, b.b, b.c, b.d, b.e, b.f, b.g, b.h, b.i, b.j)
        && a.x.to_bits() == b.x.to_bits()
        && a.y.to_bits() == b.y.to_bits()
        && (&a.s, a.o, a.p, a.n.k) == (&b.s, b.o, b.p, b.n.k)
        && a.n.z.to_bits() == b.n.z.to_bits()
}

fn float() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        any::<f32>().prop_map(f64::from),
        Just(-0.0),
        Just(f64::MIN_POSITIVE / 4.0),
        Just(f64::INFINITY),
        (0u64..1 << 51).prop_map(|payload| f64::from_bits(0x7ff8_0000_0000_0000 | payload)),
    ]
}

fn single() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>(),
        Just(-0.0f32),
        (0u32..1 << 22).prop_map(|payload| f32::from_bits(0x7fc0_0000 | payload)),
    ]
}

prop_compose! {
    fn wide()(
        ints in (any::<u8>(), any::<i8>(), any::<u16>(), any::<i16>(), any::<u32>(), any::<i32>(), any::<u64>(), any::<i64>()),
        i in prop_oneof![Just(0u128), Just(u128::MAX), any::<u64>().prop_map(u128::from), any::<u128>()],
        j in prop_oneof![Just(i128::MIN), any::<i64>().prop_map(i128::from), any::<i128>()],
        x in single(),
        y in float(),
        s in "[a-z\u{e9}\u{1f600}]{0,6}",
        o in proptest::option::of(any::<i32>()),
        p in proptest::option::of(any::<u64>()),
        k in any::<i64>(),
        z in float(),
    ) -> Wide {
        let (a, b, c, d, e, f, g, h) = ints;
        Wide { a, b, c, d, e, f, g, h, i, j, x, y, s, o, p, n: Inner { k, z } }
    }
}

/// Extremes of every width, so that the min/max choice is exercised at its
/// boundaries and not only by random draws.
fn extremes() -> Vec<Wide> {
    let row = |hi: bool| Wide {
        a: if hi { u8::MAX } else { 0 },
        b: if hi { i8::MAX } else { i8::MIN },
        c: if hi { u16::MAX } else { 0 },
        d: if hi { i16::MAX } else { i16::MIN },
        e: if hi { u32::MAX } else { 0 },
        f: if hi { i32::MAX } else { i32::MIN },
        g: if hi { u64::MAX } else { 0 },
        h: if hi { i64::MAX } else { i64::MIN },
        i: if hi { u128::MAX } else { 0 },
        j: if hi { i128::MAX } else { i128::MIN },
        x: if hi { f32::MAX } else { f32::MIN_POSITIVE },
        y: if hi { f64::MAX } else { -0.0 },
        s: String::new(),
        o: None,
        p: hi.then_some(u64::MAX),
        n: Inner {
            k: i64::MIN,
            z: f64::NAN,
        },
    };
    vec![row(false), row(true)]
}

fn round_trip(rows: &[Wide], options: &Options) {
    let bytes = boring::to_vec_with(&rows.to_vec(), options).expect("encodes");
    let back: Vec<Wide> = boring::from_slice_with(&bytes, options).expect("decodes");
    assert_eq!(back.len(), rows.len());
    for (a, b) in rows.iter().zip(&back) {
        assert!(same(a, b), "{a:?} != {b:?}");
    }
}

#[test]
fn extremes_round_trip_as_columns() {
    round_trip(&extremes(), &Options::from(Profile::Compact));
    round_trip(
        &extremes(),
        &Options::default().stringref(false).columns(true),
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn columnar_encode_then_decode_is_the_identity(rows in proptest::collection::vec(wide(), 0..12)) {
        round_trip(&rows, &Options::from(Profile::Compact));
        round_trip(&rows, &Options::default().stringref(false).columns(true));
        round_trip(&rows, &Options::from(Profile::Interop));
    }

    #[test]
    fn integer_width_is_the_narrowest(values in proptest::collection::vec(
        prop_oneof![any::<i64>(), -200i64..300, -40_000i64..70_000, 0i64..5_000_000_000],
        1..20,
    )) {
        let bytes = boring::to_vec_with(&values, &Options::default().stringref(false).typed_arrays(true)).expect("encodes");
        let elem = TypedKind::from_tag(u64::from(bytes[1])).expect("a typed array").elem;
        prop_assert_eq!(elem, brute_force_int(&values));
        prop_assert_eq!(boring::from_slice::<Vec<i64>>(&bytes).expect("decodes"), values);
    }

    #[test]
    fn float_width_is_the_narrowest(values in proptest::collection::vec(
        prop_oneof![any::<f64>(), any::<f32>().prop_map(f64::from)].prop_filter("not NaN", |v| !v.is_nan()),
        1..20,
    )) {
        let bytes = boring::to_vec_with(&values, &Options::default().stringref(false).typed_arrays(true)).expect("encodes");
        let elem = TypedKind::from_tag(u64::from(bytes[1])).expect("a typed array").elem;
        let single = values.iter().all(|v| f64::from(*v as f32).to_bits() == v.to_bits());
        prop_assert_eq!(elem, if single { Elem::F32 } else { Elem::F64 });
    }
}

/// An element type and the round trip of a value through it.
type Candidate = (Elem, fn(i64) -> i64);

/// The first element type, smallest first, through which every value
/// survives a round trip: unsigned types only when no value is negative.
fn brute_force_int(values: &[i64]) -> Elem {
    let fits = |f: fn(i64) -> i64| values.iter().all(|&v| f(v) == v);
    let unsigned: [Candidate; 4] = [
        (Elem::U8, |v| i64::from(v as u8)),
        (Elem::U16, |v| i64::from(v as u16)),
        (Elem::U32, |v| i64::from(v as u32)),
        (Elem::U64, |v| v as u64 as i64),
    ];
    let signed: [Candidate; 4] = [
        (Elem::I8, |v| i64::from(v as i8)),
        (Elem::I16, |v| i64::from(v as i16)),
        (Elem::I32, |v| i64::from(v as i32)),
        (Elem::I64, |v| v),
    ];
    let candidates = if values.iter().all(|&v| v >= 0) {
        unsigned
    } else {
        signed
    };
    candidates
        .iter()
        .find(|(_, f)| fits(*f))
        .map_or(Elem::I64, |(elem, _)| *elem)
}
