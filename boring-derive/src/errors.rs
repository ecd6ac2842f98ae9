//! Collects every error of one derive so they are reported together.

use proc_macro2::Span;
use quote::ToTokens;

/// The errors found so far.
#[derive(Debug, Default)]
pub struct Errors {
    list: Vec<syn::Error>,
}

impl Errors {
    /// An error at `span`.
    pub fn add(&mut self, span: Span, message: impl std::fmt::Display) {
        self.list.push(syn::Error::new(span, message));
    }

    /// An error covering `tokens`.
    pub fn add_spanned(&mut self, tokens: impl ToTokens, message: impl std::fmt::Display) {
        self.list.push(syn::Error::new_spanned(tokens, message));
    }

    /// A conflict between two places: the error at `second`, then one at
    /// `first` (the earlier place), so that the compiler shows both.
    pub fn twice(
        &mut self,
        second: (Span, impl std::fmt::Display),
        first: (Span, impl std::fmt::Display),
    ) {
        let mut error = syn::Error::new(second.0, second.1);
        error.combine(syn::Error::new(first.0, first.1));
        self.list.push(error);
    }

    /// An error built elsewhere.
    pub fn push(&mut self, error: syn::Error) {
        self.list.push(error);
    }

    /// All errors combined into one, if there are any.
    pub fn finish(self) -> Result<(), syn::Error> {
        let mut all = self.list.into_iter();
        match all.next() {
            None => Ok(()),
            Some(mut first) => {
                first.extend(all);
                Err(first)
            }
        }
    }
}
