//! MessagePack encoding: the layout behind `impl fastwire::msgpack::Encode`. A struct is a map
//! keyed by field name (`rmp_serde::to_vec_named`), or with `#[wire(as_array)]` an array of its
//! fields (`rmp_serde::to_vec`); the header and each key are pre-encoded, the header together
//! with the first key, as one static byte string per field.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use super::{encode_header, encode_str};
use crate::ast::Variant;
use crate::ser::{conditional, encode_value, value_hint, Body, Ctx, Layout, Member};

/// The layout of MessagePack for `ser::generate`.
pub struct MsgpackLayout;

/// `bytes` as a byte string literal.
fn literal(bytes: &[u8]) -> syn::LitByteStr {
    syn::LitByteStr::new(bytes, Span::call_site())
}

impl MsgpackLayout {
    /// A map (with keys) or array (without) of `members`. The header says how many follow, so
    /// `skip_serializing_if` predicates are evaluated once, before anything is written.
    fn collection(&self, cx: &Ctx, map: bool, members: &[&Member]) -> Body {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        let private = quote!(#krate::__private);
        let keys: Vec<Vec<u8>> = members
            .iter()
            .map(|m| {
                if map {
                    encode_str(&m.field.attrs.name.serialize)
                } else {
                    Vec::new()
                }
            })
            .collect();
        let skips: Vec<Option<(syn::Ident, TokenStream)>> = members
            .iter()
            .enumerate()
            .map(|(i, m)| conditional(m).map(|skip| (format_ident!("__skip{}", i), skip)))
            .collect();
        let fixed = skips.iter().filter(|s| s.is_none()).count();
        let mut encode = TokenStream::new();
        let mut hint = quote!(5);
        // The first fragment: the header, and the first key with it when both are known.
        let mut pending: Vec<u8> = Vec::new();
        if skips.iter().all(Option::is_none) {
            pending = encode_header(map, members.len());
        } else {
            let tests = skips
                .iter()
                .flatten()
                .map(|(ident, skip)| quote!(let #ident: #private::bool = #skip;));
            let present = skips
                .iter()
                .flatten()
                .map(|(ident, _)| quote!(+ (!#ident) as #private::usize));
            let write_len = if map {
                quote!(#fmt::Writer::write_map_len)
            } else {
                quote!(#fmt::Writer::write_array_len)
            };
            encode.extend(quote! {
                #(#tests)*
                #write_len(__w, #fixed #(#present)*);
            });
        }
        for ((member, key), skip) in members.iter().zip(&keys).zip(&skips) {
            let value = encode_value(fmt, member);
            let member_hint = value_hint(fmt, member);
            let key_len = key.len();
            hint.extend(quote!(+ #key_len + #member_hint));
            match skip {
                None => {
                    pending.extend_from_slice(key);
                    if !pending.is_empty() {
                        let bytes = literal(&pending);
                        encode.extend(quote!(#fmt::Writer::write_raw(__w, #bytes);));
                        pending.clear();
                    }
                    encode.extend(value);
                }
                Some((ident, _)) => {
                    let write_key = (!key.is_empty()).then(|| {
                        let bytes = literal(key);
                        quote!(#fmt::Writer::write_raw(__w, #bytes);)
                    });
                    encode.extend(quote!(if !#ident { #write_key #value }));
                }
            }
        }
        if !pending.is_empty() {
            // No members at all: just the header.
            let bytes = literal(&pending);
            encode.extend(quote!(#fmt::Writer::write_raw(__w, #bytes);));
        }
        Body { encode, hint }
    }
}

impl Layout for MsgpackLayout {
    fn fields(&self, cx: &Ctx, members: &[&Member]) -> Body {
        self.collection(cx, cx.cont.attrs.as_array.is_none(), members)
    }

    fn tuple(&self, cx: &Ctx, members: &[&Member]) -> Body {
        self.collection(cx, false, members)
    }

    /// `[]`, as rmp-serde writes unit structs.
    fn unit_struct(&self, cx: &Ctx) -> Body {
        let fmt = &cx.fmt;
        Body {
            encode: quote!(#fmt::Writer::write_raw(__w, b"\x90");),
            hint: quote!(1),
        }
    }

    /// Externally tagged, serde's default: the variant's name alone for a unit variant,
    /// otherwise a map of one entry from the name to the content.
    fn variant(&self, cx: &Ctx, variant: &Variant, content: Option<Body>) -> Body {
        let fmt = &cx.fmt;
        let mut tag = encode_str(&variant.attrs.name.serialize);
        match content {
            None => {
                let len = tag.len();
                let bytes = literal(&tag);
                Body {
                    encode: quote!(#fmt::Writer::write_raw(__w, #bytes);),
                    hint: quote!(#len),
                }
            }
            Some(Body { encode, hint }) => {
                tag.insert(0, 0x81);
                let len = tag.len();
                let bytes = literal(&tag);
                Body {
                    encode: quote!(#fmt::Writer::write_raw(__w, #bytes); #encode),
                    hint: quote!(#len + #hint),
                }
            }
        }
    }
}
