//! What each field's type must implement, asserted at the head of every
//! generated body that reads or writes fields.
//!
//! Without it, a field type that lacks `Encode` fails at every use the
//! expansion makes of it: the impls, the field and column methods, and the
//! runtime helpers they call, whose messages name private paths. Instead,
//! each such body starts with one assertion per field, spanned at the
//! field's type: `let _ = <Field as Check<'_>>::OK;`. Within a body the
//! compiler reports a failed bound once per span, dropping later failures
//! at that span of the bounds it stands for, and it prints identical
//! reports of different bodies once. So every call the expansion makes on
//! a field's behalf is spanned exactly as the assertion is (from the first
//! token of the field's type to its last: [`path`], [`qpath`]), and the
//! user sees a single error at the field.
//!
//! The check traits are local to the expansion and carry the message
//! (`diagnostic::on_unimplemented`); their blanket impls are
//! `diagnostic::do_not_recommend`, so the error names the check rather
//! than whichever of its bounds failed.

use std::collections::HashSet;

use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use crate::ast::{Body, Field, Input};
use crate::bound;

/// A check trait: what it stands for and how its error reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Check {
    /// A plain field: `Encode` and `Decode`.
    Value,
    /// `#[boring(bytes)]`: `EncodeBytes` and `DecodeBytes`.
    Bytes,
    /// `#[boring(flatten)]`: `EncodeFlat` and `DecodeFlat`.
    Flatten,
    /// `#[boring(unknown)]`: the same traits as `flatten`.
    Unknown,
    /// A plain field whose type names a type parameter, in the encode
    /// impl: `Encode`, as far as the impl's where clause provides it.
    GenericEncode,
    /// The same in the decode impl: `Decode`.
    GenericDecode,
}

impl Check {
    const ALL: [Check; 6] = [
        Check::Value,
        Check::Bytes,
        Check::Flatten,
        Check::Unknown,
        Check::GenericEncode,
        Check::GenericDecode,
    ];

    /// The checks a field needs, if any. Skipped fields are never written
    /// or read and `with` fields go through the user's functions. A type
    /// naming a type or const parameter implements what the impls' where
    /// clauses say, which can differ between the two impls (`bound`): it
    /// is checked in each for that impl's trait only (plain fields; the
    /// other forms keep the messages of their uses).
    fn of(f: &Field<'_>, generic: bool) -> &'static [Check] {
        let a = &f.attrs;
        let plain = a.unknown.is_none() && a.flatten.is_none() && a.bytes.is_none();
        if f.skipped() || a.with.is_some() {
            &[]
        } else if generic {
            if plain {
                &[Check::GenericEncode, Check::GenericDecode]
            } else {
                &[]
            }
        } else if a.unknown.is_some() {
            &[Check::Unknown]
        } else if a.flatten.is_some() {
            &[Check::Flatten]
        } else if a.bytes.is_some() {
            &[Check::Bytes]
        } else {
            &[Check::Value]
        }
    }

    /// Whether the check belongs in the encode impl's bodies, the decode
    /// impl's, or both.
    fn sides(self) -> (bool, bool) {
        match self {
            Check::GenericEncode => (true, false),
            Check::GenericDecode => (false, true),
            _ => (true, true),
        }
    }

    /// The check trait's name, as the error's help line shows it.
    fn trait_name(self) -> &'static str {
        match self {
            Check::Value => "EncodeAndDecode",
            Check::Bytes => "EncodeAndDecodeBytes",
            Check::Flatten => "Flatten",
            Check::Unknown => "CollectUnknown",
            Check::GenericEncode => "EncodeField",
            Check::GenericDecode => "DecodeField",
        }
    }

