//! The per-type field description: names, key texts, and the key bytes,
//! shaped-array header and sorted key orders, all computed at compile time
//! by the runtime's `const fn`s.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::ast::Field;
use crate::attr::Keys;

/// The name of the shape constant for a struct, or for struct variant
/// `index` of an enum.
pub fn name(variant: Option<usize>) -> Ident {
    match variant {
        None => Ident::new("__SHAPE", Span::call_site()),
        Some(i) => Ident::new(&format!("__SHAPE_{i}"), Span::call_site()),
    }
}

/// `const <name>: &Shape = …;` over the fields that are not skipped.
pub fn constant(
    private: &TokenStream,
    name: &Ident,
    fields: &[&Field<'_>],
    keys: Keys,
    deny_unknown: bool,
) -> TokenStream {
    let n = fields.len();
    let offsets = n + 1;
    let names = fields.iter().map(|f| f.wire.as_str());
    let specs = fields.iter().map(|f| match f.int_key {
        Some(k) => quote!(#private::KeySpec::Int(#k)),
        None => {
            let text = match keys {
                Keys::Text => f.wire.clone(),
                Keys::Keyword => format!(":{}", f.wire),
            };
            quote!(#private::KeySpec::Text(#text))
        }
    });
    // Text keys are matched as written: one array serves both.
    let names = match keys {
        Keys::Text => quote!(&TEXTS),
        Keys::Keyword => quote!(&[#(#names),*]),
    };
    let texts = fields.iter().map(|f| match keys {
        Keys::Text => f.wire.clone(),
        Keys::Keyword => format!(":{}", f.wire),
    });
    let keyword = keys == Keys::Keyword;
    let skippable = fields.iter().any(|f| f.attrs.skip_if_none.is_some());
    quote! {
        const #name: &'static #private::Shape = {
            const TEXTS: [&str; #n] = [#(#texts),*];
            const KEYS: [#private::KeySpec; #n] = [#(#specs),*];
            const HEADER: [u8; #private::header_len(&KEYS, #keyword)] =
                #private::header(&KEYS, #keyword);
            const OFFSETS: [usize; #offsets] = #private::key_offsets(&KEYS, #keyword);
            &#private::Shape {
                names: #names,
                texts: &TEXTS,
                keyword: #keyword,
                header: &HEADER,
                offsets: &OFFSETS,
                bytewise: &#private::key_order::<#n>(&HEADER, &OFFSETS, false),
                length_first: &#private::key_order::<#n>(&HEADER, &OFFSETS, true),
                skippable: #skippable,
                deny_unknown: #deny_unknown,
                keys: &KEYS,
                int_keys: #private::has_int_keys(&KEYS),
            }
        };
    }
}
