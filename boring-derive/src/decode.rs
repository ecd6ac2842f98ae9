//! The `Decode` impl (and, for structs with named fields, `DecodeFields`).

use std::collections::HashSet;

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use crate::ast::{Body, Field, Input, Repr, Style, Variant};
use crate::attr;
use crate::bound::{self, de_lifetime};
use crate::encode::{transparent, Ctx};
use crate::shape;

/// Decode-side context: the private path and the type's lifetimes (which
/// become `'de` in field types).
pub(crate) struct Dx<'a> {
    pub(crate) private: &'a TokenStream,
    /// The field type assertions (see `require`).
    pub(crate) checks: &'a TokenStream,
    lifetimes: HashSet<Ident>,
}

impl Dx<'_> {
    /// A field type with the type's lifetimes replaced by `'de`.
    pub(crate) fn ty(&self, f: &Field<'_>) -> TokenStream {
        bound::replace_lifetimes(f.ty.to_token_stream(), &self.lifetimes)
    }

    /// `_boring::__private` spanned at `f`'s type (see
    /// [`Ctx::private_at`]).
    pub(crate) fn private_at(&self, f: &Field<'_>) -> TokenStream {
        crate::require::respan(self.private, f.ty.span())
    }

    /// `_boring::__private::<path>` for a call on `f`'s behalf (see
    /// [`Ctx::path`]).
    pub(crate) fn path(&self, f: &Field<'_>, path: TokenStream) -> TokenStream {
        crate::require::path(self.private, f.ty, path)
    }

    /// The field as errors name it, a `&'static FieldName`: its key text,
    /// and its integer key if it has one. A reference to a constant, so
    /// that passing it costs one word on every level of a recursive type.
    pub(crate) fn name(&self, f: &Field<'_>) -> TokenStream {
        let private = self.private;
        let wire = &f.wire;
        let name = match f.int_key {
            Some(key) => {
                let key = proc_macro2::Literal::i128_unsuffixed(key);
                quote!(#private::FieldName::key(#key, #wire))
            }
            None => quote!(#private::FieldName::text(#wire)),
        };
        quote!({
            const __NAME: #private::FieldName = #name;
            &__NAME
        })
    }

    /// `<ty as _boring::__private::<trait_path>>::item` for `f` (see
    /// [`Ctx::qpath`]).
    pub(crate) fn qpath(
        &self,
        f: &Field<'_>,
        ty: &TokenStream,
        trait_path: TokenStream,
        item: &str,
    ) -> TokenStream {
        let private = self.private;
        crate::require::qpath(f.ty, ty, &quote!(#private::#trait_path), item)
    }

    /// A function reading the field's value: `fn(&mut Reader<'de>) ->
    /// Result<T, Error>`.
    pub(crate) fn read_fn(&self, f: &Field<'_>) -> TokenStream {
        let private = &self.private_at(f);
        let de = de_lifetime();
        let ty = self.ty(f);
        let read = if let Some(with) = &f.attrs.with {
            let path = &with.value;
            quote_spanned!(path.span()=> #path::decode)
        } else if f.attrs.bytes.is_some() {
            self.qpath(f, &ty, quote!(DecodeBytes<#de>), "decode_bytes")
        } else {
            self.qpath(f, &ty, quote!(Decode<#de>), "decode")
        };
        match &f.attrs.cbor_tag {
            Some(tag) => {
                let n = tag.value;
                let in_tag = self.path(f, quote!(decode_in_tag));
                let read = quote_spanned! {f.ty.span()=>
                    |__r: &mut #private::Reader<#de>| #in_tag(__r, #n, #read)
                };
                // Parentheses of the expansion's own: where the closure is
                // an argument they are not the user's to remove.
                quote!((#read))
            }
            None => read,
        }
    }

    /// The value of a skipped field.
    fn skipped_value(&self, f: &Field<'_>) -> TokenStream {
        let private = self.private;
        let ty = self.ty(f);
        match f.attrs.default.as_ref().map(|d| &d.value) {
            Some(attr::Default::Path(path)) => quote_spanned!(path.span()=> #path()),
            _ => quote_spanned!(f.ty.span()=> <#ty as #private::Default>::default()),
        }
    }

    /// The value of a field from its slot `slot` (an `Option<T>`): the
    /// decoded value, or what absence means for it.
    fn value_from_slot(&self, f: &Field<'_>, slot: &TokenStream) -> TokenStream {
        let private = &self.private_at(f);
        let wire = self.name(f);
        let ty = self.ty(f);
        match f.attrs.default.as_ref().map(|d| &d.value) {
            Some(attr::Default::Path(path)) => {
                quote_spanned!(path.span()=> #private::Option::unwrap_or_else(#slot, #path))
            }
            Some(attr::Default::Trait) => quote_spanned! {f.ty.span()=>
                #private::Option::unwrap_or_else(#slot, <#ty as #private::Default>::default)
            },
            None if f.attrs.with.is_some() => quote!(#private::require(#slot, #wire, __at)?),
            None => {
                let name = if f.attrs.bytes.is_some() {
                    "take_bytes"
                } else {
                    "take"
                };
                let take = crate::require::generic_path(self.private, f.ty, name, &ty);
                quote_spanned!(f.ty.span()=> #take(#slot, #wire, __at)?)
            }
        }
    }

    /// For a tuple element: a function giving the value of a missing
    /// trailing element, if it has one.
    fn absent_fn(&self, f: &Field<'_>) -> TokenStream {
        let private = &self.private_at(f);
        let de = de_lifetime();
        let ty = self.ty(f);
        match f.attrs.default.as_ref().map(|d| &d.value) {
            Some(attr::Default::Path(path)) => quote!(|| #private::Option::Some(#path())),
            Some(attr::Default::Trait) => {
                quote!(|| #private::Option::Some(<#ty as #private::Default>::default()))
            }
            None if f.attrs.with.is_some() => quote!(|| #private::Option::None),
            None if f.attrs.bytes.is_some() => {
                self.qpath(f, &ty, quote!(DecodeBytes<#de>), "absent")
            }
            None => self.qpath(f, &ty, quote!(Decode<#de>), "absent"),
        }
    }
}

fn slot_name(i: usize) -> Ident {
    Ident::new(&format!("__s{i}"), Span::call_site())
}

/// `match __field { 0 => …, _ => <last> }`.
fn dispatch(arms: Vec<TokenStream>, empty: TokenStream) -> TokenStream {
    let count = arms.len();
    if count == 0 {
        return empty;
    }
    let arms = arms.into_iter().enumerate().map(|(i, body)| {
        if i + 1 == count {
            quote!(_ => #body,)
        } else {
            quote!(#i => #body,)
        }
    });
    quote!(match __field { #(#arms)* })
}

/// The impls for the input.
pub fn expand(cx: &Ctx<'_>, input: &Input<'_>) -> TokenStream {
    let private = cx.private;
    let dx = Dx {
        private,
        checks: cx.decode_checks,
        lifetimes: bound::lifetimes(input),
    };
    let checks = cx.decode_checks;
    let de = de_lifetime();
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = bound::decode_generics(input, private);
    let (body, extra_methods, fields_impl) = match &input.body {
        Body::Struct(style, fields) => {
            let live: Vec<&Field<'_>> = fields.iter().filter(|f| !f.skipped()).collect();
            if let Some(inner) = transparent(input, *style, &live) {
                transparent_body(&dx, *style, fields, inner)
            } else {
                match style {
                    Style::Named if input.attrs.array.is_some() => (
                        tuple_body(&dx, quote!(Self), Style::Named, fields),
                        quote!(),
                        quote!(),
                    ),
                    Style::Named if live.iter().any(|f| f.spread()) => (
                        map_body(&dx, quote!(Self), &shape::name(None), fields, None),
                        quote!(),
                        quote!(),
                    ),
                    Style::Named => {
                        let fields_impl = fields_impl(&dx, input, fields);
                        match &input.attrs.record {
                            Some(name) => {
                                let name = &name.value;
                                (
                                    quote!(#private::decode_record(__r, #name)),
                                    quote!(),
                                    fields_impl,
                                )
                            }
                            None => (
                                map_body(&dx, quote!(Self), &shape::name(None), fields, None),
                                quote! {
                                    #[inline]
                                    fn decode_vec(__r: &mut #private::Reader<#de>)
                                        -> #private::Result<#private::Vec<Self>, #private::Error>
                                    {
                                        #private::decode_vec(__r)
                                    }
                                },
                                fields_impl,
                            ),
                        }
                    }
                    Style::Tuple => (
                        tuple_body(&dx, quote!(Self), Style::Tuple, fields),
                        quote!(),
                        quote!(),
                    ),
                    Style::Unit => (
                        quote! {
                            #private::decode_unit(__r)?;
                            #private::Result::Ok(Self)
                        },
                        quote!(),
                        quote!(),
                    ),
                }
            }
        }
        Body::Enum(variants) if input.repr() != Repr::External || input.attrs.index.is_some() => {
            let ids = crate::encode::ids(input, variants);
            let body = match input.repr() {
                Repr::External => quote!(#private::decode_enum_ids(__r, #ids)),
                Repr::Adjacent(tag, content) => {
                    quote!(#private::decode_adjacent(__r, #tag, #content, #ids))
                }
                Repr::Internal(tag) => quote!(#private::decode_internal(__r, #tag, #ids)),
                Repr::Untagged => quote!(#private::decode_untagged(__r)),
            };
            (body, quote!(), variants_impl(&dx, input, variants))
        }
        Body::Enum(variants) => (
            quote!(#private::decode_enum(__r)),
            quote! {
                #[inline]
                fn decode_vec(__r: &mut #private::Reader<#de>)
                    -> #private::Result<#private::Vec<Self>, #private::Error>
                {
                    #private::decode_enum_vec(__r)
                }
            },
            variants_impl(&dx, input, variants),
        ),
    };
    // A tagged value is read element by element (see the encode side).
    let (body, extra_methods) = match &input.attrs.cbor_tag {
        Some(tag) => {
            let n = tag.value;
            (
                quote!(#private::decode_in_tag(__r, #n, |__r: &mut #private::Reader<#de>| { #body })),
                quote!(),
            )
        }
        None => (body, extra_methods),
    };
    quote! {
        #fields_impl

        #[automatically_derived]
        impl #impl_generics #private::Decode<#de> for #ident #ty_generics #where_clause {
            #[inline]
            fn decode(__r: &mut #private::Reader<#de>) -> #private::Result<Self, #private::Error> {
                #checks
                #body
            }
            #extra_methods
        }
    }
}

/// `Self { a: …, b: … }` or `Self(…)` from per-field value expressions.
fn construct(
    path: &TokenStream,
    style: Style,
    fields: &[Field<'_>],
    values: Vec<TokenStream>,
) -> TokenStream {
    match style {
        Style::Named => {
            let members = fields.iter().map(|f| &f.member);
            quote!(#path { #(#members: #values),* })
        }
        Style::Tuple => quote!(#path(#(#values),*)),
        Style::Unit => path.clone(),
    }
}

/// A transparent struct reads its one field; a plain field also forwards
/// `decode_vec` and `absent`.
fn transparent_body(
    dx: &Dx<'_>,
    style: Style,
    fields: &[Field<'_>],
    inner: &Field<'_>,
) -> (TokenStream, TokenStream, TokenStream) {
    let private = &dx.private_at(inner);
    let checks = dx.checks;
    let de = de_lifetime();
    let wrap = |value: TokenStream| {
        let values = fields
            .iter()
            .map(|f| {
                if std::ptr::eq(f, inner) {
                    value.clone()
                } else {
                    dx.skipped_value(f)
                }
            })
            .collect();
        construct(&quote!(Self), style, fields, values)
    };
    let read = dx.read_fn(inner);
    let whole = wrap(quote!(__v));
    let body = quote_spanned!(inner.ty.span()=> #private::Result::map(#read(__r), |__v| #whole));
    if inner.attrs.bytes.is_some() || inner.attrs.with.is_some() {
        return (body, quote!(), quote!());
    }
    let ty = dx.ty(inner);
    let decode_vec = dx.qpath(inner, &ty, quote!(Decode<#de>), "decode_vec");
    let absent = dx.qpath(inner, &ty, quote!(Decode<#de>), "absent");
    let extra = quote_spanned! {inner.ty.span()=>
        #[inline]
        fn decode_vec(__r: &mut #private::Reader<#de>)
            -> #private::Result<#private::Vec<Self>, #private::Error>
        {
            #checks
            let __items = #decode_vec(__r)?;
            #private::Result::Ok(#private::map_vec(__items, |__v| #whole))
        }

        #[inline]
        fn absent() -> #private::Option<Self> {
            #checks
            #private::Option::map(#absent(), |__v| #whole)
        }
    };
    (body, extra, quote!())
}

/// `impl DecodeFields`: slots, a field dispatch and the builder.
fn fields_impl(dx: &Dx<'_>, input: &Input<'_>, fields: &[Field<'_>]) -> TokenStream {
    let private = dx.private;
    let checks = dx.checks;
    let de = de_lifetime();
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = bound::decode_generics(input, private);
    let live: Vec<&Field<'_>> = fields.iter().filter(|f| !f.skipped()).collect();
    let shape = shape::name(None);
    let slot_types = live.iter().map(|f| {
        let ty = dx.ty(f);
        quote!(#private::Option<#ty>)
    });
    let nones = live.iter().map(|_| quote!(#private::Option::None));
    let fills = live
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let index = syn::Index::from(i);
            let wire = dx.name(f);
            let read = dx.read_fn(f);
            let fill = dx.path(f, quote!(fill));
            quote_spanned!(f.ty.span()=> #fill(&mut __slots.#index, __r, #wire, #read))
        })
        .collect();
    let fill = dispatch(
        fills,
        quote!({
            let _ = (__slots, __field, __r);
            #private::Result::Ok(())
        }),
    );
    let mut index = 0;
    let values = fields
        .iter()
        .map(|f| {
            if f.skipped() {
                dx.skipped_value(f)
            } else {
                let slot = syn::Index::from(index);
                index += 1;
                dx.value_from_slot(f, &quote!(__slots.#slot))
            }
        })
        .collect();
    let build = construct(&quote!(Self), Style::Named, fields, values);
    let unused_at = if live.is_empty() {
        quote!(let _ = (__slots, __at);)
    } else {
        quote!()
    };
    let columns = crate::columns::decode_items(dx, &live);
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::DecodeFields<#de> for #ident #ty_generics #where_clause {
            const SHAPE: &'static #private::Shape = #shape;
            type Slots = (#(#slot_types,)*);

            #columns

            #[inline]
            fn slots() -> Self::Slots {
                (#(#nones,)*)
            }

            #[inline]
            fn fill(
                __slots: &mut Self::Slots,
                __field: usize,
                __r: &mut #private::Reader<#de>,
            ) -> #private::Result<(), #private::Error> {
                #checks
                #fill
            }

            #[inline]
            fn build(__slots: Self::Slots, __at: usize) -> #private::Result<Self, #private::Error> {
                #checks
                #unused_at
                #private::Result::Ok(#build)
            }
        }
    }
}

/// Reads an array into `path(…)` (or `path { … }` for an `array`
/// struct), element by element.
fn tuple_body(dx: &Dx<'_>, path: TokenStream, style: Style, fields: &[Field<'_>]) -> TokenStream {
    let private = dx.private;
    let mut index = 0usize;
    let values = fields
        .iter()
        .map(|f| {
            if f.skipped() {
                return dx.skipped_value(f);
            }
            let i = index;
            index += 1;
            let read = dx.read_fn(f);
            let absent = dx.absent_fn(f);
            let element = dx.path(f, quote!(TupleReader::element));
            quote_spanned!(f.ty.span()=> #element(&mut __t, __r, #i, #read, #absent)?)
        })
        .collect();
    let value = construct(&path, style, fields, values);
    quote! {
        let mut __t = #private::TupleReader::begin(__r)?;
        let __v = #value;
        __t.end(__r)?;
        #private::Result::Ok(__v)
    }
}

/// Reads a map of a struct variant's fields (or of a struct with
/// flattened or unknown-entry fields) into `path { … }`; `ignore` is the
/// tag key of an internally tagged enum.
fn map_body(
    dx: &Dx<'_>,
    path: TokenStream,
    shape: &Ident,
    fields: &[Field<'_>],
    ignore: Option<&str>,
) -> TokenStream {
    let private = dx.private;
    let de = de_lifetime();
    let live: Vec<(usize, &Field<'_>)> = fields
        .iter()
        .filter(|f| !f.skipped() && !f.spread())
        .enumerate()
        .collect();
    // Flattened fields are offered unknown entries in declaration order,
    // the unknown-entry collector last.
    let mut spread: Vec<(usize, &Field<'_>)> = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.skipped() && f.spread())
        .collect();
    spread.sort_by_key(|(_, f)| f.attrs.unknown.is_some());
    let flat_name = |i: usize| Ident::new(&format!("__flat{i}"), Span::call_site());
    let decls = live.iter().map(|(i, f)| {
        let slot = slot_name(*i);
        let ty = dx.ty(f);
        quote!(let mut #slot: #private::Option<#ty> = #private::Option::None;)
    });
    let fills = live
        .iter()
        .map(|(i, f)| {
            let slot = slot_name(*i);
            let wire = dx.name(f);
            let read = dx.read_fn(f);
            let fill = dx.path(f, quote!(fill));
            quote_spanned!(f.ty.span()=> #fill(&mut #slot, __r, #wire, #read))
        })
        .collect();
    let fill = dispatch(
        fills,
        quote!({
            let _ = (__field, __r);
            #private::Result::Ok(())
        }),
    );
    let mut index = 0;
    let values = fields
        .iter()
        .enumerate()
        .map(|(fi, f)| {
            if f.skipped() {
                dx.skipped_value(f)
            } else if f.spread() {
                let ty = dx.ty(f);
                let flat = flat_name(fi);
                let finish = dx.qpath(f, &ty, quote!(DecodeFlat<#de>), "flat_finish");
                quote_spanned!(f.ty.span()=> #finish(#flat, __at)?)
            } else {
                let slot = slot_name(index);
                index += 1;
                dx.value_from_slot(f, &quote!(#slot))
            }
        })
        .collect();
    let value = construct(&path, Style::Named, fields, values);
    if spread.is_empty() && ignore.is_none() {
        // Fields in declaration order, as our encoder writes them, are read
        // straight through: each key compared against its constant bytes,
        // each value read into its slot (which is still empty). The first
        // key out of order hands the rest of the map to the general loop.
        let steps = live.iter().map(|(i, f)| {
            let slot = slot_name(*i);
            let wire = dx.name(f);
            let read = dx.read_fn(f);
            let private = &dx.private_at(f);
            quote_spanned! {f.ty.span()=>
                match #private::in_order(__r, &mut __entries, #i, |__r| {
                    #private::expect_key(__r, #shape, #i)
                }) {
                    #private::Result::Ok(true) => match (#read)(__r) {
                        #private::Result::Ok(__v) => #slot = #private::Option::Some(__v),
                        #private::Result::Err(__e) => {
                            return #private::Result::Err(#wire.wrap(__e));
                        }
                    },
                    #private::Result::Ok(false) => {}
                    #private::Result::Err(__e) => return #private::Result::Err(__e),
                }
            }
        });
        // The key expected next is compared against its constant bytes:
        // one arm per field, so each comparison folds to the key's length.
        let expects = live
            .iter()
            .map(|(i, _)| quote!(#i => #private::expect_key(__r, #shape, #i),));
        return quote! {
            let __at = __r.position();
            #(#decls)*
            let mut __entries = #private::Entries::open(__r)?;
            #(#steps)*
            #private::finish_entries(
                __r,
                __entries,
                #shape,
                |__r, __hint| match __hint {
                    #(#expects)*
                    _ => false,
                },
                |__r, __field| #fill,
            )?;
            #private::Result::Ok(#value)
        };
    }
    let flat_decls = spread.iter().map(|(fi, f)| {
        let ty = dx.ty(f);
        let flat = flat_name(*fi);
        let start = dx.qpath(f, &ty, quote!(DecodeFlat<#de>), "flat_start");
        quote_spanned!(f.ty.span()=> let mut #flat = #start();)
    });
    let offers = spread.iter().map(|(fi, f)| {
        let private = &dx.private_at(f);
        let ty = dx.ty(f);
        let flat = flat_name(*fi);
        let offer = dx.qpath(f, &ty, quote!(DecodeFlat<#de>), "flat_offer");
        quote_spanned! {f.ty.span()=>
            if #offer(&mut #flat, __r)? {
                return #private::Result::Ok(true);
            }
        }
    });
    let ignore = match ignore {
        Some(tag) => quote!(#private::Option::Some(#tag)),
        None => quote!(#private::Option::None),
    };
    quote! {
        let __at = __r.position();
        #(#decls)*
        #(#flat_decls)*
        #private::decode_map_ext(
            __r,
            #shape,
            #ignore,
            |__r, __field| #fill,
            |__r: &mut #private::Reader<#de>| {
                #(#offers)*
                let _ = __r;
                #private::Result::Ok(false)
            },
        )?;
        #private::Result::Ok(#value)
    }
}

/// `impl DecodeVariants`: names and a reader per variant.
fn variants_impl(dx: &Dx<'_>, input: &Input<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let private = dx.private;
    let checks = dx.checks;
    let de = de_lifetime();
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = bound::decode_generics(input, private);
    let names = variants.iter().map(|v| &v.wire);
    // Names grouped by length: the match on the length is a jump, and each
    // compare against a constant is one or two word loads once inlined.
    let mut by_len: Vec<(usize, Vec<TokenStream>)> = Vec::new();
    for (vi, v) in variants.iter().enumerate() {
        let bytes = syn::LitByteStr::new(v.wire.as_bytes(), v.ident.span());
        let test = quote! {
            if #private::same_name(__name, #bytes) {
                return #private::Option::Some(#vi);
            }
        };
        match by_len.iter_mut().find(|(len, _)| *len == v.wire.len()) {
            Some((_, tests)) => tests.push(test),
            None => by_len.push((v.wire.len(), vec![test])),
        }
    }
    let name_arms = by_len
        .iter()
        .map(|(len, tests)| quote!(#len => { #(#tests)* }));
    let count = variants.len();
    let repr = input.repr();
    let arms = variants.iter().enumerate().map(|(vi, v)| {
        let ident = v.ident;
        let path = quote!(Self::#ident);
        let live = v.fields.iter().filter(|f| !f.skipped()).count();
        let body = match (repr, v.style) {
            // The whole map is the variant's: skip it, or read its fields
            // around the tag entry.
            (Repr::Internal(_), Style::Unit) => quote! {
                let _ = __payload;
                __r.skip()?;
                #private::Result::Ok(#path)
            },
            (Repr::Internal(tag), Style::Named) => {
                let inner = map_body(dx, path, &shape::name(Some(vi)), &v.fields, Some(tag));
                quote! {
                    let _ = __payload;
                    #inner
                }
            }
            // Untagged: the input is the payload itself.
            (Repr::Untagged, Style::Unit) => quote! {
                let _ = __payload;
                #private::decode_unit(__r)?;
                #private::Result::Ok(#path)
            },
            (Repr::Untagged, Style::Tuple) if v.fields.len() == 1 && live == 1 => {
                let read = dx.read_fn(&v.fields[0]);
                quote! {
                    let _ = __payload;
                    #private::Result::Ok(#path(#read(__r)?))
                }
            }
            (Repr::Untagged, Style::Tuple) => {
                let inner = tuple_body(dx, path, Style::Tuple, &v.fields);
                quote! {
                    let _ = __payload;
                    #inner
                }
            }
            (Repr::Untagged, Style::Named) => {
                let inner = map_body(dx, path, &shape::name(Some(vi)), &v.fields, None);
                quote! {
                    let _ = __payload;
                    #inner
                }
            }
            (_, style) => match style {
                Style::Unit => quote! {
                    #private::unit_payload(__payload, __r)?;
                    #private::Result::Ok(#path)
                },
                Style::Tuple if v.fields.len() == 1 && live == 1 => {
                    let read = dx.read_fn(&v.fields[0]);
                    quote! {
                        #private::require_payload(__payload, __r)?;
                        #private::Result::Ok(#path(#read(__r)?))
                    }
                }
                Style::Tuple => {
                    let inner = tuple_body(dx, path, Style::Tuple, &v.fields);
                    quote! {
                        #private::require_payload(__payload, __r)?;
                        #inner
                    }
                }
                Style::Named => {
                    let inner = map_body(dx, path, &shape::name(Some(vi)), &v.fields, None);
                    quote! {
                        #private::require_payload(__payload, __r)?;
                        #inner
                    }
                }
            },
        };
        if vi + 1 == count {
            quote!(_ => { #body })
        } else {
            quote!(#vi => { #body })
        }
    });
    let body = if variants.is_empty() {
        quote! {
            let _ = __payload;
            #private::no_variant(__index, __r)
        }
    } else {
        quote!(match __index { #(#arms)* })
    };
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::DecodeVariants<#de> for #ident #ty_generics #where_clause {
            const NAMES: &'static [&'static str] = &[#(#names),*];

            #[inline]
            fn decode_variant(
                __index: usize,
                __payload: bool,
                __r: &mut #private::Reader<#de>,
            ) -> #private::Result<Self, #private::Error> {
                #checks
                #body
            }

            #[inline]
            fn variant_of(__name: &[u8]) -> #private::Option<usize> {
                match __name.len() {
                    #(#name_arms)*
                    _ => {}
                }
                #private::Option::None
            }
        }
    }
}
