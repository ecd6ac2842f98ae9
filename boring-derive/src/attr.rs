//! The `#[boring(...)]` namespace: parsing container, variant and field
//! attributes, with duplicate and unknown names reported at their tokens.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::{Attribute, LitStr, Path, Token, WherePredicate};

use crate::errors::Errors;
use crate::suggest;

/// The attribute namespace.
pub const BORING: &str = "boring";

// Container attributes.
pub const RENAME_ALL: &str = "rename_all";
pub const KEYS: &str = "keys";
pub const DENY_UNKNOWN_FIELDS: &str = "deny_unknown_fields";
pub const TRANSPARENT: &str = "transparent";
pub const RECORD: &str = "record";
pub const CRATE: &str = "crate";
pub const BOUND: &str = "bound";
pub const ARRAY: &str = "array";
pub const CBOR_TAG: &str = "cbor_tag";
pub const TAG: &str = "tag";
pub const CONTENT: &str = "content";
pub const UNTAGGED: &str = "untagged";
pub const INDEX: &str = "index";

// Field attributes (`rename` also applies to variants).
pub const RENAME: &str = "rename";
pub const SKIP: &str = "skip";
pub const DEFAULT: &str = "default";
pub const SKIP_IF_NONE: &str = "skip_if_none";
pub const BYTES: &str = "bytes";
pub const WITH: &str = "with";
pub const KEY: &str = "key";
pub const FLATTEN: &str = "flatten";
pub const UNKNOWN: &str = "unknown";

const CONTAINER_ATTRS: &[&str] = &[
    RENAME_ALL,
    KEYS,
    DENY_UNKNOWN_FIELDS,
    TRANSPARENT,
    RECORD,
    CRATE,
    BOUND,
    ARRAY,
    CBOR_TAG,
    TAG,
    CONTENT,
    UNTAGGED,
    INDEX,
];
const VARIANT_ATTRS: &[&str] = &[RENAME];
const FIELD_ATTRS: &[&str] = &[
    RENAME,
    SKIP,
    DEFAULT,
    SKIP_IF_NONE,
    BYTES,
    WITH,
    KEY,
    CBOR_TAG,
    FLATTEN,
    UNKNOWN,
];

/// A value given once, with the span of the attribute that set it.
#[derive(Debug)]
pub struct Set<T> {
    pub value: T,
    pub span: Span,
}

/// Stores `value` in `slot`, or reports a duplicate attribute at both
/// places it is written.
fn set<T>(errors: &mut Errors, slot: &mut Option<Set<T>>, name: &str, span: Span, value: T) {
    match slot {
        Some(first) => errors.twice(
            (span, format!("duplicate attribute `#[boring({name})]`")),
            (first.span, format!("`#[boring({name})]` is first set here")),
        ),
        None => *slot = Some(Set { value, span }),
    }
}

/// How struct field keys are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    /// Text strings (the default).
    Text,
    /// Identifiers: tag 39 over `":name"`.
    Keyword,
}

/// A case convention for `rename_all`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

impl RenameRule {
    const ALL: &'static [(&'static str, RenameRule)] = &[
        ("lowercase", RenameRule::Lower),
        ("UPPERCASE", RenameRule::Upper),
        ("PascalCase", RenameRule::Pascal),
        ("camelCase", RenameRule::Camel),
        ("snake_case", RenameRule::Snake),
        ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
        ("kebab-case", RenameRule::Kebab),
        ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
    ];

    fn parse(name: &str) -> Option<RenameRule> {
        RenameRule::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, r)| *r)
    }

    /// Renames a field (written in snake_case in Rust).
    pub fn field(self, name: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => name.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => name.to_ascii_uppercase(),
            RenameRule::Pascal => pascal(name),
            RenameRule::Camel => lower_first(&pascal(name)),
            RenameRule::Kebab => name.replace('_', "-"),
            RenameRule::ScreamingKebab => name.replace('_', "-").to_ascii_uppercase(),
        }
    }

    /// Renames a variant (written in PascalCase in Rust).
    pub fn variant(self, name: &str) -> String {
        match self {
            RenameRule::Lower => name.to_ascii_lowercase(),
            RenameRule::Upper => name.to_ascii_uppercase(),
            RenameRule::Pascal => name.to_owned(),
            RenameRule::Camel => lower_first(name),
            RenameRule::Snake => snake(name),
            RenameRule::ScreamingSnake => snake(name).to_ascii_uppercase(),
            RenameRule::Kebab => snake(name).replace('_', "-"),
            RenameRule::ScreamingKebab => snake(name).replace('_', "-").to_ascii_uppercase(),
        }
    }
}

