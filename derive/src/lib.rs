//! Derive macros for [fastwire](https://docs.rs/fastwire): each derive is a small compiler that
//! parses the item into a model (`ast`), validates it (`check`), and generates one impl per
//! format and direction (`json`, `msgpack`) over a format-independent core (`ser` for
//! encoding, `de` for decoding). Shapes with an encoding of their own have generators of their
//! own: `repr` (`#[wire(repr)]` enums), `identifier` (`field_identifier`, `variant_identifier`)
//! and `key` (JSON object keys), sharing name matching (`names`).
//!
//! Use them through the `fastwire` crate, which re-exports them and documents the attributes.

mod ast;
// Some attributes are read ahead of the code that uses them.
#[allow(dead_code)]
mod attr;
mod borrow;
mod bound;
mod case;
mod check;
mod ctxt;
mod de;
mod format;
mod identifier;
mod json;
mod key;
mod msgpack;
mod names;
mod repr;
mod ser;
mod symbol;

use proc_macro::TokenStream;
use quote::quote;
use syn::parse_macro_input;

use crate::ast::Container;
use crate::ctxt::Ctxt;

/// Implements the encode trait of every format enabled in `fastwire` (`json::Encode`,
/// `msgpack::Encode`), reading `#[serde(...)]` and `#[wire(...)]` attributes.
#[proc_macro_derive(Encode, attributes(serde, wire))]
pub fn derive_encode(input: TokenStream) -> TokenStream {
    let item = parse_macro_input!(input as syn::DeriveInput);
    expand(&item, Direction::Encode).into()
}

/// Implements the decode trait of every format enabled in `fastwire` (`json::Decode<'de>`,
/// `msgpack::Decode<'de>`), reading `#[serde(...)]` and `#[wire(...)]` attributes.
#[proc_macro_derive(Decode, attributes(serde, wire))]
pub fn derive_decode(input: TokenStream) -> TokenStream {
    let item = parse_macro_input!(input as syn::DeriveInput);
    expand(&item, Direction::Decode).into()
}

/// Which trait a derive implements.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Direction {
    Encode,
    Decode,
}

/// Model, validate, generate; on error, the errors plus a stub impl so that one mistake does
/// not cascade into "trait not implemented" errors elsewhere.
fn expand(item: &syn::DeriveInput, direction: Direction) -> proc_macro2::TokenStream {
    let cx = Ctxt::new();
    let spread = ast::spread_fields(item);
    let mut cont = Container::from_ast(&cx, item);
    if let Some(cont) = &mut cont {
        check::check(&cx, cont, direction);
        cont.spread_variants(&cx, direction, &spread);
    }
    let krate = cont
        .as_ref()
        .and_then(|cont| cont.attrs.crate_path.clone())
        .unwrap_or_else(|| syn::parse_quote!(::fastwire));
    let impls = match (cx.check(), &cont) {
        // A definition of another crate's type for serde's `remote`: serde's derive generates
        // the functions that fields name with `#[serde(with = "...")]`, and those fields go
        // through the serde bridge; fastwire has nothing to add.
        (Ok(()), Some(cont)) if cont.attrs.remote.is_some() => quote!(),
        (Ok(()), Some(cont)) => {
            let target = |format| format::Impl {
                cont,
                krate: &krate,
                format,
            };
            let (json, msgpack) = (target(format::JSON), target(format::MSGPACK));
            let identifier = cont.attrs.identifier != attr::Identifier::No;
            match direction {
                Direction::Encode if cont.attrs.repr.is_some() => {
                    let (json, msgpack) = (repr::encode(&json), repr::encode(&msgpack));
                    quote!(#json #msgpack)
                }
                Direction::Encode => {
                    let key = key::encode_key(&json);
                    let json = ser::generate(&json, &json::encode::JsonLayout);
                    let msgpack = ser::generate(&msgpack, &msgpack::encode::MsgpackLayout);
                    quote!(#json #msgpack #key)
                }
                Direction::Decode if cont.attrs.repr.is_some() => {
                    let (json, msgpack) = (repr::decode(&json), repr::decode(&msgpack));
                    quote!(#json #msgpack)
                }
                Direction::Decode if identifier => {
                    let json = identifier::decode(&json);
                    let msgpack = identifier::decode(&msgpack);
                    quote!(#json #msgpack)
                }
                Direction::Decode => {
                    let key = key::decode_key(&json);
                    let json = de::generate(&json, &json::decode::JsonLayout);
                    let msgpack = de::generate(&msgpack, &msgpack::decode::MsgpackLayout);
                    quote!(#json #msgpack #key)
                }
            }
        }
        (Err(errors), _) => {
            let errors = errors.to_compile_error();
            let fallbacks = [format::JSON, format::MSGPACK].map(|format| match direction {
                Direction::Encode => ser::fallback(item, &krate, format),
                Direction::Decode => de::fallback(item, &krate, format),
            });
            quote!(#errors #(#fallbacks)*)
        }
        (Ok(()), None) => unreachable!("a missing model always comes with an error"),
    };
    quote! {
        #[doc(hidden)]
        #[allow(
            non_upper_case_globals,
            unused_qualifications,
            unused_mut,
            unused_variables,
            unused_comparisons,
            unreachable_code,
            unreachable_patterns,
            dead_code,
            clippy::all,
            clippy::pedantic
        )]
        const _: () = {
            #impls
        };
    }
}