    /// The runtime traits the check stands for, over `__T` and `'de`.
    fn bounds(self, private: &TokenStream) -> TokenStream {
        match self {
            Check::Value => quote!(#private::Encode + #private::Decode<'de>),
            Check::Bytes => quote!(#private::EncodeBytes + #private::DecodeBytes<'de>),
            Check::Flatten | Check::Unknown => {
                quote!(#private::EncodeFlat + #private::DecodeFlat<'de>)
            }
            Check::GenericEncode => quote!(#private::Encode),
            Check::GenericDecode => quote!(#private::Decode<'de>),
        }
    }

    /// `message`, `label` and `note` of the check's error.
    fn texts(self) -> [&'static str; 3] {
        const BOUNDS: &str = "the impls bound each type parameter of a field by `Encode` and `Decode`, or as `#[boring(bound = \"...\")]` says: add the bound this field needs there";
        match self {
            Check::Value => [
                "`{Self}` cannot be encoded and decoded as CBOR",
                "a field of a `Boring` type must implement `Encode` and `Decode`",
                "derive `Boring` for it, or implement `boring::Encode` and `boring::Decode`",
            ],
            Check::Bytes => [
                "`{Self}` cannot be written and read as a CBOR byte string",
                "not a byte container",
                "`#[boring(bytes)]` takes `Vec<u8>`, `&[u8]`, `[u8; N]`, `Box<[u8]>` or `Cow<[u8]>`, or an `Option` of one",
            ],
            Check::Flatten => [
                "`{Self}` cannot be flattened into a CBOR map",
                "not a map's entries",
                "`#[boring(flatten)]` takes a struct with named fields that derives `Boring`, a `BTreeMap<K, V>` or a `Vec<(K, V)>`",
            ],
            Check::Unknown => [
                "`{Self}` cannot collect the unknown entries of a CBOR map",
                "not a list of entries",
                "`#[boring(unknown)]` takes a `Vec<(K, V)>`, usually `Vec<(boring::Value, boring::Value)>`",
            ],
            Check::GenericEncode => [
                "`{Self}` cannot be encoded as CBOR",
                "the `Encode` impl's bounds do not make this field `Encode`",
                BOUNDS,
            ],
            Check::GenericDecode => [
                "`{Self}` cannot be decoded from CBOR",
                "the `Decode` impl's bounds do not make this field `Decode`",
                BOUNDS,
            ],
        }
    }
}

/// The check traits an expansion declares and the assertions its bodies
/// start with.
#[derive(Debug, Default)]
pub struct Checks {
    /// The traits and their blanket impls, declared once per expansion.
    pub items: TokenStream,
    /// The encode impl's assertions: one `let _ = …;` per checked field.
    pub encode: TokenStream,
    /// The decode impl's assertions.
    pub decode: TokenStream,
}

/// The checks of every field of `input` that goes through the runtime's
/// traits.
pub fn checks(source: &syn::DeriveInput, input: &Input<'_>, private: &TokenStream) -> Checks {
    let fields: Vec<&Field<'_>> = match &input.body {
        Body::Struct(_, fields) => fields.iter().collect(),
        Body::Enum(variants) => variants.iter().flat_map(|v| v.fields.iter()).collect(),
    };
    let checked: Vec<(&Field<'_>, Check)> = fields
        .into_iter()
        .flat_map(|f| {
            let generic = bound::is_generic(input, f.ty);
            Check::of(f, generic).iter().map(move |c| (f, *c))
        })
        .collect();
    if checked.is_empty() {
        return Checks::default();
    }
    let taken = idents(source.to_token_stream());
    let name = |check: Check| {
        let name = check.trait_name();
        // Items of the expansion shadow the user's names inside it: a type
        // of the same name as a check is then named by a field type.
        if taken.contains(name) {
            Ident::new(&format!("__{name}"), Span::call_site())
        } else {
            Ident::new(name, Span::call_site())
        }
    };
    let items = Check::ALL
        .into_iter()
        .filter(|c| checked.iter().any(|(_, used)| used == c))
        .map(|check| {
            let name = name(check);
            let bounds = check.bounds(private);
            let [message, label, note] = check.texts();
            quote! {
                #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
                trait #name<'de> {
                    const OK: () = ();
                }

                #[diagnostic::do_not_recommend]
                impl<'de, __T: #bounds> #name<'de> for __T {}
            }
        })
        .collect();
    let lifetimes = bound::lifetimes(input);
    let mut out = Checks {
        items,
        ..Checks::default()
    };
    for (f, check) in checked {
        let name = name(check);
        // The type's lifetimes are inferred: the check holds for some of
        // them, and each real use then checks its own.
        let ty = bound::replace_lifetimes_with(f.ty.to_token_stream(), &lifetimes, "_");
        let ok = qpath(f.ty, &ty, &quote!(#name<'_>), "OK");
        let assert = quote_spanned!(f.ty.span()=> let _ = #ok;);
        let (encode, decode) = check.sides();
        if encode {
            out.encode.extend(assert.clone());
        }
        if decode {
            out.decode.extend(assert);
        }
    }
    out
}

/// Every identifier in `tokens`.
fn idents(tokens: TokenStream) -> HashSet<String> {
    fn walk(tokens: TokenStream, out: &mut HashSet<String>) {
        for tt in tokens {
            match tt {
                TokenTree::Ident(i) => {
                    out.insert(i.to_string());
                }
                TokenTree::Group(g) => walk(g.stream(), out),
                _ => {}
            }
        }
    }
    let mut out = HashSet::new();
    walk(tokens, &mut out);
    out
}

/// The spans of the first and last tokens of `ty`. The compiler spans a
/// type from the start of one to the end of the other, and so a path
/// expression written from the first to the last: a failed bound in a
/// call on a field's behalf is then reported at exactly the span of the
/// field's assertion (whose type is the field's, spanned as written).
fn ends(ty: &syn::Type) -> (Span, Span) {
    let tokens: Vec<TokenTree> = ty.to_token_stream().into_iter().collect();
    let first = match tokens.first() {
        Some(TokenTree::Group(g)) => g.span_open(),
        Some(tt) => tt.span(),
        None => ty.span(),
    };
    let last = match tokens.last() {
        Some(TokenTree::Group(g)) => g.span_close(),
        Some(tt) => tt.span(),
        None => first,
    };
    (first, last)
}

/// `tokens`, spanned at the start of `ty` except for the last token, at
/// its end.
fn across(ty: &syn::Type, tokens: TokenStream) -> TokenStream {
    let (first, last) = ends(ty);
    let mut tokens: Vec<TokenTree> = respan(&tokens, first).into_iter().collect();
    if let Some(end) = tokens.last_mut() {
        end.set_span(last);
    }
    tokens.into_iter().collect()
}

/// `private::path` for a call made on behalf of a field of type `ty`.
pub fn path(private: &TokenStream, ty: &syn::Type, path: TokenStream) -> TokenStream {
    across(ty, quote!(#private::#path))
}

/// `private::name::<ty_tokens>` for a call made on behalf of a field of
/// type `ty`.
pub fn generic_path(
    private: &TokenStream,
    ty: &syn::Type,
    name: &str,
    ty_tokens: &TokenStream,
) -> TokenStream {
    let (first, last) = ends(ty);
    let head = respan(&quote!(#private::), first);
    let name = Ident::new(name, first);
    let open = respan(&quote!(::<), first);
    let close = respan(&quote!(>), last);
    quote!(#head #name #open #ty_tokens #close)
}

/// `<ty_tokens as trait_path>::item` for a field of type `ty`.
pub fn qpath(
    ty: &syn::Type,
    ty_tokens: &TokenStream,
    trait_path: &TokenStream,
    item: &str,
) -> TokenStream {
    let (first, last) = ends(ty);
    let open = respan(&quote!(<), first);
    let rest = respan(&quote!(as #trait_path>::), first);
    let item = Ident::new(item, last);
    quote!(#open #ty_tokens #rest #item)
}

/// `tokens` with every span set to `span`.
pub fn respan(tokens: &TokenStream, span: Span) -> TokenStream {
    tokens
        .clone()
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(&g.stream(), span));
                group.set_span(span);
                TokenTree::Group(group)
            }
            mut other => {
                other.set_span(span);
                other
            }
        })
        .collect()
}
