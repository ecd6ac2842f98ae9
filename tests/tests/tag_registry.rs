//! The tag registry for `Value` (`boring::value::TagRegistry`): registered
//! readers and checkers, the strict policy for unknown tags, names in the
//! annotated dump, and registries that stay out of each other's way.

use boring::value::{TagHandler, TagRegistry};
use boring::{ErrorKind, Options, Reader, UnknownTags, Value};
use boring_tests::hex;

/// Tag 40000 over an integer that must be even; read as the integer halved.
fn halves() -> TagRegistry {
    fn read(content: Value) -> Result<Value, &'static str> {
        match content.as_i64() {
            Some(n) if n % 2 == 0 => Ok(Value::from(n / 2)),
            _ => Err("odd"),
        }
    }
    fn check(content: &Value) -> Result<(), &'static str> {
        match content.as_i64() {
            Some(n) if n % 2 == 0 => Ok(()),
            _ => Err("tag 40000 holds even integers"),
        }
    }
    TagRegistry::new().with(
        40000,
        TagHandler::named("half").on_read(read).on_write(check),
    )
}

#[test]
fn registered_readers_replace_their_tags() {
    let options = Options::default().tag_registry(halves());
    // [40000(8), 40000(7)]
    let v: Value = boring::from_slice_with(&hex("81 d9 9c40 08"), &options).expect("even");
    assert_eq!(v, Value::Array(vec![Value::from(4)].into()));
    let err = boring::from_slice_with::<Value>(&hex("82 00 d9 9c40 07"), &options)
        .expect_err("odd is refused");
    assert_eq!(err.kind(), &ErrorKind::BadTagContent { tag: 40000 });
    assert_eq!(err.offset(), Some(2));
}

#[test]
fn registered_checkers_see_what_is_written() {
    let options = Options::default().tag_registry(halves());
    let even = Value::tag(40000, Value::from(6));
    assert!(boring::to_vec_with(&even, &options).is_ok());
    let odd = Value::Array(vec![Value::tag(40000, Value::from(5))].into());
    let err = boring::to_vec_with(&odd, &options).expect_err("odd is refused");
    assert_eq!(
        err.kind(),
        &ErrorKind::Unencodable("tag 40000 holds even integers")
    );
    // Without the registry the same value is an ordinary tag.
    assert!(boring::to_vec(&odd).is_ok());
}

#[test]
fn unknown_tags_are_kept_unless_refused() {
    let bytes = hex("82 d9 9c41 01 c1 1a 5f5e1000");
    let kept: Value = boring::from_slice(&bytes).expect("inert by default");
    assert_eq!(
        kept.as_array().map(|a| a[0].as_tag().map(|t| t.0)),
        Some(Some(40001))
    );

    let strict = Options::default().unknown_tags(UnknownTags::Refuse);
    let err = boring::from_slice_with::<Value>(&bytes, &strict).expect_err("40001 is unknown");
    assert_eq!(err.kind(), &ErrorKind::UnregisteredTag(40001));
    assert_eq!(err.offset(), Some(1));
    assert_eq!(err.kind().reference_name(), "unregistered-tag");

    // Built-in tags pass the strict policy; registering a tag admits it.
    let builtin = hex("83 c1 1a 5f5e1000 d825 50 00000000000000000000000000000000 d827 62 3a61");
    assert!(boring::from_slice_with::<Value>(&builtin, &strict).is_ok());
    let admitted = strict.tag_registry(TagRegistry::new().with(40001, TagHandler::named("x")));
    let v: Value = boring::from_slice_with(&bytes, &admitted).expect("registered");
    assert_eq!(v, kept);
}

#[test]
fn registries_are_per_options_not_global() {
    let bytes = hex("d9 9c40 08");
    let with = Options::default().tag_registry(halves());
    let without = Options::default();
    let a: Value = boring::from_slice_with(&bytes, &with).expect("read");
    let b: Value = boring::from_slice_with(&bytes, &without).expect("read");
    assert_eq!(a, Value::from(4));
    assert_eq!(b, Value::tag(40000, Value::from(8)));
    // Options compare equal when they share one registry.
    assert_eq!(with.clone(), with);
    assert_ne!(with, Options::default().tag_registry(halves()));
    // Typed decoding is not affected: the tag is refused as before.
    assert!(boring::from_slice_with::<i64>(&bytes, &with).is_err());
}

#[test]
fn the_dump_names_registered_tags() {
    let bytes = hex("d9 9c40 08");
    let options = Options::default().tag_registry(halves());
    let mut r = Reader::with_options(&bytes, &options).expect("reader");
    let dump = boring::diag::dump_next(&mut r).expect("dump");
    assert!(dump.contains("tag(40000) half"), "{dump}");
    let plain = boring::diag::dump(&bytes).expect("dump");
    assert!(!plain.contains("half"), "{plain}");
}
