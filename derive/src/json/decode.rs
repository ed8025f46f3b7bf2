//! JSON decoding: the framing behind `impl fastwire::json::Decode<'de>`. Keys are matched in
//! place (no copy unless escaped), trying the next declared field first, then by length and
//! bytes. Structs accept serde's two forms: an object, or an array of the fields in order.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::de::{Ctx, EnumArms, Layout, LoopFrame, MemberLookup, SeqFrame, StructForms};

/// The framing of JSON for `de::generate`.
pub struct JsonLayout;

impl Layout for JsonLayout {
    fn open_seq(&self, cx: &Ctx, expecting: &str) -> TokenStream {
        let fmt = &cx.fmt;
        quote!(#fmt::Reader::begin_array(__r, #expecting)?;)
    }

    /// Elements until `]`: a missing one ends the array (`__open` turns false).
    fn seq_frame(&self, _cx: &Ctx) -> SeqFrame {
        SeqFrame {
            start: quote!(let mut __open = true;),
            has_element: |cx, position| {
                let fmt = &cx.fmt;
                let first = position == 0;
                quote!(__open && #fmt::Reader::array_next(__r, #first)?)
            },
            on_default: quote!(__open = false;),
            element: |_, _, _, decode| decode,
        }
    }

    /// One element too many is an error.
    fn end_seq(&self, cx: &Ctx, count: usize, expected_len: &str) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let first = count == 0;
        quote! {
            if __open && #fmt::Reader::array_next(__r, #first)? {
                return #krate::__private::Err(#fmt::Reader::invalid_length(__r, #count + 1, #expected_len));
            }
        }
    }