fn pascal(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn lower_first(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn snake(pascal: &str) -> String {
    let mut out = String::new();
    for (i, c) in pascal.char_indices() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// Attributes on the struct or enum.
#[derive(Debug, Default)]
pub struct Container {
    pub rename_all: Option<Set<RenameRule>>,
    pub keys: Option<Set<Keys>>,
    pub deny_unknown_fields: Option<Set<()>>,
    pub transparent: Option<Set<()>>,
    pub record: Option<Set<String>>,
    pub krate: Option<Set<Path>>,
    pub bound: Option<Set<Bounds>>,
    pub array: Option<Set<()>>,
    pub cbor_tag: Option<Set<u64>>,
    pub tag: Option<Set<String>>,
    pub content: Option<Set<String>>,
    pub untagged: Option<Set<()>>,
    pub index: Option<Set<()>>,
}

/// A map key given with `key = ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Key {
    /// `key = "text"`.
    Text(String),
    /// `key = N`: any CBOR integer, −2^64 … 2^64−1.
    Int(i128),
}

/// Where-clause predicates.
pub type Predicates = Punctuated<WherePredicate, Token![,]>;

/// `bound = "..."` (both impls) or `bound(encode = "...", decode = "...")`.
#[derive(Debug, Default)]
pub struct Bounds {
    pub encode: Option<Predicates>,
    pub decode: Option<Predicates>,
}

/// Attributes on an enum variant.
#[derive(Debug, Default)]
pub struct Variant {
    pub rename: Option<Set<String>>,
}

/// How a field's absence is filled in.
#[derive(Debug)]
pub enum Default {
    /// `Default::default()`.
    Trait,
    /// A function called with no arguments.
    Path(Path),
}

/// Attributes on a field.
#[derive(Debug, Default)]
pub struct Field {
    pub rename: Option<Set<String>>,
    pub skip: Option<Set<()>>,
    pub default: Option<Set<Default>>,
    pub skip_if_none: Option<Set<()>>,
    pub bytes: Option<Set<()>>,
    pub with: Option<Set<Path>>,
    pub key: Option<Set<Key>>,
    pub cbor_tag: Option<Set<u64>>,
    pub flatten: Option<Set<()>>,
    pub unknown: Option<Set<()>>,
}

/// Where an attribute was written, for messages.
#[derive(Debug, Clone, Copy)]
enum Position {
    Container,
    Variant,
    Field,
}

impl Position {
    fn describe(self) -> &'static str {
        match self {
            Position::Container => "a struct or enum",
            Position::Variant => "a variant",
            Position::Field => "a field",
        }
    }
}

/// Reports an attribute name that is not valid at `pos`, saying where it
/// belongs when it is valid elsewhere, or which valid name it is close to.
fn unknown(errors: &mut Errors, meta: &ParseNestedMeta<'_>, pos: Position) {
    let name = meta
        .path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_else(|| {
            quote::ToTokens::to_token_stream(&meta.path)
                .to_string()
                .replace(' ', "")
        });
    let elsewhere = [
        (CONTAINER_ATTRS, Position::Container),
        (VARIANT_ATTRS, Position::Variant),
        (FIELD_ATTRS, Position::Field),
    ]
    .into_iter()
    .find(|(names, _)| names.contains(&name.as_str()))
    .map(|(_, p)| p);
    let expected = match pos {
        Position::Container => CONTAINER_ATTRS,
        Position::Variant => VARIANT_ATTRS,
        Position::Field => FIELD_ATTRS,
    };
    let mut message = match elsewhere {
        Some(belongs) => format!(
            "`#[boring({name})]` applies to {}, not to {}",
            belongs.describe(),
            pos.describe()
        ),
        None => match suggest::closest(&name, expected) {
            Some(close) => format!(
                "unknown attribute `#[boring({name})]` on {}; did you mean `{close}`?",
                pos.describe()
            ),
            None => format!(
                "unknown attribute `#[boring({name})]` on {}; expected one of: {}",
                pos.describe(),
                expected.join(", ")
            ),
        },
    };
    if name == TAG {
        if let Some(hint) = cbor_tag_hint(meta) {
            message.push_str(&hint);
        }
    }
    errors.add_spanned(&meta.path, message);
}

/// For `tag = N` (an integer): the hint that a CBOR tag is `cbor_tag`,
/// `tag` being the key of an internally tagged enum.
fn cbor_tag_hint(meta: &ParseNestedMeta<'_>) -> Option<String> {
    let fork = meta.input.fork();
    fork.parse::<Token![=]>().ok()?;
    let n = fork.parse::<syn::LitInt>().ok()?;
    Some(format!(
        "; to write the value inside CBOR tag {n}, use `#[boring(cbor_tag = {n})]`"
    ))
}

/// Consumes whatever follows an unknown or bad attribute name (`= "..."` or
/// `(...)`) so parsing can go on to the next one.
fn skip_value(meta: &ParseNestedMeta<'_>) {
    if meta.input.peek(Token![=]) {
        let _ = meta.value().and_then(|v| v.parse::<syn::Expr>());
    } else if meta.input.peek(syn::token::Paren) {
        let _ = meta.parse_nested_meta(|inner| {
            skip_value(&inner);
            Ok(())
        });
    }
}

/// A `name = "string"` value.
fn string(meta: &ParseNestedMeta<'_>, name: &str) -> syn::Result<LitStr> {
    if !meta.input.peek(Token![=]) {
        return Err(meta.error(format!("expected `#[boring({name} = \"...\")]`")));
    }
    let lit: LitStr = meta.value()?.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            format!("expected a string: `#[boring({name} = \"...\")]`"),
        )
    })?;
    Ok(lit)
}

