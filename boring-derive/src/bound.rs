//! Generics of the generated impls: inferred bounds (`T: Encode`,
//! `T: Decode<'de>`, `T: Default`), the `bound` override, and the decode
//! lifetime.
//!
//! A type with lifetime parameters decodes as `impl<'de> Decode<'de> for
//! Type<'de, …>`: every lifetime becomes the input's, which is what lets a
//! `&'a str` field borrow from the input (covariance gives back any shorter
//! lifetime the caller wants).

use std::collections::HashSet;

use proc_macro2::{Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::{GenericParam, Generics, WherePredicate};

use crate::ast::{Body, Field, Input};
use crate::attr;

/// The name of the input lifetime in decode impls.
pub const DE: &str = "de";

/// `'de`.
pub fn de_lifetime() -> TokenStream {
    lifetime(DE, Span::call_site())
}

fn lifetime(name: &str, span: Span) -> TokenStream {
    let mut out = TokenStream::new();
    let mut tick = Punct::new('\'', Spacing::Joint);
    tick.set_span(span);
    out.extend([
        TokenTree::Punct(tick),
        TokenTree::Ident(Ident::new(name, span)),
    ]);
    out
}

/// Every field the generated code reads or writes, with whether it goes
/// through the `Encode`/`Decode` traits (not `bytes`, not `with`).
fn fields<'i, 'a>(input: &'i Input<'a>) -> Vec<&'i Field<'a>> {
    match &input.body {
        Body::Struct(_, fields) => fields.iter().collect(),
        Body::Enum(variants) => variants.iter().flat_map(|v| v.fields.iter()).collect(),
    }
}

/// The type parameters that appear in `ty`.
fn params_in(ty: &syn::Type, params: &HashSet<Ident>, out: &mut HashSet<Ident>) {
    fn walk(tokens: TokenStream, params: &HashSet<Ident>, out: &mut HashSet<Ident>) {
        for tt in tokens {
            match tt {
                TokenTree::Ident(i) if params.contains(&i) => {
                    out.insert(i);
                }
                TokenTree::Group(g) => walk(g.stream(), params, out),
                _ => {}
            }
        }
    }
    walk(ty.to_token_stream(), params, out);
}

fn type_params(generics: &Generics) -> HashSet<Ident> {
    generics.type_params().map(|p| p.ident.clone()).collect()
}

/// Whether `ty` names a type or const parameter of the input: what it
/// implements then depends on the impls' where clauses.
pub fn is_generic(input: &Input<'_>, ty: &syn::Type) -> bool {
    let mut params = type_params(input.generics);
    params.extend(input.generics.const_params().map(|p| p.ident.clone()));
    let mut used = HashSet::new();
    params_in(ty, &params, &mut used);
    !used.is_empty()
}

/// Bounds `each(param)` for the type parameters used by the fields `pick`
/// selects.
fn inferred(
    input: &Input<'_>,
    pick: impl Fn(&Field<'_>) -> bool,
    bound: impl Fn(&Ident) -> TokenStream,
) -> Vec<TokenStream> {
    let params = type_params(input.generics);
    let mut used = HashSet::new();
    for f in fields(input).into_iter().filter(|f| pick(f)) {
        params_in(f.ty, &params, &mut used);
    }
    // Keep declaration order for readable output.
    input
        .generics
        .type_params()
        .filter(|p| used.contains(&p.ident))
        .map(|p| bound(&p.ident))
        .collect()
}

fn traited(f: &Field<'_>) -> bool {
    !f.skipped() && f.attrs.bytes.is_none() && f.attrs.with.is_none()
}

fn defaulted(f: &Field<'_>) -> bool {
    f.skipped()
        || matches!(
            f.attrs.default.as_ref().map(|d| &d.value),
            Some(attr::Default::Trait)
        )
}

/// The user's `bound` for one impl, if any, as predicates.
fn user_bound(input: &Input<'_>, decode: bool) -> Option<Vec<TokenStream>> {
    let bounds = &input.attrs.bound.as_ref()?.value;
    let preds = if decode {
        &bounds.decode
    } else {
        &bounds.encode
    };
    preds
        .as_ref()
        .map(|p| p.iter().map(ToTokens::to_token_stream).collect())
}

/// Impl generics, type generics and where clause for `Encode`.
pub fn encode_generics(
    input: &Input<'_>,
    private: &TokenStream,
) -> (TokenStream, TokenStream, TokenStream) {
    let extra = user_bound(input, false)
        .unwrap_or_else(|| inferred(input, traited, |p| quote!(#p: #private::Encode)));
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let predicates = where_clause.map(|w| {
        w.predicates
            .iter()
            .map(ToTokens::to_token_stream)
            .collect::<Vec<_>>()
    });
    let all: Vec<TokenStream> = predicates.into_iter().flatten().chain(extra).collect();
    (
        impl_generics.to_token_stream(),
        ty_generics.to_token_stream(),
        where_tokens(&all),
    )
}

/// Impl generics (with `'de` in place of the type's lifetimes), the type
/// with its lifetimes replaced by `'de`, and the where clause, for `Decode`.
pub fn decode_generics(
    input: &Input<'_>,
    private: &TokenStream,
) -> (TokenStream, TokenStream, TokenStream) {
    let de = de_lifetime();
    let lifetimes: HashSet<Ident> = input
        .generics
        .lifetimes()
        .map(|l| l.lifetime.ident.clone())
        .collect();
    let sub = |tokens: TokenStream| replace_lifetimes(tokens, &lifetimes);
    let extra = match user_bound(input, true) {
        Some(user) => user,
        None => {
            let mut b = inferred(input, traited, |p| quote!(#p: #private::Decode<#de>));
            b.extend(inferred(
                input,
                defaulted,
                |p| quote!(#p: #private::Default),
            ));
            b
        }
    };
    let mut params = vec![de.clone()];
    let mut args = Vec::new();
    for p in &input.generics.params {
        match p {
            GenericParam::Lifetime(_) => args.push(de.clone()),
            GenericParam::Type(t) => {
                let ident = &t.ident;
                let bounds = &t.bounds;
                params.push(if bounds.is_empty() {
                    quote!(#ident)
                } else {
                    sub(quote!(#ident: #bounds))
                });
                args.push(quote!(#ident));
            }
            GenericParam::Const(c) => {
                let ident = &c.ident;
                let ty = &c.ty;
                params.push(quote!(const #ident: #ty));
                args.push(quote!(#ident));
            }
        }
    }
    let predicates = input
        .generics
        .where_clause
        .iter()
        .flat_map(|w| w.predicates.iter())
        .filter(|p| !matches!(p, WherePredicate::Lifetime(_)))
        .map(|p| sub(p.to_token_stream()));
    let all: Vec<TokenStream> = predicates.chain(extra.into_iter().map(sub)).collect();
    let ty_args = if args.is_empty() {
        quote!()
    } else {
        quote!(<#(#args),*>)
    };
    (quote!(<#(#params),*>), ty_args, where_tokens(&all))
}

/// The where clause, written even when empty: the compiler then sees the
/// impl's where clause as the expansion's and suggests no bounds there in
/// its messages (they would name the check traits of `require`).
fn where_tokens(predicates: &[TokenStream]) -> TokenStream {
    quote!(where #(#predicates),*)
}

/// Replaces every lifetime named in `names` by `'de` (for field types and
/// bounds inside decode impls).
pub fn replace_lifetimes(tokens: TokenStream, names: &HashSet<Ident>) -> TokenStream {
    replace_lifetimes_with(tokens, names, DE)
}

/// Replaces every lifetime named in `names` by `'replacement` (`'_` leaves
/// them to inference).
pub fn replace_lifetimes_with(
    tokens: TokenStream,
    names: &HashSet<Ident>,
    replacement: &str,
) -> TokenStream {
    if names.is_empty() {
        return tokens;
    }
    let mut out = Vec::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(tt) = iter.next() {
        match tt {
            TokenTree::Punct(p) if p.as_char() == '\'' => {
                if let Some(TokenTree::Ident(i)) = iter.peek() {
                    if names.contains(i) {
                        let span = i.span();
                        iter.next();
                        out.extend(lifetime(replacement, span));
                        continue;
                    }
                }
                out.push(TokenTree::Punct(p));
            }
            TokenTree::Group(g) => {
                let mut group = Group::new(
                    g.delimiter(),
                    replace_lifetimes_with(g.stream(), names, replacement),
                );
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// The lifetimes of the input type, for [`replace_lifetimes`].
pub fn lifetimes(input: &Input<'_>) -> HashSet<Ident> {
    input
        .generics
        .lifetimes()
        .map(|l| l.lifetime.ident.clone())
        .collect()
}
