//! `#[derive(Boring)]` for the `boring` crate (package `boring-runtime`),
//! which re-exports it as `boring::Boring`; the attribute reference and the
//! wire forms are documented on the derive.
//!
//! The macro is built in three steps: `ast` reads the input and its
//! `#[boring(...)]` attributes (`attr`) into a typed model, `check`
//! reports what does not fit together, and the generation modules
//! (`shape`, `encode`, `decode`, `bound`) write impls that call the
//! runtime's `__private` helpers, where the CBOR logic lives.

mod ast;
mod attr;
mod bound;
mod check;
mod columns;
mod decode;
mod encode;
mod errors;
mod expand;
mod shape;

use proc_macro::TokenStream;

/// Derives `boring::Encode` and `boring::Decode`: a specialised CBOR
/// encoder and decoder per type.
///
/// ```
/// use boring::Boring;
///
/// #[derive(Boring, Debug, PartialEq)]
/// struct Point {
///     x: i64,
///     y: i64,
/// }
///
/// let bytes = boring::to_vec_with(&Point { x: 1, y: 2 }, &boring::Profile::Interop.into()).unwrap();
/// assert_eq!(bytes, [0xa2, 0x61, b'x', 0x01, 0x61, b'y', 0x02]);
/// assert_eq!(boring::from_slice::<Point>(&bytes).unwrap(), Point { x: 1, y: 2 });
/// ```
///
/// # Wire forms
///
/// | Rust | written as |
/// |---|---|
/// | `struct S { a: A, b: B }` | map `{"a": A, "b": B}`, fields in declaration order (sorted by encoded key under the sorted profiles) |
/// | same, `keys = "keyword"` | map `{39(":a"): A, 39(":b"): B}` |
/// | same, `record = "ns/S"` | `27(["ns/S", {39(":a"): A, 39(":b"): B}])` |
/// | `struct S(A, B)` | array `[A, B]` |
/// | `struct S(A)` (newtype) or `transparent` | the inner value `A`, as serde writes newtypes |
/// | `struct S;` | `null` |
/// | `enum E { U }` | text `"U"` |
/// | `enum E { N(A) }` | `{"N": A}` |
/// | `enum E { T(A, B) }` | `{"T": [A, B]}` |
/// | `enum E { S { a: A } }` | `{"S": {"a": A}}` (keys as the container's `keys` says) |
/// | `Vec<S>`, slices, arrays, `VecDeque` with `Options::shapes(true)` | `39649([[keys…], [[A, B], …]])` when the reference's rules accept it (WIRE.md §7), else an array of maps |
///
/// Shaped tables are written only for structs with named fields that are
/// not records, under the default profile with `shapes` on; the decision
/// (at least two elements, the union of present keys in first-seen order,
/// the density guard) is the one `boring::Value` takes for the same maps,
/// so both write identical bytes. A field left out by `skip_if_none` is
/// `undefined` inside a row and truncated at its end.
///
/// Decoding accepts fields in any order; keys as text or identifiers
/// (`39(":name")` or `39("name")`), literal or stringref; unknown keys are
/// skipped; `Option` fields may be `null`, `undefined` or absent; a missing
/// required field is `ErrorKind::MissingField` with the path to it.
/// `Vec<S>` accepts an array of maps or any valid 39649 table (keys in any
/// order, extra keys, `undefined`, short rows); a table whose header bytes
/// equal the type's precomputed header is decoded with no key comparison.
/// An enum variant is accepted as `"U"`, `{"U": null}` or `{"N": payload}`.
///
/// # Attributes
///
/// Container (`#[boring(...)]` on the struct or enum):
///
/// - `rename_all = "case"`: rename fields (structs) or variants (enums):
///   `lowercase`, `UPPERCASE`, `PascalCase`, `camelCase`, `snake_case`,
///   `SCREAMING_SNAKE_CASE`, `kebab-case`, `SCREAMING-KEBAB-CASE`.
/// - `keys = "text" | "keyword"`: how field keys are written (default
///   text; keyword writes tag 39 over `":name"`).
/// - `deny_unknown_fields`: an unknown key is `ErrorKind::UnknownField`.
/// - `transparent`: a struct with one (non-skipped) field is written as
///   that field.
/// - `record = "ns/Name"`: write tag 27 over `[name, map]` with keyword
///   keys in declaration order, as the reference writes Clojure records;
///   records are never shaped. Decoding also accepts a bare map.
/// - `crate = "path"`: where the runtime is, when it is not `boring`.
/// - `bound = "T: Trait, …"`: replaces the inferred bounds (`T: Encode`,
///   `T: Decode<'de>`, `T: Default` for skipped and defaulted fields) of
///   both impls; `bound(encode = "…", decode = "…")` sets them per impl
///   (`'de` names the input lifetime in the decode impl).
///
/// Field:
///
/// - `rename = "name"`: the key.
/// - `skip`: neither written nor read; decoded as `Default::default()` (or
///   the `default` function).
/// - `default` / `default = "path"`: the value when the key is absent.
/// - `skip_if_none`: an `Option` field is left out when `None`.
/// - `bytes`: `&[u8]`, `Vec<u8>`, `[u8; N]`, `Box<[u8]>`, `Cow<[u8]>` or an
///   `Option` of one is written as a byte string; decoding accepts a byte
///   string or an array of integers (a borrowed `&[u8]` needs a byte
///   string).
/// - `with = "module"`: `module::encode(&T, &mut Writer<S>) -> Result<(),
///   Error>` and `module::decode(&mut Reader<'de>) -> Result<T, Error>`.
///
/// Variant: `rename = "name"`.
///
/// # Lifetimes and generics
///
/// Type parameters get the bounds their fields need. Lifetimes may borrow
/// from the input: the decode impl is `impl<'de> Decode<'de> for
/// S<'de, …>`, so `&'a str`, `Cow<'a, str>` and `#[boring(bytes)] &'a [u8]`
/// fields decode without copying.
#[proc_macro_derive(Boring, attributes(boring))]
pub fn derive_boring(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
