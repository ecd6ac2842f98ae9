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
    /// The key written for this field (named fields only).
    pub wire: String,
}

impl Field<'_> {
    /// Whether the field is neither written nor read.
    pub fn skipped(&self) -> bool {
        self.attrs.skip.is_some()
    }
}

/// One enum variant.
pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
    /// The name written for this variant.
    pub wire: String,
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
            Data::Enum(data) => Body::Enum(
                data.variants
                    .iter()
                    .map(|v| {
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
                        }
                    })
                    .collect(),
            ),
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
            let wire = match (&attrs.rename, rename_all) {
                (Some(r), _) => r.value.clone(),
                (None, Some(rule)) => rule.field(&name),
                (None, None) => name,
            };
            Field {
                member,
                span,
                ty: &f.ty,
                attrs,
                wire,
            }
        })
        .collect();
    (style, list)
}
