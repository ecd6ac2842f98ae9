//! Parse → check → expand, and the wrapper every expansion lives in.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Body, Field, Input, Style};
use crate::encode::Ctx;
use crate::errors::Errors;
use crate::{bound, check, decode, encode, require, runtime, shape};

/// The whole expansion. Attribute errors come back as compile errors
/// together with stub impls, so that one mistake yields one message and not
/// a cascade of "trait not implemented" at every use of the type.
pub fn derive(input: &syn::DeriveInput) -> Result<TokenStream, syn::Error> {
    let mut errors = Errors::default();
    let model = Input::from_syn(&mut errors, input);
    let Some(model) = model else {
        return Err(errors.finish().err().unwrap_or_else(|| {
            syn::Error::new_spanned(&input.ident, "`#[derive(Boring)]` cannot expand this item")
        }));
    };
    check::check(&mut errors, &model);
    let private = quote!(_boring::__private);
    let body = match errors.finish() {
        Ok(()) => {
            let checks = require::checks(input, &model, &private);
            let cx = Ctx {
                private: &private,
                encode_checks: &checks.encode,
                decode_checks: &checks.decode,
            };
            let items = &checks.items;
            let shapes = shapes(&model, &private);
            let encode = encode::expand(&cx, &model);
            let decode = decode::expand(&cx, &model);
            quote! {
                #items
                #shapes
                #encode
                #decode
            }
        }
        Err(e) => {
            let error = e.into_compile_error();
            let stubs = stubs(&model, &private);
            return Ok(wrap(&model, quote!(#error #stubs)));
        }
    };
    Ok(wrap(&model, body))
}

fn live<'i, 'a>(fields: &'i [Field<'a>]) -> Vec<&'i Field<'a>> {
    fields.iter().filter(|f| !f.skipped()).collect()
}

/// `const _: () = { extern crate boring as _boring; … };`
fn wrap(input: &Input<'_>, body: TokenStream) -> TokenStream {
    let krate = runtime::import(input.attrs.krate.as_ref().map(|k| &k.value));
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            #krate
            #body
        };
    }
}

/// The shape constants: one for a struct with named fields, one per struct
/// variant of an enum.
fn shapes(input: &Input<'_>, private: &TokenStream) -> TokenStream {
    let keys = input.keys();
    let deny = input.attrs.deny_unknown_fields.is_some();
    match &input.body {
        Body::Struct(Style::Named, fields) => {
            let live_fields = live(fields);
            if encode::transparent(input, Style::Named, &live_fields).is_some()
                || input.attrs.array.is_some()
            {
                return quote!();
            }
            // The shape of a struct with flattened or unknown-entry fields
            // covers its own keyed fields.
            let live_fields: Vec<&Field<'_>> =
                live_fields.into_iter().filter(|f| !f.spread()).collect();
            shape::constant(private, &shape::name(None), &live_fields, keys, deny)
        }
        Body::Struct(..) => quote!(),
        Body::Enum(variants) => variants
            .iter()
            .enumerate()
            .filter(|(_, v)| v.style == Style::Named)
            .map(|(i, v)| {
                shape::constant(private, &shape::name(Some(i)), &live(&v.fields), keys, deny)
            })
            .collect(),
    }
}

/// Impls with bodies that are never compiled into anything: the
/// expansion already holds a compile error.
fn stubs(input: &Input<'_>, private: &TokenStream) -> TokenStream {
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let (de_impl, de_ty, _) = bound::decode_generics(input, private);
    let de = bound::de_lifetime();
    let de_where = where_clause.map(|w| {
        let preds = w
            .predicates
            .iter()
            .filter(|p| !matches!(p, syn::WherePredicate::Lifetime(_)))
            .map(|p| bound::replace_lifetimes(quote!(#p), &bound::lifetimes(input)));
        quote!(where #(#preds),*)
    });
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::Encode for #ident #ty_generics #where_clause {
            fn encode<__S: #private::Sink>(&self, _: &mut #private::Writer<__S>)
                -> #private::Result<(), #private::Error>
            {
                ::core::unreachable!()
            }
        }

        #[automatically_derived]
        impl #de_impl #private::Decode<#de> for #ident #de_ty #de_where {
            fn decode(_: &mut #private::Reader<#de>) -> #private::Result<Self, #private::Error> {
                ::core::unreachable!()
            }
        }
    }
}