/// A `name = "T: Trait, …"` value.
fn predicates(meta: &ParseNestedMeta<'_>, name: &str) -> syn::Result<Predicates> {
    let lit = string(meta, name)?;
    lit.parse_with(Predicates::parse_terminated).map_err(|e| {
        syn::Error::new(
            lit.span(),
            format!("expected where-clause predicates in `#[boring({name} = \"...\")]`: {e}"),
        )
    })
}

/// The largest magnitude of a CBOR integer: 2^64 (for −2^64).
const INT_LIMIT: u128 = 1 << 64;

/// A `name = N` value: a non-negative integer that fits 64 bits.
fn tag_number(meta: &ParseNestedMeta<'_>, name: &str) -> syn::Result<u64> {
    let expected = || format!("expected a tag number: `#[boring({name} = 18)]`");
    if !meta.input.peek(Token![=]) {
        return Err(meta.error(expected()));
    }
    let lit: syn::LitInt = meta
        .value()?
        .parse()
        .map_err(|e| syn::Error::new(e.span(), expected()))?;
    lit.base10_parse::<u64>().map_err(|_| {
        syn::Error::new(
            lit.span(),
            format!("tag number out of range in `#[boring({name})]`: 0 … 2^64−1"),
        )
    })
}

/// A `key = N` or `key = "text"` value: N any CBOR integer (a leading
/// minus allowed).
fn key_value(meta: &ParseNestedMeta<'_>) -> syn::Result<Key> {
    const EXPECTED: &str = "expected an integer or a string: `#[boring(key = 1)]`, `#[boring(key = -7)]` or `#[boring(key = \"name\")]`";
    if !meta.input.peek(Token![=]) {
        return Err(meta.error(EXPECTED));
    }
    let expr: syn::Expr = meta.value()?.parse()?;
    let (negative, lit) = match &expr {
        syn::Expr::Lit(syn::ExprLit { lit, .. }) => (false, lit),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr: inner,
            ..
        }) => match &**inner {
            syn::Expr::Lit(syn::ExprLit { lit, .. }) => (true, lit),
            _ => return Err(syn::Error::new_spanned(&expr, EXPECTED)),
        },
        _ => return Err(syn::Error::new_spanned(&expr, EXPECTED)),
    };
    match lit {
        syn::Lit::Str(s) if !negative => Ok(Key::Text(s.value())),
        syn::Lit::Int(i) => {
            let range = || {
                syn::Error::new_spanned(
                    &expr,
                    "integer key out of the CBOR range −2^64 … 2^64−1 in `#[boring(key)]`",
                )
            };
            let magnitude = i.base10_parse::<u128>().map_err(|_| range())?;
            if negative {
                if magnitude > INT_LIMIT {
                    return Err(range());
                }
                Ok(Key::Int(-(magnitude as i128)))
            } else if magnitude >= INT_LIMIT {
                Err(range())
            } else {
                Ok(Key::Int(magnitude as i128))
            }
        }
        _ => Err(syn::Error::new_spanned(&expr, EXPECTED)),
    }
}

