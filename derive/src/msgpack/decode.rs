//! MessagePack decoding: the framing behind `impl fastwire::msgpack::Decode<'de>`. A struct is
//! read from a map (keys matched in place: the next declared field's pre-encoded key, header
//! included, is tried first in one comparison, then names by length and bytes, then indexes)
//! or from an array of its fields, as rmp-serde reads both.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::encode_str;
use crate::ast::{Container, Field, Style, Variant};
use crate::de::{self, Ctx, Layout, PathSegment};
use crate::format::MSGPACK;

/// The `msgpack::Decode` impl for `cont`.
pub fn generate(cont: &Container, krate: &syn::Path) -> TokenStream {
    de::generate(cont, krate, MSGPACK, &MsgpackLayout)
}

struct MsgpackLayout;

impl MsgpackLayout {
    /// Reads decoded fields in order from an array of `__len` elements (header read) into
    /// `__v{i}`, then closes it. With `allow_defaults`, a field with a default may be missing
    /// from a short array (serde's rule for structs read from sequences); more elements than
    /// fields is an error.
    fn seq_reads(
        &self,
        cx: &Ctx,
        fields: &[Field],
        expecting: &str,
        allow_defaults: bool,
    ) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let decoded = de::decoded_fields(fields);
        let count = decoded.len();
        let expected_len = de::seq_expecting(expecting, count);
        let mut out = TokenStream::new();
        for (position, (index, field)) in decoded.iter().enumerate() {
            let binding = de::binding(*index);
            let decode = de::decode_field(cx, field, &PathSegment::Index(position));
            let otherwise = de::seq_missing(
                cx,
                field,
                position,
                &expected_len,
                allow_defaults,
                TokenStream::new(),
            );
            out.extend(quote! {
                let #binding = if #position < __len { #decode } else { #otherwise };
            });
        }
        out.extend(quote! {
            if __len > #count {
                return #krate::__private::Err(#fmt::Reader::invalid_length_at(__r, __len, #expected_len, __at));
            }
            #fmt::Reader::end_container(__r);
        });
        out
    }

    /// The entry loop of a map of `__len` entries (header read): fills `__v{i}` for each
    /// decoded field, then closes the map.
    fn map_reads(&self, cx: &Ctx, fields: &[Field]) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let fields_loop = de::field_loop(cx, fields);
        let count = fields_loop.count;
        // `match __next { 0 => try_key(b"\xa2id"), ... }`: the key as written, header
        // included, compared with the input in one go.
        let next_arms =
            de::decoded_fields(fields)
                .into_iter()
                .enumerate()
                .map(|(position, (_, field))| {
                    let key = encode_str(&field.attrs.name.deserialize);
                    let literal = syn::LitByteStr::new(&key, Span::call_site());
                    quote!(#position => #fmt::Reader::try_key(__r, #literal),)
                });
        let is_next = quote!(match __next { #(#next_arms)* _ => false });
        let match_key = de::match_by_length(krate, &fields_loop.keys, count);
        let (unknown_name, unknown_index) = if cx.deny_unknown_fields {
            (
                quote!(return #krate::__private::Err(#fmt::Reader::unknown_key(__r, #fmt::Key::Name(__bytes), __FIELDS))),
                quote!(return #krate::__private::Err(#fmt::Reader::unknown_key(__r, #fmt::Key::Index(__i), __FIELDS))),
            )
        } else {
            (quote!(#count), quote!(#count))
        };
        let de::FieldLoop {
            slots,
            arms,
            finish,
            ..
        } = fields_loop;
        quote! {
            #slots
            let mut __next: #krate::__private::usize = 0;
            for _ in 0..__len {
                // Real documents almost always list keys in declaration order.
                let __index: #krate::__private::usize = if #is_next {
                    __next
                } else {
                    match #fmt::Reader::decode_key(__r)? {
                        #fmt::Key::Name(__bytes) => match #match_key {
                            #count => { #unknown_name }
                            __found => __found,
                        },
                        #fmt::Key::Index(__i) => {
                            if __i < #count as #krate::__private::u64 { __i as #krate::__private::usize } else { #unknown_index }
                        }
                    }
                };
                __next = __index + 1;
                match __index {
                    #arms
                }
            }
            #fmt::Reader::end_container(__r);
            #finish
        }
    }
}

impl Layout for MsgpackLayout {
    /// `[]` (what rmp-serde writes) or `nil`.
    fn unit_struct(&self, cx: &Ctx, expecting: &str) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote!(#fmt::Reader::decode_unit_struct(__r, #expecting)?; #krate::__private::Ok(Self))
    }

    /// An array of exactly as many elements as decoded fields.
    fn tuple(
        &self,
        cx: &Ctx,
        constructor: &TokenStream,
        fields: &[Field],
        expecting: &str,
    ) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let read = self.seq_reads(cx, fields, expecting, false);
        let value = de::construct(cx, constructor, fields, Style::Tuple);
        quote! {
            let __at = #fmt::Reader::offset(__r);
            let __len = #fmt::Reader::begin_array(__r, #expecting)?;
            #read
            #krate::__private::Ok(#value)
        }
    }

    /// A map keyed by field name or index (any order, unknown keys skipped or refused), or an
    /// array of the fields in order.
    fn fields(
        &self,
        cx: &Ctx,
        constructor: &TokenStream,
        fields: &[Field],
        expecting: &str,
    ) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let map = self.map_reads(cx, fields);
        let seq = self.seq_reads(cx, fields, expecting, true);
        let value = de::construct(cx, constructor, fields, Style::Struct);
        quote! {
            let __at = #fmt::Reader::offset(__r);
            match #fmt::Reader::begin_struct(__r, #expecting)? {
                #fmt::StructForm::Map(__len) => {
                    #map
                    #krate::__private::Ok(#value)
                }
                #fmt::StructForm::Array(__len) => {
                    #seq
                    #krate::__private::Ok(#value)
                }
            }
        }
    }

    /// Externally tagged: the variant's name (or index) alone for a unit variant, or a map of
    /// one entry from the name (or index) to the content.
    fn enum_body(&self, cx: &Ctx, cont: &Container, variants: &[Variant]) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let expecting = format!("enum {}", cont.attrs.name.deserialize);
        let count = variants.len();
        let (keys, names) = de::variant_keys(krate, variants);
        let match_name = de::match_by_length(krate, &keys, count);
        let readable = de::readable_variants(variants);
        let by_position = readable.iter().enumerate().map(|(position, (index, _))| {
            let position = position as u64;
            quote!(#position => #index,)
        });
        let unit_arms = readable.iter().map(|(index, variant)| {
            let ident = &variant.ident;
            if variant.style == Style::Unit {
                quote!(#index => #krate::__private::Ok(Self::#ident),)
            } else {
                let kind = de::variant_kind(variant.style);
                let message = format!("invalid type: unit variant, expected {kind}");
                quote!(#index => #krate::__private::Err(#fmt::Reader::custom_at(__r, #message, __at)),)
            }
        });
        let content_arms = readable.iter().map(|(index, variant)| {
            let unit = quote!(#fmt::Reader::decode_nil(__r, "unit variant")?;);
            let content = de::variant_content(cx, self, cont, variant, unit);
            quote!(#index => #content,)
        });
        // Indexes come from matching names and positions, which only yield readable variants.
        let unreachable = quote!(_ => ::core::unreachable!(),);
        quote! {
            #names
            let __at = #fmt::Reader::offset(__r);
            let (__key, __content) = match #fmt::Reader::begin_enum(__r, #expecting)? {
                #fmt::EnumForm::Unit(__key) => (__key, false),
                #fmt::EnumForm::Content(__key) => (__key, true),
            };
            let __index: #krate::__private::usize = match __key {
                #fmt::Key::Name(__bytes) => match #match_name {
                    #count => {
                        return #krate::__private::Err(#fmt::Reader::unknown_variant_key(__r, __key, __VARIANTS));
                    }
                    __found => __found,
                },
                #fmt::Key::Index(__i) => match __i {
                    #(#by_position)*
                    _ => return #krate::__private::Err(#fmt::Reader::unknown_variant_key(__r, __key, __VARIANTS)),
                },
            };
            if __content {
                let __value: Self = match __index {
                    #(#content_arms)*
                    #unreachable
                };
                #fmt::Reader::end_container(__r);
                #krate::__private::Ok(__value)
            } else {
                match __index {
                    #(#unit_arms)*
                    #unreachable
                }
            }
        }
    }
}
