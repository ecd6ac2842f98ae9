//! The column methods of `EncodeFields` and `DecodeFields`: how each field
//! of a record is written and read as one column of a columnar table
//! (tag 39653). Plain fields use their type's own column layout (a typed
//! array for numbers); `skip_if_none` fields mark left-out rows; `with`,
//! `bytes` and `cbor_tag` fields are plain arrays of what they write.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::Field;
use crate::bound::de_lifetime;
use crate::decode::Dx;
use crate::encode::Ctx;

/// How a field's column is written.
enum Column {
    /// By the field type's `Encode::encode_column`.
    Typed,
    /// By the runtime's `optional_column` over `Option<T>`.
    Optional,
    /// By the default plain column (values as the field writes them).
    Plain,
}

fn column(f: &Field<'_>) -> Column {
    if f.attrs.with.is_some() || f.attrs.bytes.is_some() || f.attrs.cbor_tag.is_some() {
        Column::Plain
    } else if f.attrs.skip_if_none.is_some() {
        Column::Optional
    } else {
        Column::Typed
    }
}

/// `encode_column` and `column_is_typed` for `impl EncodeFields`.
pub fn encode_methods(cx: &Ctx<'_>, live: &[&Field<'_>]) -> TokenStream {
    let private = cx.private;
    let checks = cx.encode_checks;
    let mut writes = Vec::new();
    let mut typed = Vec::new();
    for (i, f) in live.iter().enumerate() {
        let ty = f.ty;
        let member = &f.member;
        let at = &cx.private_at(f);
        let values = quote_spanned!(ty.span()=> #at::Iterator::map(__items, |__v| &__v.#member));
        let ty_tokens = quote!(#ty);
        match column(f) {
            Column::Typed => {
                let encode = cx.qpath(f, &ty_tokens, quote!(Encode), "encode_column");
                let is_typed = cx.qpath(f, &ty_tokens, quote!(Encode), "column_is_typed");
                writes.push(quote_spanned!(ty.span()=> #i => #encode(#values, __w),));
                typed.push(quote_spanned!(ty.span()=> #i => #is_typed(#values),));
            }
            Column::Optional => {
                let encode = cx.path(f, quote!(optional_column));
                let is_typed = cx.path(f, quote!(optional_column_is_typed));
                writes.push(quote_spanned!(ty.span()=> #i => #encode(#values, __w),));
                typed.push(quote_spanned!(ty.span()=> #i => #is_typed(#values),));
            }
            Column::Plain => {}
        }
    }
    if writes.is_empty() {
        return quote!();
    }
    quote! {
        fn encode_column<'__a, __S, __I>(
            __items: __I,
            __field: usize,
            __w: &mut #private::Writer<__S>,
        ) -> #private::Result<(), #private::Error>
        where
            Self: '__a,
            __S: #private::Sink,
            __I: #private::ExactSizeIterator<Item = &'__a Self> + #private::Clone,
        {
            #checks
            match __field {
                #(#writes)*
                _ => #private::plain_column(__items, __field, __w),
            }
        }

        fn column_is_typed<'__a, __I>(__items: __I, __field: usize) -> bool
        where
            Self: '__a,
            __I: #private::ExactSizeIterator<Item = &'__a Self> + #private::Clone,
        {
            #checks
            match __field {
                #(#typed)*
                _ => false,
            }
        }
    }
}

/// The table methods of `impl DecodeFields`: `fill_rows` for small tables,
/// and `Columns`, `columns`, `fill_column` and `build_rows` for large ones.
pub fn decode_items(dx: &Dx<'_>, live: &[&Field<'_>]) -> TokenStream {
    let rows = rows_items(dx, live);
    let private = dx.private;
    let checks = dx.checks;
    let de = de_lifetime();
    let types = live.iter().map(|f| {
        let ty = dx.ty(f);
        quote!(#private::Option<#private::Vec<#ty>>)
    });
    let nones = live.iter().map(|_| quote!(#private::Option::None));
    let indices: Vec<syn::Index> = (0..live.len()).map(syn::Index::from).collect();
    let fills = live.iter().zip(&indices).enumerate().map(|(i, (f, index))| {
        let wire = dx.name(f);
        let ty = dx.ty(f);
        let read = match column(f) {
            Column::Plain => {
                let read = dx.read_fn(f);
                let read_column = dx.path(f, quote!(read_column));
                quote_spanned!(f.ty.span()=> |__r| #read_column(__r, __rows, #read))
            }
            _ => {
                let decode = dx.qpath(f, &ty, quote!(Decode<#de>), "decode_column");
                quote_spanned!(f.ty.span()=> |__r| #decode(__r, __rows))
            }
        };
        let fill_column = dx.path(f, quote!(fill_column));
        quote_spanned!(f.ty.span()=> #i => #fill_column(&mut __columns.#index, __r, #wire, #read),)
    });
    let fill_column = column_dispatch(
        dx,
        quote!(fill_column),
        (quote!(__columns), quote!(&mut Self::Columns)),
        live.is_empty(),
        fills,
    );
    quote! {
        #rows

        type Columns = (#(#types,)*);

        #[inline]
        fn columns() -> Self::Columns {
            (#(#nones,)*)
        }

        #fill_column

        fn build_rows(
            __columns: Self::Columns,
            __rows: usize,
            __at: usize,
        ) -> #private::Result<#private::Vec<Self>, #private::Error> {
            #checks
            let mut __cells = (#(#private::Option::map(__columns.#indices, #private::IntoIterator::into_iter),)*);
            let mut __out = #private::Vec::with_capacity(__rows);
            for __row in 0..__rows {
                let __slots = (#(#private::next_cell(&mut __cells.#indices),)*);
                let __value = <Self as #private::DecodeFields<#de>>::build(__slots, __at);
                __out.push(#private::Result::map_err(__value, |__e| __e.at_index(__row))?);
            }
            let _ = &mut __cells;
            #private::Result::Ok(__out)
        }
    }
}

/// `fill_rows`: each field's column decoded straight into the slots of the
/// table's rows.
fn rows_items(dx: &Dx<'_>, live: &[&Field<'_>]) -> TokenStream {
    let private = dx.private;
    let de = de_lifetime();
    let empty_slots = quote!(<Self as #private::DecodeFields<#de>>::slots);
    let fills = live.iter().enumerate().map(|(i, f)| {
        let index = syn::Index::from(i);
        let wire = dx.name(f);
        let ty = dx.ty(f);
        let set = quote_spanned!(f.ty.span()=>
            |__s: &mut Self::Slots, __v: #ty| __s.#index = #private::Option::Some(__v)
        );
        match column(f) {
            Column::Plain => {
                let read = dx.read_fn(f);
                let fill = dx.path(f, quote!(fill_rows_with));
                quote_spanned!(f.ty.span()=> #i => #fill(__into, __r, __rows, #wire, #read, #empty_slots, #set),)
            }
            _ => {
                let fill = dx.path(f, quote!(fill_rows));
                quote_spanned!(f.ty.span()=> #i => #fill(__into, __r, __rows, #wire, #empty_slots, #set),)
            }
        }
    });
    column_dispatch(
        dx,
        quote!(fill_rows),
        (quote!(__into), quote!(&mut #private::Rows<Self::Slots>)),
        live.is_empty(),
        fills,
    )
}

/// A table method that reads the column of field `__field` into its
/// `target` argument (name and type), one arm of `fills` per field.
fn column_dispatch(
    dx: &Dx<'_>,
    name: TokenStream,
    (target, target_ty): (TokenStream, TokenStream),
    no_fields: bool,
    fills: impl Iterator<Item = TokenStream>,
) -> TokenStream {
    let private = dx.private;
    let checks = dx.checks;
    let de = de_lifetime();
    // With no field the arguments would go unused.
    let unused = if no_fields {
        quote!(let _ = (#target, __rows, __r);)
    } else {
        quote!()
    };
    quote! {
        fn #name(
            #target: #target_ty,
            __field: usize,
            __rows: usize,
            __r: &mut #private::Reader<#de>,
        ) -> #private::Result<(), #private::Error> {
            #checks
            #unused
            match __field {
                #(#fills)*
                _ => #private::Result::Ok(()),
            }
        }
    }
}
