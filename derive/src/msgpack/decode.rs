//! MessagePack decoding: the framing behind `impl fastwire::msgpack::Decode<'de>`. A struct is
//! read from a map (keys matched in place: the next declared field's pre-encoded key, header
//! included, is tried first in one comparison, then names by length and bytes, then indexes)
//! or from an array of its fields, as rmp-serde reads both.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::encode_str;
use crate::de::{Ctx, EnumArms, Layout, LoopFrame, MemberLookup, SeqFrame, StructForms};

/// The framing of MessagePack for `de::generate`.
pub struct MsgpackLayout;

impl Layout for MsgpackLayout {
    /// An array, or a `bin` whose bytes rmp-serde reads as the elements (`__bin`).
    fn open_seq(&self, cx: &Ctx, expecting: &str) -> TokenStream {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        quote! {
            let __at = #fmt::Reader::offset(__r);
            let (__len, __bin) = match #fmt::Reader::begin_seq(__r, #expecting)? {
                #fmt::SeqForm::Array(__len) => (__len, #krate::__private::None),
                #fmt::SeqForm::Bytes(__bytes) => (__bytes.len(), #krate::__private::Some(__bytes)),
            };
        }
    }

    /// `__len` elements: the header said how many (or the `bin` holds that many bytes).
    fn seq_frame(&self, _cx: &Ctx) -> SeqFrame {
        SeqFrame {
            start: TokenStream::new(),
            has_element: |_, position| quote!(#position < __len),
            on_default: TokenStream::new(),
            element: |cx, field, position, decode| {
                let fmt = &cx.fmt;
                let krate = cx.krate;
                let ty = field.ty;
                // A concrete type may be read through serde (see `ser::dispatch`), which takes
                // no value from a `bin` byte; nor does a field read by a function of its own.
                // (`#position < __len`, the length of `__bytes`, was checked.)
                let bin = if field.attrs.decoded_by_function() {
                    quote! {
                        #fmt::Reader::bin_element_found(
                            __r, __bytes, #position, "an integer", __at,
                            #krate::__private::Option::<#ty>::None,
                        )?
                    }
                } else if crate::bound::mentions_type_param(cx.cont, ty) {
                    quote!(#fmt::Reader::bin_element::<#ty>(__r, __bytes, #position, "an integer", __at)?)
                } else {
                    quote! {
                        #fmt::Reader::bin_element_found(
                            __r, __bytes, #position, "an integer", __at,
                            #krate::__dispatch!(msgpack::from_bin_byte::<#ty>(__bytes[#position])),
                        )?
                    }
                };
                quote! {
                    match __bin {
                        #krate::__private::None => #decode,
                        #krate::__private::Some(__bytes) => {
                            #bin
                        }
                    }
                }
            },
        }
    }

    /// More elements than fields is an error, as in rmp-serde (at the header, `__at`); more
    /// bytes in a `bin` are left unread, as rmp-serde leaves them.
    fn end_seq(&self, cx: &Ctx, count: usize, expected_len: &str) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote! {
            if __bin.is_none() {
                if __len > #count {
                    return #krate::__private::Err(#fmt::Reader::invalid_length_at(__r, __len, #expected_len, __at));
                }
                #fmt::Reader::end_container(__r);
            }
        }
    }

    /// `try_key(b"\xa2id")`: the key as written, header included, compared with the input in
    /// one go.
    fn is_key(&self, cx: &Ctx, name: &str) -> TokenStream {
        let fmt = &cx.fmt;
        let literal = syn::LitByteStr::new(&encode_str(name), Span::call_site());
        quote!(#fmt::Reader::try_key(__r, #literal))
    }

    fn unknown_field(&self, cx: &Ctx) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote!(return #krate::__private::Err(#fmt::Reader::unknown_key(__r, #fmt::Key::Name(__bytes), __FIELDS));)
    }

    /// `__len` entries; a key that is not the next field's is read as a name or an index.
    fn member_loop(&self, cx: &Ctx, lookup: &MemberLookup) -> LoopFrame {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let (is_next, by_name, count) = (&lookup.is_next, &lookup.by_name, lookup.count);
        let unknown_index = if cx.deny_unknown_fields {
            quote!(return #krate::__private::Err(#fmt::Reader::unknown_key(__r, #fmt::Key::Index(__i), __FIELDS)))
        } else {
            quote!(#count)
        };
        let index = quote! {
            if #is_next {
                __next
            } else {
                match #fmt::Reader::decode_key(__r)? {
                    #fmt::Key::Name(__bytes) => #by_name,
                    #fmt::Key::Index(__i) => {
                        if __i < #count as #krate::__private::u64 { __i as #krate::__private::usize } else { #unknown_index }
                    }
                }
            }
        };
        LoopFrame {
            head: quote!(for _ in __next..__len),
            index,
            tail: quote!(#fmt::Reader::end_container(__r);),
        }
    }

    /// A map of fewer entries than the fields (some left out) is read by the member loop
    /// alone: the fields read in order are then all there, with no test for each.
    fn ordered_guard(&self, _cx: &Ctx, count: usize) -> TokenStream {
        quote! {
            if __len < #count {
                break '__ordered;
            }
        }
    }

    /// The map holds every field (see `ordered_guard`); the key is compared as written.
    fn ordered_member(
        &self,
        cx: &Ctx,
        _position: usize,
        name: &str,
        _first: bool,
    ) -> Option<TokenStream> {
        Some(self.is_key(cx, name))
    }

    /// The map's header said how many entries it holds.
    fn ends_after(&self, _cx: &Ctx, count: usize) -> Option<TokenStream> {
        Some(quote!(__len == #count))
    }

    /// A map (`to_vec_named`) or an array (`to_vec`, `as_array`).
    fn read_struct(&self, cx: &Ctx, forms: StructForms) -> TokenStream {
        let (expecting, keyed, seq) = (forms.expecting, forms.keyed, forms.seq);
        let (exact, count) = (forms.exact, forms.count);
        let (fmt, krate) = (&cx.fmt, cx.krate);
        quote! {
            let __at = #fmt::Reader::offset(__r);
            let (__len, __bin) = match #fmt::Reader::begin_struct(__r, #expecting)? {
                #fmt::StructForm::Map(__len) => return { #keyed },
                // The array `rmp_serde::to_vec` and `as_array` write: every field, in order.
                #fmt::StructForm::Array(#count) => {
                    return {
                        let __value = { #exact };
                        #fmt::Reader::end_container(__r);
                        __value
                    };
                }
                #fmt::StructForm::Array(__len) => (__len, #krate::__private::None),
                #fmt::StructForm::Bytes(__bytes) => (__bytes.len(), #krate::__private::Some(__bytes)),
            };
            #seq
        }
    }

    /// Externally tagged: the variant's name (or index) alone for a unit variant, or a map of
    /// one entry from the name (or index) to the content.
    fn read_enum(&self, cx: &Ctx, arms: &EnumArms) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let (expecting, names, by_name, count) =
            (&arms.expecting, &arms.names, &arms.by_name, arms.count);
        let (by_position, unit, content) = (&arms.by_position, &arms.unit, &arms.content);
        let unknown = quote!(return #krate::__private::Err(#fmt::Reader::unknown_variant_key(__r, __key, __VARIANTS)));
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
                #fmt::Key::Name(__bytes) => match #by_name {
                    #count => #unknown,
                    __found => __found,
                },
                #fmt::Key::Index(__i) => match __i {
                    #by_position
                    _ => #unknown,
                },
            };
            if __content {
                let __value: Self = match __index {
                    #content
                    #unreachable
                };
                #fmt::Reader::end_container(__r);
                #krate::__private::Ok(__value)
            } else {
                match __index {
                    #unit
                    #unreachable
                }
            }
        }
    }

    fn is_seq_start(&self, cx: &Ctx) -> TokenStream {
        let fmt = &cx.fmt;
        quote!(::core::matches!(#fmt::Reader::peek(__r)?, 0x90..=0x9f | 0xdc | 0xdd))
    }

    fn open_tagged_seq(&self, cx: &Ctx, expecting: &str, tag: &str) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote! {
            let __at = #fmt::Reader::offset(__r);
            let __len = #fmt::Reader::begin_array(__r, #expecting)?;
            let __bin: #krate::__private::Option<&[#krate::__private::u8]> = #krate::__private::None;
            if __len == 0 {
                return #krate::__private::Err(#fmt::Reader::missing_field(__r, #tag));
            }
        }
    }

    fn skip_rest_of_seq(&self, cx: &Ctx, before: usize) -> TokenStream {
        let fmt = &cx.fmt;
        quote! {
            for _ in #before..__len {
                #fmt::Reader::skip_value(__r)?;
            }
            #fmt::Reader::end_container(__r);
        }
    }

    /// `rmp_serde::to_vec` writes an internally tagged newtype variant whose content is a
    /// struct as one array: the tag, then the struct's fields.
    fn rest_of_seq(&self, cx: &Ctx, ty: &syn::Type, before: usize) -> Option<TokenStream> {
        let fmt = &cx.fmt;
        Some(quote!(<#ty as #fmt::Decode<'de>>::decode_rest_of_seq(__r, __len - #before)?))
    }

    fn rest_of_seq_items(&self, cx: &Ctx, read: TokenStream) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote! {
            fn decode_rest_of_seq(
                __r: &mut #fmt::Reader<'de>,
                __len: #krate::__private::usize,
            ) -> #krate::__private::Result<Self, #fmt::Error> {
                let __at = #fmt::Reader::offset(__r);
                <Self as #fmt::Decode<'de>>::decode_seq_elements(__r, __len, #krate::__private::None, __at)
            }

            fn decode_seq_elements(
                __r: &mut #fmt::Reader<'de>,
                __len: #krate::__private::usize,
                __bin: #krate::__private::Option<&[#krate::__private::u8]>,
                __at: #krate::__private::usize,
            ) -> #krate::__private::Result<Self, #fmt::Error> {
                #read
            }
        }
    }

    fn seq_elements(&self, cx: &Ctx) -> Option<TokenStream> {
        let fmt = &cx.fmt;
        Some(quote!(<Self as #fmt::Decode<'de>>::decode_seq_elements(__r, __len, __bin, __at)?))
    }

    /// A name (`str` or `bin`) or an index naming the variant.
    fn identify_variant(&self, cx: &Ctx, arms: &EnumArms) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let (by_name, by_position, count) = (&arms.by_name, &arms.by_position, arms.count);
        let unknown = quote!(return #krate::__private::Err(#fmt::Reader::unknown_variant_key(__r, __key, __VARIANTS)));
        quote!({
            let __key = #fmt::Reader::decode_key(__r)?;
            match __key {
                #fmt::Key::Name(__bytes) => match #by_name {
                    #count => #unknown,
                    __found => __found,
                },
                #fmt::Key::Index(__i) => match __i {
                    #by_position
                    _ => #unknown,
                },
            }
        })
    }

    /// Names and indexes; a key of any other type names nothing.
    fn tag_first(&self, cx: &Ctx, tag: &str) -> TokenStream {
        let fmt = &cx.fmt;
        quote!(#fmt::Reader::map_starts_with(__r, #tag))
    }

    fn offered_key(&self, cx: &Ctx) -> TokenStream {
        let (krate, fmt) = (cx.krate, &cx.fmt);
        quote!(#krate::__private::Option<#fmt::Key<'de>>)
    }

    fn collect_rest(&self, cx: &Ctx) -> TokenStream {
        let fmt = &cx.fmt;
        quote!(#fmt::FlatEntries::collect_rest(__r, __len)?)
    }

    fn collect_rest_with(&self, cx: &Ctx, own: &TokenStream) -> TokenStream {
        let fmt = &cx.fmt;
        quote!(#fmt::FlatEntries::collect_rest_with(__r, __len, #own)?)
    }

    /// Only a name is a tag (an integer key is content, as in serde).
    fn offered_key_is(&self, cx: &Ctx, name: &str) -> TokenStream {
        let (krate, fmt) = (cx.krate, &cx.fmt);
        let literal = syn::LitByteStr::new(name.as_bytes(), proc_macro2::Span::call_site());
        quote! {
            ::core::matches!(__key, #krate::__private::Some(#fmt::Key::Name(__n)) if __n == #literal)
        }
    }

    fn flat_index(
        &self,
        cx: &Ctx,
        by_name: &TokenStream,
        by_index: &TokenStream,
        unknown: usize,
    ) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote! {
            match __key {
                #krate::__private::Some(#fmt::Key::Name(__bytes)) => #by_name,
                #krate::__private::Some(#fmt::Key::Index(__n)) => #by_index,
                #krate::__private::None => #unknown,
            }
        }
    }
}