/// A bare flag: no value allowed.
fn flag(meta: &ParseNestedMeta<'_>, name: &str) -> syn::Result<()> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        return Err(meta.error(format!("`#[boring({name})]` takes no value")));
    }
    Ok(())
}

/// Calls `each` for every entry of every `#[boring(...)]` attribute.
fn for_each(
    errors: &mut Errors,
    attrs: &[Attribute],
    mut each: impl FnMut(&mut Errors, &ParseNestedMeta<'_>, &str) -> syn::Result<()>,
) {
    for attr in attrs.iter().filter(|a| a.path().is_ident(BORING)) {
        if let syn::Meta::Path(path) = &attr.meta {
            errors.add_spanned(
                path,
                "expected `#[boring(...)]` with at least one attribute",
            );
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            let name = match meta.path.get_ident() {
                Some(ident) => ident.to_string(),
                None => String::new(),
            };
            if let Err(e) = each(errors, &meta, &name) {
                errors.push(e);
                skip_value(&meta);
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
}

/// Parses the container attributes.
pub fn container(errors: &mut Errors, attrs: &[Attribute]) -> Container {
    let mut out = Container::default();
    for_each(errors, attrs, |errors, meta, name| {
        let span = meta.path.span_of_name();
        match name {
            RENAME_ALL => {
                let lit = string(meta, name)?;
                match RenameRule::parse(&lit.value()) {
                    Some(rule) => set(errors, &mut out.rename_all, name, span, rule),
                    None => {
                        let names: Vec<_> = RenameRule::ALL.iter().map(|(n, _)| *n).collect();
                        let expected = match suggest::closest(&lit.value(), &names) {
                            Some(close) => format!("did you mean \"{close}\"?"),
                            None => format!("expected one of: {}", names.join(", ")),
                        };
                        errors.add(
                            lit.span(),
                            format!(
                                "unknown case `{}` in `#[boring(rename_all)]`; {expected}",
                                lit.value(),
                            ),
                        );
                    }
                }
            }
            KEYS => {
                let lit = string(meta, name)?;
                let keys = match lit.value().as_str() {
                    "text" => Keys::Text,
                    "keyword" => Keys::Keyword,
                    other => {
                        errors.add(
                            lit.span(),
                            format!(
                                "unknown key form `{other}` in `#[boring(keys)]`; expected \"text\" or \"keyword\""
                            ),
                        );
                        return Ok(());
                    }
                };
                set(errors, &mut out.keys, name, span, keys);
            }
            DENY_UNKNOWN_FIELDS => {
                flag(meta, name)?;
                set(errors, &mut out.deny_unknown_fields, name, span, ());
            }
            TRANSPARENT => {
                flag(meta, name)?;
                set(errors, &mut out.transparent, name, span, ());
            }
            RECORD => {
                let lit = string(meta, name)?;
                let value = lit.value();
                match value.split_once('/') {
                    Some((ns, local)) if !ns.is_empty() && !local.is_empty() => {
                        set(errors, &mut out.record, name, span, value)
                    }
                    _ => errors.add(
                        lit.span(),
                        "expected a qualified name: `#[boring(record = \"namespace/Name\")]`",
                    ),
                }
            }
            CRATE => {
                let lit = string(meta, name)?;
                let path: Path = lit.parse().map_err(|_| {
                    syn::Error::new(
                        lit.span(),
                        "expected a path: `#[boring(crate = \"path::to::boring\")]`",
                    )
                })?;
                set(errors, &mut out.krate, name, span, path);
            }
            BOUND => {
                let bounds = if meta.input.peek(syn::token::Paren) {
                    let mut bounds = Bounds::default();
                    meta.parse_nested_meta(|inner| {
                        let which = inner
                            .path
                            .get_ident()
                            .map(ToString::to_string)
                            .unwrap_or_default();
                        let slot = match which.as_str() {
                            "encode" => &mut bounds.encode,
                            "decode" => &mut bounds.decode,
                            _ => {
                                let hint = match suggest::closest(&which, &["encode", "decode"]) {
                                    Some(close) => format!("; did you mean `{close}`?"),
                                    None => String::new(),
                                };
                                errors.push(inner.error(format!(
                                    "expected `#[boring(bound(encode = \"...\", decode = \"...\"))]`{hint}"
                                )));
                                skip_value(&inner);
                                return Ok(());
                            }
                        };
                        let preds = predicates(&inner, name)?;
                        if slot.is_some() {
                            errors.add(
                                inner.path.span_of_name(),
                                format!("duplicate attribute `#[boring(bound({which}))]`"),
                            );
                        }
                        *slot = Some(preds);
                        Ok(())
                    })?;
                    bounds
                } else {
                    let preds = predicates(meta, name)?;
                    Bounds {
                        encode: Some(preds.clone()),
                        decode: Some(preds),
                    }
                };
                set(errors, &mut out.bound, name, span, bounds);
            }
            ARRAY => {
                flag(meta, name)?;
                set(errors, &mut out.array, name, span, ());
            }
            CBOR_TAG => {
                let n = tag_number(meta, name)?;
                set(errors, &mut out.cbor_tag, name, span, n);
            }
            TAG | CONTENT => {
                if name == TAG {
                    if let Some(hint) = cbor_tag_hint(meta) {
                        return Err(meta.error(format!(
                            "`#[boring(tag = \"...\")]` names the key that holds an internally tagged enum's variant{hint}"
                        )));
                    }
                }
                let lit = string(meta, name)?;
                let slot = if name == TAG {
                    &mut out.tag
                } else {
                    &mut out.content
                };
                set(errors, slot, name, span, lit.value());
            }
            UNTAGGED => {
                flag(meta, name)?;
                set(errors, &mut out.untagged, name, span, ());
            }
            INDEX => {
                flag(meta, name)?;
                set(errors, &mut out.index, name, span, ());
            }
            _ => {
                unknown(errors, meta, Position::Container);
                skip_value(meta);
            }
        }
        Ok(())
    });
    out
}

/// Parses the attributes of one variant.
pub fn variant(errors: &mut Errors, attrs: &[Attribute]) -> Variant {
    let mut out = Variant::default();
    for_each(errors, attrs, |errors, meta, name| {
        let span = meta.path.span_of_name();
        match name {
            RENAME => {
                let lit = string(meta, name)?;
                set(errors, &mut out.rename, name, span, lit.value());
            }
            _ => {
                unknown(errors, meta, Position::Variant);
                skip_value(meta);
            }
        }
        Ok(())
    });
    out
}

/// Parses the attributes of one field.
pub fn field(errors: &mut Errors, attrs: &[Attribute]) -> Field {
    let mut out = Field::default();
    for_each(errors, attrs, |errors, meta, name| {
        let span = meta.path.span_of_name();
        match name {
            RENAME => {
                let lit = string(meta, name)?;
                set(errors, &mut out.rename, name, span, lit.value());
            }
            SKIP => {
                flag(meta, name)?;
                set(errors, &mut out.skip, name, span, ());
            }
            DEFAULT => {
                let value = if meta.input.peek(Token![=]) {
                    let lit = string(meta, name)?;
                    let path: Path = lit.parse().map_err(|_| {
                        syn::Error::new(
                            lit.span(),
                            "expected a function path: `#[boring(default = \"path::to::function\")]`",
                        )
                    })?;
                    Default::Path(path)
                } else {
                    flag(meta, name)?;
                    Default::Trait
                };
                set(errors, &mut out.default, name, span, value);
            }
            SKIP_IF_NONE => {
                flag(meta, name)?;
                set(errors, &mut out.skip_if_none, name, span, ());
            }
            BYTES => {
                flag(meta, name)?;
                set(errors, &mut out.bytes, name, span, ());
            }
            WITH => {
                let lit = string(meta, name)?;
                let path: Path = lit.parse().map_err(|_| {
                    syn::Error::new(
                        lit.span(),
                        "expected a module path: `#[boring(with = \"path::to::module\")]`",
                    )
                })?;
                set(errors, &mut out.with, name, span, path);
            }
            KEY => {
                let key = key_value(meta)?;
                set(errors, &mut out.key, name, span, key);
            }
            CBOR_TAG => {
                let n = tag_number(meta, name)?;
                set(errors, &mut out.cbor_tag, name, span, n);
            }
            FLATTEN => {
                flag(meta, name)?;
                set(errors, &mut out.flatten, name, span, ());
            }
            UNKNOWN => {
                flag(meta, name)?;
                set(errors, &mut out.unknown, name, span, ());
            }
            _ => {
                unknown(errors, meta, Position::Field);
                skip_value(meta);
            }
        }
        Ok(())
    });
    out
}

/// The span of an attribute's name.
trait SpanOfName {
    fn span_of_name(&self) -> Span;
}

impl SpanOfName for Path {
    fn span_of_name(&self) -> Span {
        self.segments
            .last()
            .map_or_else(Span::call_site, |s| s.ident.span())
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule;

    #[test]
    fn field_cases() {
        let cases = [
            ("lowercase", "user_id"),
            ("UPPERCASE", "USER_ID"),
            ("PascalCase", "UserId"),
            ("camelCase", "userId"),
            ("snake_case", "user_id"),
            ("SCREAMING_SNAKE_CASE", "USER_ID"),
            ("kebab-case", "user-id"),
            ("SCREAMING-KEBAB-CASE", "USER-ID"),
        ];
        for (rule, expected) in cases {
            assert_eq!(
                RenameRule::parse(rule).unwrap().field("user_id"),
                expected,
                "{rule}"
            );
        }
    }

    #[test]
    fn variant_cases() {
        let cases = [
            ("lowercase", "lowtide"),
            ("UPPERCASE", "LOWTIDE"),
            ("PascalCase", "LowTide"),
            ("camelCase", "lowTide"),
            ("snake_case", "low_tide"),
            ("SCREAMING_SNAKE_CASE", "LOW_TIDE"),
            ("kebab-case", "low-tide"),
            ("SCREAMING-KEBAB-CASE", "LOW-TIDE"),
        ];
        for (rule, expected) in cases {
            assert_eq!(
                RenameRule::parse(rule).unwrap().variant("LowTide"),
                expected,
                "{rule}"
            );
        }
        assert!(RenameRule::parse("Title Case").is_none());
    }
}