    /// `__bytes == b"id"`: a comparison against a literal of known length, which compiles to
    /// a few integer compares rather than a `memcmp` call.
    fn is_key(&self, _cx: &Ctx, name: &str) -> TokenStream {
        let literal = syn::LitByteStr::new(name.as_bytes(), Span::call_site());
        quote!(__bytes == #literal)
    }

    /// The key as written between quotes, when it needs no escapes (otherwise `false`: the
    /// member loop reads every key).
    fn ordered_member(
        &self,
        cx: &Ctx,
        _position: usize,
        name: &str,
        first: bool,
    ) -> Option<TokenStream> {
        let fmt = &cx.fmt;
        if name.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
            return Some(quote!(false));
        }
        // The member as written compactly: comma, key and colon.
        let member = syn::LitByteStr::new(format!(",\"{name}\":").as_bytes(), Span::call_site());
        Some(quote!(#fmt::Reader::try_member(__r, #first, #member)))
    }

    fn unknown_field(&self, cx: &Ctx) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote! {
            let __found = #krate::__private::string_from(&__key);
            return #krate::__private::Err(#fmt::Reader::unknown_field(__r, &__found, __FIELDS));
        }
    }

    /// Members until `}`: each key is read (borrowed unless escaped) before it is matched.
    fn member_loop(&self, cx: &Ctx, lookup: &MemberLookup) -> LoopFrame {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        let MemberLookup {
            is_next, by_name, ..
        } = lookup;
        let index = quote! {
            match #fmt::Reader::object_key(__r, __first)? {
                #krate::__private::Some(__key) => {
                    __first = false;
                    let __bytes: &[#krate::__private::u8] = #krate::__private::str::as_bytes(&__key);
                    if #is_next { __next } else { #by_name }
                }
                #krate::__private::None => break,
            }
        };
        let first = !lookup.resumed;
        LoopFrame {
            // After the members read in order (`__next` of them), none is first.
            head: quote!(let mut __first = #first && __next == 0; loop),
            index,
            tail: TokenStream::new(),
        }
    }

    /// A `}` next (read if so).
    fn ends_after(&self, cx: &Ctx, _count: usize) -> Option<TokenStream> {
        let fmt = &cx.fmt;
        Some(quote!(#fmt::Reader::try_end_object(__r)))
    }

    /// `{...}` or `[...]`.
    fn read_struct(&self, cx: &Ctx, forms: StructForms) -> TokenStream {
        let (expecting, keyed, seq) = (forms.expecting, forms.keyed, forms.seq);
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote! {
            match #fmt::Reader::peek(__r)? {
                b'{' => {
                    #fmt::Reader::begin_object(__r, #expecting)?;
                    #keyed
                }
                b'[' => {
                    #fmt::Reader::begin_array(__r, #expecting)?;
                    #seq
                }
                _ => #krate::__private::Err(#fmt::Reader::invalid_type(__r, #expecting)),
            }
        }
    }

    /// Externally tagged: `"Unit"`, or an object with one member `{"Variant": content}`.
    fn read_enum(&self, cx: &Ctx, arms: &EnumArms) -> TokenStream {
        let (krate, fmt) = (cx.krate, &cx.fmt);
        let (expecting, names) = (&arms.expecting, &arms.names);
        let (unit, content) = (&arms.unit, &arms.content);
        let identify = identify(cx, arms);
        // Indexes come from matching names, which only yields readable variants' indexes.
        let unreachable = quote!(_ => ::core::unreachable!(),);
        quote! {
            #names
            match #fmt::Reader::peek(__r)? {
                b'"' => {
                    let __at = #fmt::Reader::offset(__r);
                    let __index: #krate::__private::usize = { let __name = #fmt::Reader::decode_str(__r)?; #identify };
                    match __index {
                        #unit
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
                        #content
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

    fn is_seq_start(&self, cx: &Ctx) -> TokenStream {
        let fmt = &cx.fmt;
        quote!(#fmt::Reader::peek(__r)? == b'[')
    }

    fn open_tagged_seq(&self, cx: &Ctx, expecting: &str, tag: &str) -> TokenStream {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        quote! {
            #fmt::Reader::begin_array(__r, #expecting)?;
            let mut __open = true;
            if !#fmt::Reader::array_next(__r, true)? {
                return #krate::__private::Err(#fmt::Reader::missing_field(__r, #tag));
            }
        }
    }

    fn skip_rest_of_seq(&self, cx: &Ctx, before: usize) -> TokenStream {
        let fmt = &cx.fmt;
        let first = before == 0;
        quote! {
            if #fmt::Reader::array_next(__r, #first)? {
                #fmt::Reader::skip_value(__r)?;
                while #fmt::Reader::array_next(__r, false)? {
                    #fmt::Reader::skip_value(__r)?;
                }
            }
        }
    }

    /// serde_json never writes a newtype's content after its tag in an array.
    fn rest_of_seq(&self, _cx: &Ctx, _ty: &syn::Type, _before: usize) -> Option<TokenStream> {
        None
    }

    fn rest_of_seq_items(&self, _cx: &Ctx, _read: TokenStream) -> TokenStream {
        TokenStream::new()
    }

    fn seq_elements(&self, _cx: &Ctx) -> Option<TokenStream> {
        None
    }

    /// A string naming the variant.
    fn identify_variant(&self, cx: &Ctx, arms: &EnumArms) -> TokenStream {
        let fmt = &cx.fmt;
        let identify = identify(cx, arms);
        quote!({
            let __name = #fmt::Reader::decode_str(__r)?;
            #identify
        })
    }

    fn tag_first(&self, cx: &Ctx, tag: &str) -> TokenStream {
        let (krate, fmt) = (cx.krate, &cx.fmt);
        quote! {
            if #fmt::Reader::object_starts_with(__r, #tag) {
                #krate::__private::Some(0)
            } else {
                #krate::__private::None
            }
        }
    }

    fn offered_key(&self, cx: &Ctx) -> TokenStream {
        let krate = cx.krate;
        quote!(&#krate::__private::str)
    }

    fn collect_rest(&self, cx: &Ctx) -> TokenStream {
        let fmt = &cx.fmt;
        quote!(#fmt::FlatEntries::collect_rest(__r)?)
    }

    fn collect_rest_with(&self, cx: &Ctx, own: &TokenStream) -> TokenStream {
        let fmt = &cx.fmt;
        quote!(#fmt::FlatEntries::collect_rest_with(__r, #own)?)
    }

    fn offered_key_is(&self, _cx: &Ctx, name: &str) -> TokenStream {
        quote!(__key == #name)
    }

    /// Keys are names only.
    fn flat_index(
        &self,
        cx: &Ctx,
        by_name: &TokenStream,
        _by_index: &TokenStream,
        _unknown: usize,
    ) -> TokenStream {
        let krate = cx.krate;
        quote!({
            let __bytes: &[#krate::__private::u8] = #krate::__private::str::as_bytes(&__key);
            #by_name
        })
    }
}

/// The block giving the index of the variant named by `__name` (a string just read), or
/// returning the "unknown variant" error.
fn identify(cx: &Ctx, arms: &EnumArms) -> TokenStream {
    let (krate, fmt) = (cx.krate, &cx.fmt);
    let (by_name, count) = (&arms.by_name, arms.count);
    quote! {
        {
            let __bytes: &[#krate::__private::u8] = #krate::__private::str::as_bytes(&__name);
            match #by_name {
                #count => {
                    let __found = #krate::__private::string_from(&__name);
                    return #krate::__private::Err(#fmt::Reader::unknown_variant(__r, &__found, __VARIANTS));
                }
                __found => __found,
            }
        }
    }
}
