//! The `Encode` impl (and, for structs with named fields, `EncodeFields`).

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Body, Field, Input, Repr, Style, Variant};
use crate::bound;
use crate::shape;

/// Names shared by the generated functions.
pub struct Ctx<'a> {
    /// `_boring::__private`.
    pub private: &'a TokenStream,
    /// The field type assertions every body of the encode impls that
    /// writes fields starts with (see `require`).
    pub encode_checks: &'a TokenStream,
    /// The same for the bodies of the decode impls.
    pub decode_checks: &'a TokenStream,
}

impl Ctx<'_> {
    /// `_boring::__private` spanned at `f`'s type, for the code that
    /// reads or writes `f`.
    pub fn private_at(&self, f: &Field<'_>) -> TokenStream {
        crate::require::respan(self.private, f.ty.span())
    }

    /// `_boring::__private::<path>` for a call on `f`'s behalf, spanned
    /// across its type (see `require`).
    pub fn path(&self, f: &Field<'_>, path: TokenStream) -> TokenStream {
        crate::require::path(self.private, f.ty, path)
    }

    /// `<ty as _boring::__private::<trait_path>>::item` for `f`, spanned
    /// across its type.
    pub fn qpath(
        &self,
        f: &Field<'_>,
        ty: &TokenStream,
        trait_path: TokenStream,
        item: &str,
    ) -> TokenStream {
        let private = self.private;
        crate::require::qpath(f.ty, ty, &quote!(#private::#trait_path), item)
    }
}

/// Writes one field's value (`access` is a `&FieldType` expression) into
/// `__w`. Trait calls name the field type so that a missing impl is
/// reported at the field.
pub fn write_value(cx: &Ctx<'_>, f: &Field<'_>, access: &TokenStream) -> TokenStream {
    let private = &cx.private_at(f);
    let ty = f.ty;
    let ty_tokens = quote!(#ty);
    let value = if let Some(with) = &f.attrs.with {
        let path = &with.value;
        quote_spanned!(path.span()=> #path::encode(#access, __w))
    } else if f.attrs.bytes.is_some() {
        let encode = cx.qpath(f, &ty_tokens, quote!(EncodeBytes), "encode_bytes");
        quote_spanned!(ty.span()=> #encode(#access, __w))
    } else {
        let encode = cx.qpath(f, &ty_tokens, quote!(Encode), "encode");
        quote_spanned!(ty.span()=> #encode(#access, __w))
    };
    match &f.attrs.cbor_tag {
        Some(tag) => {
            let n = tag.value;
            quote_spanned!(ty.span()=> #private::encode_in_tag(__w, #n, |__w| #value))
        }
        None => value,
    }
}

/// Whether a `skip_if_none` field is written, if it is one.
fn present(cx: &Ctx<'_>, f: &Field<'_>, access: &TokenStream) -> Option<TokenStream> {
    let ty = f.ty;
    let ty_tokens = quote!(#ty);
    f.attrs.skip_if_none.as_ref()?;
    let is_none = if f.attrs.bytes.is_some() {
        cx.qpath(f, &ty_tokens, quote!(EncodeBytes), "is_none")
    } else {
        cx.qpath(f, &ty_tokens, quote!(Encode), "is_none")
    };
    Some(quote_spanned!(ty.span()=> !#is_none(#access)))
}

/// `match __field { 0 => …, 1 => …, _ => <last> }` over `arms`; `empty`
/// when there are none.
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
    let checks = cx.encode_checks;
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = bound::encode_generics(input, private);
    let sink = quote!(__S: #private::Sink);
    let sig = quote! {
        fn encode<#sink>(&self, __w: &mut #private::Writer<__S>)
            -> #private::Result<(), #private::Error>
    };
    let (body, extra_methods, fields_impl) = match &input.body {
        Body::Struct(style, fields) => {
            let live: Vec<&Field<'_>> = fields.iter().filter(|f| !f.skipped()).collect();
            if let Some(inner) = transparent(input, *style, &live) {
                let (body, extra) = transparent_body(cx, inner);
                (body, extra, quote!())
            } else {
                match style {
                    Style::Named if input.attrs.array.is_some() => {
                        (array_body(cx, &live), quote!(), quote!())
                    }
                    Style::Named if live.iter().any(|f| f.spread()) => {
                        (spread_body(cx, &live), quote!(), quote!())
                    }
                    Style::Named => {
                        let fields_impl = fields_impl(cx, input, &live);
                        match &input.attrs.record {
                            Some(name) => {
                                let name = &name.value;
                                (
                                    quote!(#private::encode_record(self, #name, __w)),
                                    quote!(),
                                    fields_impl,
                                )
                            }
                            None => {
                                let size = max_size(cx, &live);
                                let methods = encode_seq(private);
                                let describe = describe_record(cx, &live);
                                let census = census(cx, &live);
                                (
                                    map_body(cx, &live),
                                    quote!(#methods #size #describe #census),
                                    fields_impl,
                                )
                            }
                        }
                    }
                    Style::Tuple => {
                        let access: Vec<_> = live
                            .iter()
                            .map(|f| {
                                let member = &f.member;
                                (*f, quote!(&self.#member))
                            })
                            .collect();
                        (tuple_body(cx, &access), quote!(), quote!())
                    }
                    Style::Unit => (quote!(__w.null()), quote!(), quote!()),
                }
            }
        }
        Body::Enum(variants) if input.repr() != Repr::External || input.attrs.index.is_some() => {
            let ids = ids(input, variants);
            let body = match input.repr() {
                Repr::External => quote!(#private::encode_enum_ids(self, __w, #ids)),
                Repr::Adjacent(tag, content) => {
                    quote!(#private::encode_adjacent(self, __w, #tag, #content, #ids))
                }
                Repr::Internal(tag) => quote!(#private::encode_internal(self, __w, #tag, #ids)),
                Repr::Untagged => quote!(#private::encode_untagged(self, __w)),
            };
            (body, quote!(), variants_impl(cx, input, variants))
        }
        Body::Enum(variants) => {
            let census = enum_census(cx, variants);
            (
                quote!(#private::encode_enum(self, __w)),
                quote! {
                    #[inline]
                    fn encode_seq<'__a, __S, __I>(__items: __I, __w: &mut #private::Writer<__S>)
                        -> #private::Result<(), #private::Error>
                    where
                        Self: #private::Sized + '__a,
                        __S: #private::Sink,
                        __I: #private::ExactSizeIterator<Item = &'__a Self> + #private::Clone,
                    {
                        #private::encode_enum_seq(__items, __w)
                    }

                    #census
                },
                variants_impl(cx, input, variants),
            )
        }
    };
    // A tagged value is written element by element: no shaped or columnar
    // tables for sequences of it.
    let (body, extra_methods) = match &input.attrs.cbor_tag {
        Some(tag) => {
            let n = tag.value;
            (
                quote!(#private::encode_in_tag(__w, #n, |__w| { #body })),
                quote!(),
            )
        }
        None => (body, extra_methods),
    };
    quote! {
        #fields_impl

        #[automatically_derived]
        impl #impl_generics #private::Encode for #ident #ty_generics #where_clause {
            #[inline]
            #sig {
                #checks
                #body
            }
            #extra_methods
        }
    }
}

/// The one field a struct is written as, when it is transparent: a tuple
/// struct of exactly one field, or `#[boring(transparent)]`.
pub fn transparent<'i, 'a>(
    input: &Input<'_>,
    style: Style,
    live: &[&'i Field<'a>],
) -> Option<&'i Field<'a>> {
    let newtype = style == Style::Tuple
        && live.len() == 1
        && matches!(&input.body, Body::Struct(_, all) if all.len() == 1);
    if input.attrs.transparent.is_some() || newtype {
        live.first().copied()
    } else {
        None
    }
}

/// A transparent struct writes its field; a plain field also forwards
/// sequence layout and `is_none`, so `Vec<Wrapper>` is laid out like
/// `Vec<Inner>`.
fn transparent_body(cx: &Ctx<'_>, f: &Field<'_>) -> (TokenStream, TokenStream) {
    let private = &cx.private_at(f);
    let checks = cx.encode_checks;
    let member = &f.member;
    let body = write_value(cx, f, &quote!(&self.#member));
    if f.attrs.bytes.is_some() || f.attrs.with.is_some() {
        return (body, quote!());
    }
    let ty = f.ty;
    let ty_tokens = quote!(#ty);
    let encode_seq = cx.qpath(f, &ty_tokens, quote!(Encode), "encode_seq");
    let seq_table_saving = cx.qpath(f, &ty_tokens, quote!(Encode), "seq_table_saving");
    let is_none = cx.qpath(f, &ty_tokens, quote!(Encode), "is_none");
    let describe = cx.qpath(f, &ty_tokens, quote!(Encode), "describe");
    let extra = quote_spanned! {ty.span()=>
        #[inline]
        fn encode_seq<'__a, __S, __I>(__items: __I, __w: &mut #private::Writer<__S>)
            -> #private::Result<(), #private::Error>
        where
            Self: #private::Sized + '__a,
            __S: #private::Sink,
            __I: #private::ExactSizeIterator<Item = &'__a Self> + #private::Clone,
        {
            #checks
            #encode_seq(
                #private::Iterator::map(__items, |__item: &'__a Self| &__item.#member),
                __w,
            )
        }

        #[inline]
        fn seq_table_saving<'__a, __I>(__items: __I, __options: &#private::Resolved) -> usize
        where
            Self: #private::Sized + '__a,
            __I: #private::ExactSizeIterator<Item = &'__a Self> + #private::Clone,
        {
            #checks
            #seq_table_saving(
                #private::Iterator::map(__items, |__item: &'__a Self| &__item.#member),
                __options,
            )
        }

        #[inline]
        fn is_none(&self) -> bool {
            #checks
            #is_none(&self.#member)
        }

        fn describe() -> #private::Description {
            #checks
            #describe()
        }
    };
    (body, extra)
}

/// The census of a struct written as a map (the first pass of scattered
/// shapes): the struct's shape around its field values, in writing order.
/// A field written `with` a function or as bytes holds no derived map the
/// census could see. A sequence of the struct is a table: nothing in it is
/// visited.
fn census(cx: &Ctx<'_>, live: &[&Field<'_>]) -> TokenStream {
    let private = cx.private;
    let checks = cx.encode_checks;
    let visits = live
        .iter()
        .filter(|f| f.attrs.with.is_none() && f.attrs.bytes.is_none())
        .map(|f| {
            let ty = f.ty;
            let member = &f.member;
            let census = cx.qpath(f, &quote!(#ty), quote!(Encode), "census");
            quote_spanned!(ty.span()=> #census(&self.#member, __c);)
        });
    quote! {
        const HOLDS_RECORDS: bool = true;

        fn census(&self, __c: &mut #private::Census) {
            #checks
            __c.record(<Self as #private::EncodeFields>::SHAPE, |__c| { #(#visits)* });
        }

        #[inline]
        fn census_seq<'__a, __I>(__items: __I, __c: &mut #private::Census)
        where
            Self: #private::Sized + '__a,
            __I: #private::ExactSizeIterator<Item = &'__a Self> + #private::Clone,
        {
            let _ = (__items, __c);
        }
    }
}

/// A variant's fields that are written, with their positions.
fn live_fields<'v, 'a>(v: &'v Variant<'a>) -> Vec<(usize, &'v Field<'a>)> {
    v.fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.skipped())
        .collect()
}

/// The pattern binding a variant's live fields by reference (`__f0`, …).
fn variant_pattern(v: &Variant<'_>, live: &[(usize, &Field<'_>)]) -> TokenStream {
    let ident = v.ident;
    match v.style {
        Style::Unit => quote!(Self::#ident),
        Style::Tuple => {
            let parts = v.fields.iter().enumerate().map(|(i, f)| {
                if f.skipped() {
                    quote!(_)
                } else {
                    let b = binding(i);
                    quote!(ref #b)
                }
            });
            quote!(Self::#ident(#(#parts),*))
        }
        Style::Named => {
            let parts = live.iter().map(|(i, f)| {
                let member = &f.member;
                let b = binding(*i);
                quote!(#member: ref #b)
            });
            let rest = if live.len() < v.fields.len() {
                quote!(..)
            } else {
                quote!()
            };
            quote!(Self::#ident { #(#parts,)* #rest })
        }
    }
}

/// The census of an externally tagged enum (the first pass of scattered
/// shapes): a struct variant's payload is a map of the variant's shape
/// around its field values; other payloads are visited as what they hold.
/// The one-entry map around a payload never qualifies (one key). An enum
/// with a visited payload may hold records: a constant, not the payload
/// types' own, which a recursive enum could not evaluate.
fn enum_census(cx: &Ctx<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let private = cx.private;
    let checks = cx.encode_checks;
    let mut holds = false;
    let arms = variants.iter().enumerate().map(|(vi, v)| {
        let live = live_fields(v);
        let pattern = variant_pattern(v, &live);
        let visits: Vec<TokenStream> = live
            .iter()
            .filter(|(_, f)| f.attrs.with.is_none() && f.attrs.bytes.is_none())
            .map(|(i, f)| {
                let ty = f.ty;
                let b = binding(*i);
                let census = cx.qpath(f, &quote!(#ty), quote!(Encode), "census");
                quote_spanned!(ty.span()=> #census(#b, __c);)
            })
            .collect();
        holds |= v.style == Style::Named || !visits.is_empty();
        match v.style {
            Style::Unit => quote!(#pattern => {}),
            Style::Named => {
                let shape = shape::name(Some(vi));
                quote!(#pattern => __c.record(#shape, |__c| { #(#visits)* }),)
            }
            Style::Tuple => quote!(#pattern => __c.values(|__c| { #(#visits)* }),),
        }
    });
    let arms: Vec<TokenStream> = arms.collect();
    quote! {
        const HOLDS_RECORDS: bool = #holds;

        fn census(&self, __c: &mut #private::Census) {
            #checks
            let _ = &__c;
            match *self {
                #(#arms)*
            }
        }
    }
}

/// `describe` of a struct written as a map: its shape and each field's
/// description, by position (the shape's field order).
fn describe_record(cx: &Ctx<'_>, live: &[&Field<'_>]) -> TokenStream {
    let private = cx.private;
    let checks = cx.encode_checks;
    let arms = live.iter().enumerate().map(|(i, f)| {
        let ty = f.ty;
        let ty_tokens = quote!(#ty);
        let description = if f.attrs.with.is_some() {
            quote!(#private::Description::opaque())
        } else if f.attrs.bytes.is_some() {
            let describe = cx.qpath(f, &ty_tokens, quote!(EncodeBytes), "describe");
            quote_spanned!(ty.span()=> #describe())
        } else {
            let describe = cx.qpath(f, &ty_tokens, quote!(Encode), "describe");
            quote_spanned!(ty.span()=> #describe())
        };
        quote!(#i => #description,)
    });
    quote! {
        fn describe() -> #private::Description {
            #checks
            #private::Description::of(#private::DescribedKind::Record(
                #private::DescribedFields::new(
                    <Self as #private::EncodeFields>::SHAPE,
                    |__i| match __i {
                        #(#arms)*
                        _ => #private::Description::opaque(),
                    },
                ),
            ))
        }
    }
}

/// `encode_seq` of a struct with named fields: shaped tables when asked,
/// and the saving they make, which maps of the struct ask for.
fn encode_seq(private: &TokenStream) -> TokenStream {
    quote! {
        #[inline]
        fn encode_seq<'__a, __S, __I>(__items: __I, __w: &mut #private::Writer<__S>)
            -> #private::Result<(), #private::Error>
        where
            Self: #private::Sized + '__a,
            __S: #private::Sink,
            __I: #private::ExactSizeIterator<Item = &'__a Self> + #private::Clone,
        {
            #private::encode_seq(__items, __w)
        }

        #[inline]
        fn seq_table_saving<'__a, __I>(__items: __I, __options: &#private::Resolved) -> usize
        where
            Self: #private::Sized + '__a,
            __I: #private::ExactSizeIterator<Item = &'__a Self> + #private::Clone,
        {
            #private::seq_table_saving(__items, __options)
        }
    }
}

/// `impl EncodeFields`: the shape and a field dispatch.
fn fields_impl(cx: &Ctx<'_>, input: &Input<'_>, live: &[&Field<'_>]) -> TokenStream {
    let private = cx.private;
    let checks = cx.encode_checks;
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = bound::encode_generics(input, private);
    let shape = shape::name(None);
    let access = |f: &Field<'_>| {
        let member = &f.member;
        quote!(&self.#member)
    };
    let writes = live
        .iter()
        .map(|f| write_value(cx, f, &access(f)))
        .collect();
    let write = dispatch(
        writes,
        quote!({
            let _ = (__field, __w);
            #private::Result::Ok(())
        }),
    );
    let present_arms: Vec<TokenStream> = live
        .iter()
        .enumerate()
        .filter_map(|(i, f)| present(cx, f, &access(f)).map(|p| quote!(#i => #p,)))
        .collect();
    let present_fn = if present_arms.is_empty() {
        quote!()
    } else {
        quote! {
            #[inline]
            fn present(&self, __field: usize) -> bool {
                #checks
                match __field {
                    #(#present_arms)*
                    _ => true,
                }
            }
        }
    };
    let columns = crate::columns::encode_methods(cx, live);
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::EncodeFields for #ident #ty_generics #where_clause {
            const SHAPE: &'static #private::Shape = #shape;

            #present_fn

            #columns

            #[inline]
            fn encode_field<__S: #private::Sink>(
                &self,
                __field: usize,
                __w: &mut #private::Writer<__S>,
            ) -> #private::Result<(), #private::Error> {
                #checks
                #write
            }
        }
    }
}

/// A struct as a map: in declaration order (every profile but the sorted
/// ones) one straight run of key and value writes, each key a constant of
/// the shape; the sorted orders go through the runtime's table of them.
fn map_body(cx: &Ctx<'_>, live: &[&Field<'_>]) -> TokenStream {
    let private = cx.private;
    let shape = shape::name(None);
    let mut counts = Vec::new();
    let mut entries = Vec::new();
    let mut plain_entries = Vec::new();
    for (i, f) in live.iter().enumerate() {
        let member = &f.member;
        let access = quote!(&self.#member);
        let write = write_value(cx, f, &access);
        let entry = quote! {
            #private::encode_key(__w, #shape, #i)?;
            #write?;
        };
        let plain_entry = quote! {
            #private::encode_plain_key(__w, #shape, #i)?;
            #write?;
        };
        match present(cx, f, &access) {
            Some(p) => {
                counts.push(quote!(usize::from(#p)));
                entries.push(quote!(if #p { #entry }));
                plain_entries.push(quote!(if #p { #plain_entry }));
            }
            None => {
                counts.push(quote!(1usize));
                entries.push(entry);
                plain_entries.push(plain_entry);
            }
        }
    }
    // Two runs, chosen once per value: keys as constant bytes, or through
    // the stringref table when a namespace is open.
    quote! {
        if #private::in_declaration_order(__w) {
            __w.map(0usize #(+ #counts)*)?;
            if #private::keys_are_plain(__w) {
                #(#plain_entries)*
            } else {
                #(#entries)*
            }
            #private::Result::Ok(())
        } else {
            #private::encode_map(self, __w)
        }
    }
}

/// `const MAX_SIZE` for a map of `live`: each key in its longest form
/// (an identifier's `d8 27`, a nine-byte head) and each value's bound;
/// nothing when a field is written through `with`, as bytes or in a tag.
fn max_size(cx: &Ctx<'_>, live: &[&Field<'_>]) -> TokenStream {
    let private = cx.private;
    let checks = cx.encode_checks;
    if live
        .iter()
        .any(|f| f.attrs.with.is_some() || f.attrs.bytes.is_some() || f.attrs.cbor_tag.is_some())
    {
        return quote!();
    }
    let parts = live.iter().map(|f| {
        let private = &cx.private_at(f);
        let ty = f.ty;
        let key = match f.int_key {
            Some(_) => 9,
            None => {
                let len = f.wire.len();
                let head = match len {
                    0..=23 => 1,
                    24..=0xff => 2,
                    0x100..=0xffff => 3,
                    _ => 5,
                };
                2 + head + len
            }
        };
        let max_size = cx.qpath(f, &quote!(#ty), quote!(Encode), "MAX_SIZE");
        quote_spanned! {ty.span()=>
            #private::Option::Some(#key),
            #max_size,
        }
    });
    quote! {
        const MAX_SIZE: #private::Option<usize> = {
            #checks
            #private::bounded_size(&[#(#parts)*])
        };
    }
}

/// An array of the live fields, in order.
fn tuple_body(cx: &Ctx<'_>, live: &[(&Field<'_>, TokenStream)]) -> TokenStream {
    let private = cx.private;
    let n = live.len();
    let writes = live.iter().map(|(f, access)| write_value(cx, f, access));
    quote! {
        __w.array(#n)?;
        #(#writes?;)*
        #private::Result::Ok(())
    }
}

/// `&[id, …]`: the variants' integer identifiers under `index`, else
/// empty.
pub fn ids(input: &Input<'_>, variants: &[Variant<'_>]) -> TokenStream {
    if input.attrs.index.is_some() {
        let ids = variants.iter().map(|v| v.id);
        quote!(&[#(#ids),*])
    } else {
        quote!(&[])
    }
}

/// `#[boring(array)]`: an array of the live fields in order, leaving out
/// the trailing run of `skip_if_none` fields that are `None`.
fn array_body(cx: &Ctx<'_>, live: &[&Field<'_>]) -> TokenStream {
    let private = cx.private;
    let n = live.len();
    let access = |f: &Field<'_>| {
        let member = &f.member;
        quote!(&self.#member)
    };
    let shrink = live
        .iter()
        .enumerate()
        .rev()
        .take_while(|(_, f)| f.attrs.skip_if_none.is_some())
        .filter_map(|(i, f)| {
            let present = present(cx, f, &access(f))?;
            let after = i + 1;
            Some(quote!(if __n == #after && !(#present) { __n = #i; }))
        });
    let writes = live.iter().enumerate().map(|(i, f)| {
        let write = write_value(cx, f, &access(f));
        quote!(if #i < __n { #write?; })
    });
    quote! {
        #[allow(unused_mut)]
        let mut __n: usize = #n;
        #(#shrink)*
        __w.array(__n)?;
        #(#writes)*
        #private::Result::Ok(())
    }
}

/// A struct with `flatten` or `unknown` fields: one map of its own fields
/// (keys from its shape), the flattened entries where the field is
/// declared, and the unknown entries last.
fn spread_body(cx: &Ctx<'_>, live: &[&Field<'_>]) -> TokenStream {
    let private = cx.private;
    let shape = shape::name(None);
    let access = |f: &Field<'_>| {
        let member = &f.member;
        quote!(&self.#member)
    };
    let mut counts = Vec::new();
    let mut writes = Vec::new();
    let mut last = Vec::new();
    let mut own = 0usize;
    for f in live {
        let ty = f.ty;
        if f.spread() {
            let a = access(f);
            let ty_tokens = quote!(#ty);
            let flat_len = cx.qpath(f, &ty_tokens, quote!(EncodeFlat), "flat_len");
            let encode_flat = cx.qpath(f, &ty_tokens, quote!(EncodeFlat), "encode_flat");
            counts.push(quote_spanned!(ty.span()=> #flat_len(#a)));
            let write = quote_spanned!(ty.span()=> #encode_flat(#a, __w)?;);
            if f.attrs.unknown.is_some() {
                last.push(write);
            } else {
                writes.push(write);
            }
        } else {
            let j = own;
            own += 1;
            let write = write_value(cx, f, &access(f));
            match present(cx, f, &access(f)) {
                Some(p) => {
                    counts.push(quote!(usize::from(#p)));
                    writes.push(quote! {
                        if #p {
                            #private::encode_key(__w, #shape, #j)?;
                            #write?;
                        }
                    });
                }
                None => {
                    counts.push(quote!(1usize));
                    writes.push(quote! {
                        #private::encode_key(__w, #shape, #j)?;
                        #write?;
                    });
                }
            }
        }
    }
    quote! {
        __w.map(0usize #(+ #counts)*)?;
        #(#writes)*
        #(#last)*
        #private::Result::Ok(())
    }
}

fn binding(i: usize) -> Ident {
    Ident::new(&format!("__f{i}"), Span::call_site())
}

/// `impl EncodeVariants`: names, which variant a value is, and its payload.
fn variants_impl(cx: &Ctx<'_>, input: &Input<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let private = cx.private;
    let checks = cx.encode_checks;
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = bound::encode_generics(input, private);
    let names = variants.iter().map(|v| &v.wire);
    let mut which = Vec::new();
    let mut payloads = Vec::new();
    for (vi, v) in variants.iter().enumerate() {
        let (pattern, payload) = variant_arm(cx, input, vi, v);
        let data = v.style != Style::Unit;
        which.push(quote!(#pattern => (#vi, #data),));
        payloads.push(quote!(#pattern => { #payload }));
    }
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::EncodeVariants for #ident #ty_generics #where_clause {
            const NAMES: &'static [&'static str] = &[#(#names),*];

            #[inline]
            fn variant(&self) -> (usize, bool) {
                match *self {
                    #(#which)*
                }
            }

            #[inline]
            fn encode_payload<__S: #private::Sink>(&self, __w: &mut #private::Writer<__S>)
                -> #private::Result<(), #private::Error>
            {
                #checks
                match *self {
                    #(#payloads)*
                }
            }
        }
    }
}

/// The pattern binding a variant's fields (`__f0`, …) and the code writing
/// its payload.
fn variant_arm(
    cx: &Ctx<'_>,
    input: &Input<'_>,
    vi: usize,
    v: &Variant<'_>,
) -> (TokenStream, TokenStream) {
    let private = cx.private;
    let live = live_fields(v);
    let access = |i: usize| {
        let b = binding(i);
        quote!(#b)
    };
    let pattern = variant_pattern(v, &live);
    let payload = match v.style {
        Style::Unit => quote! {
            let _ = __w;
            #private::Result::Ok(())
        },
        Style::Tuple if v.fields.len() == 1 && live.len() == 1 => {
            let (i, f) = live[0];
            write_value(cx, f, &access(i))
        }
        Style::Tuple => {
            let fields: Vec<_> = live.iter().map(|(i, f)| (*f, access(*i))).collect();
            tuple_body(cx, &fields)
        }
        Style::Named => {
            let shape = shape::name(Some(vi));
            let writes = live
                .iter()
                .map(|(i, f)| write_value(cx, f, &access(*i)))
                .collect();
            let write = dispatch(
                writes,
                quote!({
                    let _ = (__field, __w);
                    #private::Result::Ok(())
                }),
            );
            let present_arms: Vec<TokenStream> = live
                .iter()
                .enumerate()
                .filter_map(|(pos, (i, f))| {
                    present(cx, f, &access(*i)).map(|p| quote!(#pos => #p,))
                })
                .collect();
            let present = quote!(|__field: usize| match __field { #(#present_arms)* _ => true });
            match (input.repr(), &input.body) {
                (Repr::Internal(tag), Body::Enum(variants)) => {
                    let ids = ids(input, variants);
                    quote!(#private::encode_map_tagged(
                        __w,
                        #shape,
                        #tag,
                        <Self as #private::EncodeVariants>::NAMES,
                        #ids,
                        #vi,
                        #present,
                        |__w, __field| #write,
                    ))
                }
                _ => quote!(#private::encode_variant_map(
                    __w,
                    #shape,
                    #present,
                    |__w, __field| #write,
                )),
            }
        }
    };
    (pattern, payload)
}
