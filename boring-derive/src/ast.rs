//! The typed model of a derive input: shapes, fields, variants and their
//! parsed attributes, with wire names already decided.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Generics, Ident, Member, Type};

use crate::attr::{self, Keys};
use crate::errors::Errors;

/// The input type.
pub struct Input<'a> {
    pub ident: &'a Ident,
    pub generics: &'a Generics,
    pub attrs: attr::Container,
    pub body: Body<'a>,
}

/// What the type is.
pub enum Body<'a> {
    Struct(Style, Vec<Field<'a>>),
    Enum(Vec<Variant<'a>>),
}

/// How a struct or variant holds its fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `{ a: A }`
    Named,
    /// `(A, B)`
    Tuple,
    /// no fields
    Unit,
}

/// One field.
pub struct Field<'a> {
    /// `self.<member>`: a name or an index.
    pub member: Member,
    /// The span of the field (its name, or its type for tuple fields).
    pub span: Span,
    pub ty: &'a Type,
    pub attrs: attr::Field,
    /// The key written for this field (named fields only); for an
    /// integer key, its decimal text (used in error paths).
    pub wire: String,
    /// The integer key (`key = N`), if the field has one.
    pub int_key: Option<i128>,
}

impl Field<'_> {
    /// Whether the field is neither written nor read.
    pub fn skipped(&self) -> bool {
        self.attrs.skip.is_some()
    }

    /// Whether the field is a tuple field (no name, no key).
    pub fn member_is_index(&self) -> bool {
        matches!(self.member, Member::Unnamed(_))
    }

    /// Whether the field stands for entries of the enclosing map rather
    /// than one keyed value (`flatten`, `unknown`).
    pub fn spread(&self) -> bool {
        self.attrs.flatten.is_some() || self.attrs.unknown.is_some()
    }
}

/// One enum variant.
pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
    /// The name written for this variant.
    pub wire: String,
    /// The integer identifier under `#[boring(index)]`: the discriminant,
    /// or one more than the previous variant's.
    pub id: i128,
    /// The discriminant expression, when it is not an integer literal.
    pub bad_discriminant: Option<&'a syn::Expr>,
}

impl<'a> Input<'a> {
    /// Builds the model, collecting attribute errors in `errors`. Returns
    /// `None` only for inputs that have no model at all (unions).
    pub fn from_syn(errors: &mut Errors, input: &'a DeriveInput) -> Option<Input<'a>> {
        let attrs = attr::container(errors, &input.attrs);
        let rename_all = attrs.rename_all.as_ref().map(|s| s.value);
        let body = match &input.data {
            Data::Struct(data) => {
                let (style, fields) = fields(errors, &data.fields, rename_all);
                Body::Struct(style, fields)
            }
            Data::Enum(data) => {
                let mut next_id: i128 = 0;
                Body::Enum(
                    data.variants
                        .iter()
                        .map(|v| {
                            let (id, bad_discriminant) =
                                match v.discriminant.as_ref().map(|(_, e)| e) {
                                    None => (next_id, None),
                                    Some(e) => match discriminant(e) {
                                        Some(n) => (n, None),
                                        None => (next_id, Some(e)),
                                    },
                                };
                            next_id = id.saturating_add(1);
                            let attrs = attr::variant(errors, &v.attrs);
                            let name = v.ident.to_string();
                            let wire = match (&attrs.rename, rename_all) {
                                (Some(r), _) => r.value.clone(),
                                (None, Some(rule)) => rule.variant(&name),
                                (None, None) => name,
                            };
                            // rename_all names variants; their fields keep
                            // their own names.
                            let (style, fields) = fields(errors, &v.fields, None);
                            Variant {
                                ident: &v.ident,
                                style,
                                fields,
                                wire,
                                id,
                                bad_discriminant,
                            }
                        })
                        .collect(),
                )
            }
            Data::Union(data) => {
                errors.add(
                    data.union_token.span,
                    "`#[derive(Boring)]` does not support unions; use a struct or an enum",
                );
                return None;
            }
        };
        Some(Input {
            ident: &input.ident,
            generics: &input.generics,
            attrs,
            body,
        })
    }

    /// The key form of struct maps: keyword for records and `keys =
    /// "keyword"`, text otherwise.
    pub fn keys(&self) -> Keys {
        match (&self.attrs.keys, &self.attrs.record) {
            (Some(k), _) => k.value,
            (None, Some(_)) => Keys::Keyword,
            (None, None) => Keys::Text,
        }
    }
}

/// The value of an integer-literal discriminant (`3`, `-1`).
fn discriminant(e: &syn::Expr) -> Option<i128> {
    match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse::<i128>().ok(),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => discriminant(expr).map(|n| -n),
        syn::Expr::Group(g) => discriminant(&g.expr),
        syn::Expr::Paren(p) => discriminant(&p.expr),
        _ => None,
    }
}

fn fields<'a>(
    errors: &mut Errors,
    fields: &'a Fields,
    rename_all: Option<attr::RenameRule>,
) -> (Style, Vec<Field<'a>>) {
    let style = match fields {
        Fields::Named(_) => Style::Named,
        Fields::Unnamed(_) => Style::Tuple,
        Fields::Unit => Style::Unit,
    };
    let list = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let attrs = attr::field(errors, &f.attrs);
            let (member, span, name) = match &f.ident {
                Some(ident) => {
                    let name = ident.to_string();
                    let name = name.strip_prefix("r#").map(str::to_owned).unwrap_or(name);
                    (Member::Named(ident.clone()), ident.span(), name)
                }
                None => (Member::Unnamed(i.into()), f.ty.span(), i.to_string()),
            };
            let (wire, int_key) = match (&attrs.key, &attrs.rename, rename_all) {
                (Some(k), _, _) => match &k.value {
                    attr::Key::Text(t) => (t.clone(), None),
                    attr::Key::Int(n) => (n.to_string(), Some(*n)),
                },
                (None, Some(r), _) => (r.value.clone(), None),
                (None, None, Some(rule)) => (rule.field(&name), None),
                (None, None, None) => (name, None),
            };
            Field {
                member,
                span,
                ty: &f.ty,
                attrs,
                wire,
                int_key,
            }
        })
        .collect();
    (style, list)
}

/// How an enum is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repr<'s> {
    /// `"U"` or `{"V": payload}` (the default).
    External,
    /// `{tag: "V", …fields}`.
    Internal(&'s str),
    /// `{tag: "V", content: payload}`.
    Adjacent(&'s str, &'s str),
    /// The payload alone.
    Untagged,
}

impl Input<'_> {
    /// The enum representation the container attributes ask for.
    pub fn repr(&self) -> Repr<'_> {
        let a = &self.attrs;
        match (&a.untagged, &a.tag, &a.content) {
            (Some(_), _, _) => Repr::Untagged,
            (None, Some(t), Some(c)) => Repr::Adjacent(&t.value, &c.value),
            (None, Some(t), None) => Repr::Internal(&t.value),
            (None, None, _) => Repr::External,
        }
    }
}
