//! The error context: every stage records its errors here and goes on, so one build shows the
//! user every mistake at once, each on its own span.

use std::cell::RefCell;
use std::fmt::Display;

use proc_macro2::TokenStream;
use quote::ToTokens;

/// Collects errors. Must be consumed with [`Ctxt::check`]; dropping it unchecked panics, so no
/// path through the derive can forget to report what it found.
pub struct Ctxt {
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records an error spanning `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.syn_error(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// Records an error spanning everything in `tokens`.
    pub fn error_spanned_tokens<M: Display>(&self, tokens: TokenStream, message: M) {
        self.syn_error(syn::Error::new_spanned(tokens, message));
    }

    /// Records a parse error as it is.
    pub fn syn_error(&self, error: syn::Error) {
        self.errors
            .borrow_mut()
            .as_mut()
            .expect("Ctxt used after check")
            .push(error);
    }

    /// Consumes the context: all recorded errors combined into one, if any.
    pub fn check(self) -> Result<(), syn::Error> {
        let mut errors = self
            .errors
            .borrow_mut()
            .take()
            .expect("Ctxt checked twice")
            .into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for rest in errors {
            combined.combine(rest);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            panic!("forgot to check for errors");
        }
    }
}
