//! `#[derive(Boring)]` for the `boring` crate (package `boring-runtime`),
//! which re-exports it as `boring::Boring`; the attribute reference and the
//! wire forms are documented on the derive.
//!
//! The macro is built in three steps: `ast` reads the input and its
//! `#[boring(...)]` attributes (`attr`) into a typed model, `check`
//! reports what does not fit together, and the generation modules
//! (`shape`, `encode`, `decode`, `bound`) write impls that call the
//! runtime's `__private` helpers, where the CBOR logic lives. `runtime`
//! finds the runtime under the name the using crate gives it, and
//! `require` makes a field type without the needed traits one error at
//! the field.

mod ast;
mod attr;
mod bound;
mod check;
mod columns;
mod decode;
mod encode;
mod errors;
mod expand;
mod require;
mod runtime;
mod shape;
mod suggest;

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
/// | `Vec<S>`, slices, arrays, `VecDeque` with `Options::shapes(true)` | `39649([[keys…], [[A, B], …]])` when the reference's rules accept it (`docs/WIRE.md` §6), else an array of maps; under `Profile::Compact` a columnar table (tag 39653, §8) when a column is typed |
///
/// Shaped tables are written only for structs with named fields that are
/// not records, under `Profile::Compact` or with `shapes` on; the decision
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
/// - `crate = "path"`: where the runtime is. Without it the derive looks
///   up the dependency on `boring-runtime` in the crate's `Cargo.toml`
///   and uses the name it has there (`boring`, or `cbor` for `cbor = {
///   package = "boring-runtime", … }`); the attribute is for a runtime
///   reached another way, such as through a re-export.
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
/// # Protocol attributes
///
/// For protocols that fix their own layout (COSE, CWT, CTAP2, IoT
/// formats):
///
/// Field:
///
/// - `key = N`: the field's key is the integer `N`, any CBOR integer
///   (−2^64 … 2^64−1; a leading minus allowed). `key = "text"`: the key is
///   that text (like `rename`). Integer and text keys mix freely in one
///   struct or struct variant; `1` and `"1"` are different keys. Key bytes,
///   shaped headers and sorted orders are computed at compile time as for
///   text keys; decoding matches an integer key by value and a text key by
///   text, and skips unknown keys of either kind.
/// - `cbor_tag = N`: the field's value is written inside tag `N` and must
///   be inside tag `N` when read (a missing or different tag is
///   `ErrorKind::WrongTag`).
/// - `flatten`: the field's entries are written into the enclosing map,
///   where the field is declared, and the enclosing map's entries that no
///   field declares are offered to it. The field is a derived struct with
///   named fields and no flattened fields of its own (its keys, integer or
///   text, are matched as its own decoder matches them), a
///   `BTreeMap<K, V>` or a `Vec<(K, V)>` (taking every entry whose key
///   decodes as `K`, so integer keys stay integers).
/// - `unknown`: a `Vec<(K, V)>` (usually `Vec<(Value, Value)>`) that
///   collects the entries nothing else takes, in input order, and is
///   written after every other entry: decoding then encoding a map whose
///   unknown entries come last gives back the same bytes.
///
/// Container:
///
/// - `array`: a struct with named fields is written as an array of its
///   fields in declaration order. Only a trailing run of `skip_if_none`
///   fields that are `None` is left out (and a short array reads them as
///   absent); a `None` before a present field is written as `null`.
/// - `cbor_tag = N`: the whole value is written inside tag `N` and must be
///   inside tag `N` when read. `#[boring(array, cbor_tag = 18)]` writes
///   `18([...])`. (`boring::Tagged<N, T>` is the same as a wrapper type.)
/// - `index` (enums): variants are identified by integers instead of
///   names: the integer-literal discriminant when there is one, else one
///   more than the previous variant's (the first is 0).
/// - `tag = "t"` (enums): internally tagged.
/// - `tag = "t", content = "c"` (enums): adjacently tagged.
/// - `untagged` (enums): the payload alone; decoding tries each variant in
///   declaration order from the same position (the reader rewinds between
///   attempts, stringref state included) and, when none fits, reports
///   each variant's error in one `ErrorKind::Custom` message.
///
/// Wire grammar (`id` is the variant's name, or its integer under `index`):
///
/// | Rust | written as |
/// |---|---|
/// | `#[boring(key = 1)] a: A`, `#[boring(key = -7)] b: B` | `{1: A, -7: B}` (declaration order; sorted by encoded key under the sorted profiles) |
/// | `#[boring(array)] struct S { a: A, #[boring(skip_if_none)] b: Option<B> }` | `[A, B]`, or `[A]` when `b` is `None` |
/// | `#[boring(cbor_tag = 18)]` on a type or field | `18(value)` |
/// | `#[boring(flatten)] inner: I` | `{…fields before, …I's entries, …fields after}` |
/// | `#[boring(unknown)] rest: Vec<(K, V)>` | `{…declared entries, …rest}` |
/// | `#[boring(index)] enum E { U, N(A) }` | `0`, `{1: A}` |
/// | `#[boring(tag = "t")] enum E { U, S { a: A } }` | `{"t": id}`, `{"t": id, "a": A}` |
/// | `#[boring(tag = "t", content = "c")] enum E { U, N(A) }` | `{"t": id}`, `{"t": id, "c": A}` |
/// | `#[boring(untagged)] enum E { U, N(A), S { a: A } }` | `null`, `A`, `{"a": A}` |
///
/// Decoding an internally or adjacently tagged enum looks at the input in
/// place: it scans the map for the tag from a checkpoint, rewinds, and
/// reads the variant (the tag entry may come anywhere; an internally tagged
/// variant's reader skips it). A struct with `flatten` or `unknown` fields
/// writes its map in declaration order under every profile. Shaped and
/// columnar tables apply only to plain maps: `array`, `cbor_tag`,
/// `transparent` types, types with `flatten` or `unknown` fields, and enums
/// with `index`, `tag` or `untagged` are written element by element in
/// sequences. Integer-keyed plain maps are shaped as `Value` shapes the same
/// maps.
///
/// Which attributes combine (✓ combines, ✗ is a compile error):
///
/// | | with |
/// |---|---|
/// | `key` | ✗ `rename` (both name the key); ✓ `rename_all` (the key wins, as `rename` does); integer ✗ `keys = "keyword"`, ✗ `record` (keyword keys), text ✓ both; ✗ on tuple fields and in `array` structs; ✓ `skip_if_none`, `bytes`, `with`, `cbor_tag`, `default` |
/// | `cbor_tag` (type) | ✗ `record`, ✗ `transparent`; ✓ `array`, enums of every representation |
/// | `cbor_tag` (field) | ✗ `flatten`, ✗ `unknown`; ✓ `bytes`, `with`, `skip_if_none`, `key` |
/// | `array` | named structs only; ✗ `record`, `transparent`, `keys`, `rename_all`, `deny_unknown_fields`; fields ✗ `key`, `rename`, `flatten`, `unknown`; `skip_if_none` only on a trailing run |
/// | `tag`, `content`, `untagged`, `index` | enums only; `content` needs `tag` and differs from it; `untagged` ✗ `tag`, `content`, `index`; `tag` without `content` ✗ tuple variants and a field keyed like the tag; `index` needs integer-literal discriminants |
/// | `flatten`, `unknown` | fields of structs with named fields (not variants, not `array`); ✗ `key`, `rename`, `skip_if_none`, `bytes`, `with`, `cbor_tag`, `default`, each other; container ✗ `record`, `transparent`, `deny_unknown_fields`; at most one `unknown` |
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
