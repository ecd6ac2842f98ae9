//! Where generated code finds the runtime: the path `crate = "..."` gives,
//! else the name the using crate's manifest gives the `boring-runtime`
//! dependency (`cbor = { package = "boring-runtime", … }` works with no
//! attribute), else `boring`.

use proc_macro2::{Ident, Span, TokenStream};
use proc_macro_crate::FoundCrate;
use quote::quote;

/// The runtime's package name, as manifests depend on it.
const PACKAGE: &str = "boring-runtime";

/// The runtime's library name: what its own tests, examples and doctests
/// call it, and the guess when no manifest says otherwise.
const LIBRARY: &str = "boring";

/// The item that brings the runtime into the expansion as `_boring`.
pub fn import(path: Option<&syn::Path>) -> TokenStream {
    match path {
        Some(path) => quote!(use #path as _boring;),
        None => {
            let name = dependency_name();
            quote!(extern crate #name as _boring;)
        }
    }
}

/// The name the crate being compiled knows the runtime by.
fn dependency_name() -> Ident {
    let fallback = || Ident::new(LIBRARY, Span::call_site());
    // The runtime's own targets (tests, examples, doctests) link it under
    // its library name, which the manifest lookup does not report: it
    // answers `Itself`, or the package name for integration tests.
    if std::env::var("CARGO_PKG_NAME").as_deref() == Ok(PACKAGE) {
        return fallback();
    }
    match proc_macro_crate::crate_name(PACKAGE) {
        Ok(FoundCrate::Name(name)) => syn::parse_str(&name).unwrap_or_else(|_| fallback()),
        // No manifest (a build without Cargo), or no direct dependency (the
        // runtime reached through a re-export, which `crate = "..."` names).
        Ok(FoundCrate::Itself) | Err(_) => fallback(),
    }
}
