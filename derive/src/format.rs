//! The formats the derives write impls for, and the names their generated code uses: each
//! format is a module of the runtime crate (`fastwire::json`, `fastwire::msgpack`) with the
//! same trait and reader names, and a macro that drops the impl when the format's cargo
//! feature is off.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// One wire format.
#[derive(Copy, Clone)]
pub struct Format {
    /// The runtime module: `json` or `msgpack`.
    module: &'static str,
    /// The runtime macro that keeps its input only when the format is enabled.
    gate: &'static str,
}

pub const JSON: Format = Format {
    module: "json",
    gate: "__if_json",
};

pub const MSGPACK: Format = Format {
    module: "msgpack",
    gate: "__if_msgpack",
};

impl Format {
    /// `::fastwire::json`: the path generated code names the format's traits and reader by.
    pub fn path(&self, krate: &syn::Path) -> TokenStream {
        let module = format_ident!("{}", self.module);
        quote!(#krate::#module)
    }

    /// The runtime module's name, `json` or `msgpack`: also the name of the submodule a
    /// `#[wire(with = "...")]` module gives each format's functions under.
    pub fn name(&self) -> &'static str {
        self.module
    }

    /// `tokens`, compiled only when the format's feature is enabled.
    pub fn gated(&self, krate: &syn::Path, tokens: TokenStream) -> TokenStream {
        let gate = format_ident!("{}", self.gate);
        quote!(#krate::#gate! { #tokens })
    }
}

/// One impl being written: the container, the path to the runtime crate, and the format.
pub struct Impl<'a> {
    pub cont: &'a crate::ast::Container<'a>,
    pub krate: &'a syn::Path,
    pub format: Format,
}

impl Impl<'_> {
    /// The format's module, as generated code names it.
    pub fn fmt(&self) -> TokenStream {
        self.format.path(self.krate)
    }
}
