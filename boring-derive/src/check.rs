//! Checks that need the whole input: attributes that conflict, that do not
//! fit the kind of type, and keys or variant names used twice.

use std::collections::HashMap;

use proc_macro2::Span;

use crate::ast::{Body, Field, Input, Style};
use crate::attr::{self, Keys, Set};
use crate::errors::Errors;

/// Runs every check, adding what fails to `errors`.
pub fn check(errors: &mut Errors, input: &Input<'_>) {
    container(errors, input);
    match &input.body {
        Body::Struct(style, fields) => {
            check_fields(errors, *style, fields);
            if *style == Style::Named {
                unique(
                    errors,
                    fields
                        .iter()
                        .filter(|f| !f.skipped())
                        .map(|f| (&f.wire, f.span)),
                    "field key",
                );
            }
        }
        Body::Enum(variants) => {
            for v in variants {
                check_fields(errors, v.style, &v.fields);
                if v.style == Style::Named {
                    unique(
                        errors,
                        v.fields
                            .iter()
                            .filter(|f| !f.skipped())
                            .map(|f| (&f.wire, f.span)),
                        "field key",
                    );
                }
            }
            unique(
                errors,
                variants.iter().map(|v| (&v.wire, v.ident.span())),
                "variant name",
            );
        }
    }
}

fn container(errors: &mut Errors, input: &Input<'_>) {
    let a = &input.attrs;
    let (is_enum, style, fields) = match &input.body {
        Body::Struct(style, fields) => (false, Some(*style), &fields[..]),
        Body::Enum(_) => (true, None, &[][..]),
    };
    let named = style == Some(Style::Named);
    if let Some(t) = &a.transparent {
        let live = fields.iter().filter(|f| !f.skipped()).count();
        if is_enum || live != 1 {
            errors.add(
                t.span,
                "`#[boring(transparent)]` applies to structs with exactly one field that is not skipped",
            );
        }
        if let Some(r) = &a.record {
            conflict(errors, r, attr::RECORD, attr::TRANSPARENT);
        }
        for f in fields.iter().filter(|f| !f.skipped()) {
            if let Some(s) = &f.attrs.skip_if_none {
                errors.add(
                    s.span,
                    "`#[boring(skip_if_none)]` has no effect on the field of a transparent struct",
                );
            }
        }
    }
    if let Some(r) = &a.record {
        if !named {
            errors.add(
                r.span,
                "`#[boring(record)]` applies to structs with named fields",
            );
        }
        if let Some(k) = &a.keys {
            if k.value == Keys::Text {
                errors.add(
                    k.span,
                    "`#[boring(record)]` writes keyword keys; remove `#[boring(keys = \"text\")]`",
                );
            }
        }
    }
    if !is_enum && !named {
        let kind = if style == Some(Style::Tuple) {
            "a tuple struct"
        } else {
            "a unit struct"
        };
        let keyed = [
            a.keys.as_ref().map(|s| (s.span, attr::KEYS)),
            a.rename_all.as_ref().map(|s| (s.span, attr::RENAME_ALL)),
            a.deny_unknown_fields
                .as_ref()
                .map(|s| (s.span, attr::DENY_UNKNOWN_FIELDS)),
        ];
        for (span, name) in keyed.into_iter().flatten() {
            errors.add(
                span,
                format!("`#[boring({name})]` has no effect on {kind}, which has no keys"),
            );
        }
    }
}

fn check_fields(errors: &mut Errors, style: Style, fields: &[Field<'_>]) {
    for f in fields {
        let a = &f.attrs;
        if style == Style::Tuple {
            if let Some(r) = &a.rename {
                errors.add(
                    r.span,
                    "`#[boring(rename)]` applies to named fields; tuple fields have no keys",
                );
            }
            if let Some(s) = &a.skip_if_none {
                errors.add(
                    s.span,
                    "`#[boring(skip_if_none)]` applies to named fields; a tuple field keeps its position",
                );
            }
        }
        if a.skip.is_some() {
            let others = [
                a.rename.as_ref().map(|s| (s.span, attr::RENAME)),
                a.skip_if_none
                    .as_ref()
                    .map(|s| (s.span, attr::SKIP_IF_NONE)),
                a.bytes.as_ref().map(|s| (s.span, attr::BYTES)),
                a.with.as_ref().map(|s| (s.span, attr::WITH)),
            ];
            for (span, name) in others.into_iter().flatten() {
                errors.add(
                    span,
                    format!(
                        "`#[boring({name})]` has no effect on a field marked `#[boring(skip)]`"
                    ),
                );
            }
        }
        if let (Some(bytes), Some(_)) = (&a.bytes, &a.with) {
            conflict(errors, bytes, attr::BYTES, attr::WITH);
        }
        if let Some(s) = &a.skip_if_none {
            if let Some(w) = &a.with {
                conflict(errors, w, attr::WITH, attr::SKIP_IF_NONE);
            } else if style == Style::Named && !is_option(f.ty) {
                errors.add(
                    s.span,
                    "`#[boring(skip_if_none)]` needs a field of type `Option<...>`",
                );
            }
        }
    }
}

/// Reports `name` used together with `other`.
fn conflict<T>(errors: &mut Errors, at: &Set<T>, name: &str, other: &str) {
    errors.add(
        at.span,
        format!("`#[boring({name})]` cannot be combined with `#[boring({other})]`"),
    );
}

/// Reports every name after its first use.
fn unique<'a>(errors: &mut Errors, names: impl Iterator<Item = (&'a String, Span)>, what: &str) {
    let mut seen = HashMap::new();
    for (name, span) in names {
        if seen.insert(name.as_str(), span).is_some() {
            errors.add(span, format!("{what} \"{name}\" is used twice"));
        }
    }
}

/// Whether `ty` is spelled `Option<...>` (any path ending in `Option`).
pub fn is_option(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(p) => {
            p.qself.is_none() && p.path.segments.last().is_some_and(|s| s.ident == "Option")
        }
        syn::Type::Group(g) => is_option(&g.elem),
        syn::Type::Paren(p) => is_option(&p.elem),
        _ => false,
    }
}
