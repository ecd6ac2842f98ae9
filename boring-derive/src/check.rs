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
    protocol(errors, input);
    match &input.body {
        Body::Struct(style, fields) => {
            check_fields(errors, *style, fields);
            if *style == Style::Named {
                unique(errors, field_keys(fields), "field key");
            }
        }
        Body::Enum(variants) => {
            for v in variants {
                check_fields(errors, v.style, &v.fields);
                if v.style == Style::Named {
                    unique(errors, field_keys(&v.fields), "field key");
                }
            }
            unique(
                errors,
                variants
                    .iter()
                    .map(|v| (v.wire.clone(), format!("{:?}", v.wire), v.ident.span())),
                "variant name",
            );
            if input.attrs.index.is_some() {
                unique(
                    errors,
                    variants
                        .iter()
                        .map(|v| (v.id.to_string(), v.id.to_string(), v.ident.span())),
                    "variant index",
                );
            }
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
        if is_enum {
            errors.add(
                t.span,
                "`#[boring(transparent)]` applies to structs only: an enum is written as one of its variants",
            );
        } else if live != 1 {
            errors.add(
                t.span,
                format!(
                    "`#[boring(transparent)]` applies to structs with exactly one field that is not skipped; this one has {live}"
                ),
            );
        }
        if let Some(r) = &a.record {
            conflict(errors, (r, attr::RECORD), (t, attr::TRANSPARENT));
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
        if let (Some(bytes), Some(with)) = (&a.bytes, &a.with) {
            conflict(errors, (bytes, attr::BYTES), (with, attr::WITH));
        }
        if let Some(s) = &a.skip_if_none {
            if let Some(w) = &a.with {
                conflict(errors, (w, attr::WITH), (s, attr::SKIP_IF_NONE));
            } else if style == Style::Named && !is_option(f.ty) {
                errors.add(
                    s.span,
                    "`#[boring(skip_if_none)]` needs a field of type `Option<...>`",
                );
            }
        }
    }
}

/// Reports one attribute used together with another that excludes it,
/// at both.
fn conflict<T, U>(errors: &mut Errors, this: (&Set<T>, &str), other: (&Set<U>, &str)) {
    let ((at, name), (other_at, other)) = (this, other);
    errors.twice(
        (
            at.span,
            format!("`#[boring({name})]` cannot be combined with `#[boring({other})]`"),
        ),
        (other_at.span, format!("`#[boring({other})]` is set here")),
    );
}

/// The keys of the fields written under their own key: what makes each
/// distinct (its kind and value: `"1"` and `1` differ), how messages show
/// it (an integer bare, a text quoted), and where it is given (the `key`
/// or `rename` attribute, else the field's name).
fn field_keys<'i>(fields: &'i [Field<'_>]) -> impl Iterator<Item = (String, String, Span)> + 'i {
    fields
        .iter()
        .filter(|f| !f.skipped() && !f.spread())
        .map(|f| {
            let a = &f.attrs;
            let span = a
                .key
                .as_ref()
                .map(|k| k.span)
                .or_else(|| a.rename.as_ref().map(|r| r.span))
                .unwrap_or(f.span);
            match f.int_key {
                Some(n) => (format!("int {n}"), n.to_string(), span),
                None => (format!("text {}", f.wire), format!("{:?}", f.wire), span),
            }
        })
}

/// Reports every name after its first use, at that use and at the first.
fn unique(errors: &mut Errors, names: impl Iterator<Item = (String, String, Span)>, what: &str) {
    let mut seen = HashMap::new();
    for (id, shown, span) in names {
        match seen.get(&id) {
            Some(&first) => errors.twice(
                (span, format!("{what} {shown} is used twice")),
                (first, format!("{what} {shown} is first used here")),
            ),
            None => {
                seen.insert(id, span);
            }
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

/// Checks of the protocol attributes: integer keys, `array`, `cbor_tag`,
/// the enum representations, `flatten` and `unknown`.
fn protocol(errors: &mut Errors, input: &Input<'_>) {
    let a = &input.attrs;
    let keyword = input.keys() == Keys::Keyword;
    let (fields, variants): (&[Field<'_>], &[crate::ast::Variant<'_>]) = match &input.body {
        Body::Struct(_, fields) => (fields, &[]),
        Body::Enum(variants) => (&[], variants),
    };
    let named = matches!(&input.body, Body::Struct(Style::Named, _));
    let is_enum = matches!(&input.body, Body::Enum(_));

    // Container: `cbor_tag`.
    if let Some(t) = &a.cbor_tag {
        if let Some(r) = &a.record {
            conflict(errors, (t, attr::CBOR_TAG), (r, attr::RECORD));
        }
        if let Some(tr) = &a.transparent {
            conflict(errors, (t, attr::CBOR_TAG), (tr, attr::TRANSPARENT));
        }
    }

    // Container: `array`.
    if let Some(arr) = &a.array {
        if !named {
            errors.add(
                arr.span,
                "`#[boring(array)]` applies to structs with named fields (tuple structs are arrays already)",
            );
        }
        let others = [
            a.record.as_ref().map(|s| (s.span, attr::RECORD)),
            a.transparent.as_ref().map(|s| (s.span, attr::TRANSPARENT)),
            a.keys.as_ref().map(|s| (s.span, attr::KEYS)),
            a.rename_all.as_ref().map(|s| (s.span, attr::RENAME_ALL)),
            a.deny_unknown_fields
                .as_ref()
                .map(|s| (s.span, attr::DENY_UNKNOWN_FIELDS)),
        ];
        for (span, name) in others.into_iter().flatten() {
            errors.add(
                span,
                format!("`#[boring({name})]` cannot be combined with `#[boring(array)]`"),
            );
        }
        let live: Vec<&Field<'_>> = fields.iter().filter(|f| !f.skipped()).collect();
        for (i, f) in live.iter().enumerate() {
            let keyed = [
                f.attrs.key.as_ref().map(|s| (s.span, attr::KEY)),
                f.attrs.rename.as_ref().map(|s| (s.span, attr::RENAME)),
                f.attrs.flatten.as_ref().map(|s| (s.span, attr::FLATTEN)),
                f.attrs.unknown.as_ref().map(|s| (s.span, attr::UNKNOWN)),
            ];
            for (span, name) in keyed.into_iter().flatten() {
                errors.add(
                    span,
                    format!(
                        "`#[boring({name})]` has no effect in an `#[boring(array)]` struct, whose fields have positions, not keys"
                    ),
                );
            }
            if let Some(s) = &f.attrs.skip_if_none {
                let trailing = live
                    .get(i + 1..)
                    .unwrap_or_default()
                    .iter()
                    .all(|g| g.attrs.skip_if_none.is_some());
                if !trailing {
                    errors.add(
                        s.span,
                        "`#[boring(skip_if_none)]` in an `#[boring(array)]` struct applies only to a trailing run of fields: every later field must be `skip_if_none` too",
                    );
                }
            }
        }
    }

    // Container: enum representations.
    let repr_attrs = [
        a.tag.as_ref().map(|s| (s.span, attr::TAG)),
        a.content.as_ref().map(|s| (s.span, attr::CONTENT)),
        a.untagged.as_ref().map(|s| (s.span, attr::UNTAGGED)),
        a.index.as_ref().map(|s| (s.span, attr::INDEX)),
    ];
    if !is_enum {
        for (span, name) in repr_attrs.into_iter().flatten() {
            errors.add(span, format!("`#[boring({name})]` applies to enums"));
        }
    } else {
        if let (Some(c), None) = (&a.content, &a.tag) {
            errors.add(
                c.span,
                "`#[boring(content)]` needs `#[boring(tag = \"...\")]` (adjacently tagged)",
            );
        }
        if a.untagged.is_some() {
            for (span, name) in [
                a.tag.as_ref().map(|s| (s.span, attr::TAG)),
                a.content.as_ref().map(|s| (s.span, attr::CONTENT)),
                a.index.as_ref().map(|s| (s.span, attr::INDEX)),
            ]
            .into_iter()
            .flatten()
            {
                errors.add(
                    span,
                    format!("`#[boring({name})]` cannot be combined with `#[boring(untagged)]`"),
                );
            }
        }
        if let (Some(t), Some(c)) = (&a.tag, &a.content) {
            if t.value == c.value {
                errors.add(
                    c.span,
                    "`#[boring(content)]` must differ from `#[boring(tag)]`",
                );
            }
        }
        if let (Some(t), None) = (&a.tag, &a.content) {
            for v in variants {
                match v.style {
                    Style::Tuple => errors.add(
                        v.ident.span(),
                        format!(
                            "an internally tagged enum (`#[boring(tag = \"{}\")]` without `content`) needs unit or struct variants; add `#[boring(content = \"...\")]` for tuple variants",
                            t.value
                        ),
                    ),
                    Style::Named => {
                        for f in v.fields.iter().filter(|f| !f.skipped()) {
                            if f.int_key.is_none() && f.wire == t.value {
                                errors.add(
                                    f.span,
                                    format!("field key \"{}\" is the enum's tag", t.value),
                                );
                            }
                        }
                    }
                    Style::Unit => {}
                }
            }
        }
        if a.index.is_some() {
            for v in variants {
                if let Some(e) = v.bad_discriminant {
                    errors.add_spanned(e, "`#[boring(index)]` needs integer-literal discriminants");
                }
            }
        }
    }

    // Fields.
    let all_fields = fields.iter().map(|f| (f, false)).chain(
        variants
            .iter()
            .flat_map(|v| v.fields.iter().map(|f| (f, true))),
    );
    let mut unknowns = 0;
    for (f, in_variant) in all_fields {
        let fa = &f.attrs;
        if let Some(k) = &fa.key {
            if let Some(r) = &fa.rename {
                conflict(errors, (k, attr::KEY), (r, attr::RENAME));
            }
            if f.member_is_index() {
                errors.add(
                    k.span,
                    "`#[boring(key)]` applies to named fields; tuple fields have no keys",
                );
            }
            if f.int_key.is_some() {
                if a.record.is_some() {
                    errors.add(
                        k.span,
                        "an integer `#[boring(key)]` cannot be combined with `#[boring(record)]`, whose keys are keywords",
                    );
                } else if keyword {
                    errors.add(
                        k.span,
                        "an integer `#[boring(key)]` cannot be combined with `#[boring(keys = \"keyword\")]`",
                    );
                }
            }
        }
        for (slot, name) in [(&fa.flatten, attr::FLATTEN), (&fa.unknown, attr::UNKNOWN)] {
            let Some(s) = slot else { continue };
            if in_variant || !named {
                errors.add(
                    s.span,
                    format!("`#[boring({name})]` applies to fields of structs with named fields"),
                );
            }
            let others = [
                fa.key.as_ref().map(|x| (x.span, attr::KEY)),
                fa.rename.as_ref().map(|x| (x.span, attr::RENAME)),
                fa.skip_if_none
                    .as_ref()
                    .map(|x| (x.span, attr::SKIP_IF_NONE)),
                fa.bytes.as_ref().map(|x| (x.span, attr::BYTES)),
                fa.with.as_ref().map(|x| (x.span, attr::WITH)),
                fa.cbor_tag.as_ref().map(|x| (x.span, attr::CBOR_TAG)),
                fa.default.as_ref().map(|x| (x.span, attr::DEFAULT)),
            ];
            for (span, other) in others.into_iter().flatten() {
                errors.add(
                    span,
                    format!("`#[boring({other})]` cannot be combined with `#[boring({name})]`"),
                );
            }
            for (span, other) in [
                a.record.as_ref().map(|x| (x.span, attr::RECORD)),
                a.transparent.as_ref().map(|x| (x.span, attr::TRANSPARENT)),
                a.deny_unknown_fields
                    .as_ref()
                    .map(|x| (x.span, attr::DENY_UNKNOWN_FIELDS)),
            ]
            .into_iter()
            .flatten()
            {
                errors.add(
                    span,
                    format!(
                        "`#[boring({other})]` cannot be combined with a `#[boring({name})]` field"
                    ),
                );
            }
        }
        if let (Some(fl), Some(u)) = (&fa.flatten, &fa.unknown) {
            conflict(errors, (fl, attr::FLATTEN), (u, attr::UNKNOWN));
        }
        if let Some(u) = &fa.unknown {
            unknowns += 1;
            if unknowns > 1 {
                errors.add(u.span, "only one field can be `#[boring(unknown)]`");
            }
        }
    }
}
