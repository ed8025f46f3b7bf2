//! JSON decoding: the framing behind `impl fastwire::json::Decode<'de>`. Keys are matched in
//! place (no copy unless escaped), trying the next declared field first, then by length and
//! bytes. Structs accept serde's two forms: an object, or an array of the fields in order.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::ast::{Container, Field, Style, Variant};
use crate::de::{self, Ctx, Layout, PathSegment};
use crate::format::JSON;

/// The `json::Decode` impl for `cont`.
pub fn generate(cont: &Container, krate: &syn::Path) -> TokenStream {
    de::generate(cont, krate, JSON, &JsonLayout)
}

struct JsonLayout;

impl JsonLayout {
    /// Reads decoded fields in order from an opened array into `__v{i}`, then checks the
    /// array ends. With `allow_defaults`, a field with a default may be missing from a short
    /// array (serde's rule for structs read from sequences).
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
        let mut out = quote!(let mut __open = true;);
        for (position, (index, field)) in decoded.iter().enumerate() {
            let binding = de::binding(*index);
            let decode = de::decode_field(cx, field, &PathSegment::Index(position));
            let first = position == 0;
            let otherwise = de::seq_missing(
                cx,
                field,
                position,
                &expected_len,
                allow_defaults,
                quote!(__open = false;),
            );
            out.extend(quote! {
                let #binding = if __open && #fmt::Reader::array_next(__r, #first)? { #decode } else { #otherwise };
            });
        }
        let first = count == 0;
        out.extend(quote! {
            if __open && #fmt::Reader::array_next(__r, #first)? {
                return #krate::__private::Err(#fmt::Reader::invalid_length(__r, #count + 1, #expected_len));
            }
        });
        out
    }

    /// The member loop of an object already opened: fills `__v{i}` for each decoded field.
    fn object_reads(&self, cx: &Ctx, fields: &[Field]) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let fields_loop = de::field_loop(cx, fields);
        let count = fields_loop.count;
        // `match __next { 0 => __bytes == b"id", ... }`: each comparison is against a literal
        // of known length, which compiles to a few integer compares rather than a `memcmp`.
        let next_arms =
            de::decoded_fields(fields)
                .into_iter()
                .enumerate()
                .map(|(position, (_, field))| {
                    let name = &field.attrs.name.deserialize;
                    let literal = syn::LitByteStr::new(name.as_bytes(), Span::call_site());
                    quote!(#position => __bytes == #literal,)
                });
        let is_next = quote!(match __next { #(#next_arms)* _ => false });
        let match_key = de::match_by_length(krate, &fields_loop.keys, count);
        let unknown = if cx.deny_unknown_fields {
            quote! {
                let __found = #krate::__private::string_from(&__key);
                return #krate::__private::Err(#fmt::Reader::unknown_field(__r, &__found, __FIELDS));
            }
        } else {
            quote!(#count)
        };
        let de::FieldLoop {
            slots,
            arms,
            finish,
            ..
        } = fields_loop;
        quote! {
            #slots
            let mut __first = true;
            let mut __next: #krate::__private::usize = 0;
            loop {
                let __index: #krate::__private::usize = match #fmt::Reader::object_key(__r, __first)? {
                    #krate::__private::Some(__key) => {
                        let __bytes: &[#krate::__private::u8] = #krate::__private::str::as_bytes(&__key);
                        // Real documents almost always list keys in declaration order.
                        if #is_next {
                            __next
                        } else {
                            match #match_key {
                                #count => { #unknown }
                                __found => __found,
                            }
                        }
                    }
                    #krate::__private::None => break,
                };
                __first = false;
                __next = __index + 1;
                match __index {
                    #arms
                }
            }
            #finish
        }
    }
}

impl Layout for JsonLayout {
    fn unit_struct(&self, cx: &Ctx, expecting: &str) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote!(#fmt::Reader::decode_null(__r, #expecting)?; #krate::__private::Ok(Self))
    }

    /// `[a, b]`: exactly as many elements as decoded fields.
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
            #fmt::Reader::begin_array(__r, #expecting)?;
            #read
            #krate::__private::Ok(#value)
        }
    }

    /// `{"a": 1, "b": 2}` (any order, unknown keys skipped or refused) or `[1, 2]`.
    fn fields(
        &self,
        cx: &Ctx,
        constructor: &TokenStream,
        fields: &[Field],
        expecting: &str,
    ) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let object = self.object_reads(cx, fields);
        let seq = self.seq_reads(cx, fields, expecting, true);
        let value = de::construct(cx, constructor, fields, Style::Struct);
        quote! {
            match #fmt::Reader::peek(__r)? {
                b'{' => {
                    #fmt::Reader::begin_object(__r, #expecting)?;
                    #object
                    #krate::__private::Ok(#value)
                }
                b'[' => {
                    #fmt::Reader::begin_array(__r, #expecting)?;
                    #seq
                    #krate::__private::Ok(#value)
                }
                _ => #krate::__private::Err(#fmt::Reader::invalid_type(__r, #expecting)),
            }
        }
    }

    /// Externally tagged: `"Unit"`, or an object with one member `{"Variant": content}`.
    fn enum_body(&self, cx: &Ctx, cont: &Container, variants: &[Variant]) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let expecting = format!("enum {}", cont.attrs.name.deserialize);
        let count = variants.len();
        let (keys, names) = de::variant_keys(krate, variants);
        let match_name = de::match_by_length(krate, &keys, count);
        let identify = quote! {
            {
                let __bytes: &[#krate::__private::u8] = #krate::__private::str::as_bytes(&__name);
                match #match_name {
                    #count => {
                        let __found = #krate::__private::string_from(&__name);
                        return #krate::__private::Err(#fmt::Reader::unknown_variant(__r, &__found, __VARIANTS));
                    }
                    __found => __found,
                }
            }
        };
        let readable = de::readable_variants(variants);
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
            let unit = quote!(#fmt::Reader::decode_null(__r, "unit variant")?;);
            let content = de::variant_content(cx, self, cont, variant, unit);
            quote!(#index => #content,)
        });
        // Indexes come from matching names, which only yields readable variants' indexes.
        let unreachable = quote!(_ => ::core::unreachable!(),);
        quote! {
            #names
            match #fmt::Reader::peek(__r)? {
                b'"' => {
                    let __at = #fmt::Reader::offset(__r);
                    let __index: #krate::__private::usize = { let __name = #fmt::Reader::decode_str(__r)?; #identify };
                    match __index {
                        #(#unit_arms)*
                        #unreachable
                    }
                }
                b'{' => {
                    #fmt::Reader::begin_object(__r, #expecting)?;
                    let __index: #krate::__private::usize = match #fmt::Reader::object_key(__r, true)? {
                        #krate::__private::Some(__name) => #identify,
                        #krate::__private::None => {
                            return #krate::__private::Err(
                                #fmt::Reader::custom(__r, "expected an object with one key, the variant's name"),
                            );
                        }
                    };
                    let __value: Self = match __index {
                        #(#content_arms)*
                        #unreachable
                    };
                    if #fmt::Reader::object_key(__r, false)?.is_some() {
                        return #krate::__private::Err(#fmt::Reader::custom(__r, "expected `}` after the variant's content"));
                    }
                    #krate::__private::Ok(__value)
                }
                _ => #krate::__private::Err(#fmt::Reader::invalid_type(__r, #expecting)),
            }
        }
    }
}
