//! Enums in every representation serde has: externally tagged (the format's own framing, see
//! `Layout::read_enum`), internally tagged and adjacently tagged (through collected members:
//! the tag is found wherever it stands, the content read from its place in the input), and
//! untagged, whole or per variant (the value's span re-read as each variant in turn until one
//! fits). Each has a flat form too, for enums flattened into a struct.

use proc_macro2::TokenStream;
use quote::quote;

use super::flat::{flattened_value, struct_from_entries, untaken_members, whole_struct, Source};
use super::{
    construct, enum_arms, read_seq_after, shape_body, variant_content_in, Ctx, EnumArms, Layout,
    Target,
};
use crate::ast::{Container, Style, Variant};
use crate::attr::TagKind;

/// Whether a variant is read without a tag: in an untagged enum, or marked
/// `#[serde(untagged)]`.
pub fn is_untagged(cont: &Container, variant: &Variant) -> bool {
    matches!(cont.attrs.tag, TagKind::Untagged) || variant.attrs.untagged.is_some()
}

/// The variants read without a tag, in declaration order (the order they are tried).
fn untagged_variants<'v, 'a>(
    cont: &Container,
    variants: &'v [Variant<'a>],
) -> Vec<&'v Variant<'a>> {
    variants
        .iter()
        .filter(|v| is_untagged(cont, v) && !v.attrs.skip_deserializing)
        .collect()
}

/// serde's error when no untagged variant fits.
fn no_variant_matched(cont: &Container) -> String {
    cont.attrs.expecting.clone().unwrap_or_else(|| {
        format!(
            "data did not match any variant of untagged enum {}",
            cont.ident
        )
    })
}

/// The rest of an open sequence read as an internally tagged newtype variant's field, by its
/// type's impl; `None` for a field read by a function or by serde, which have no such form.
fn rest_of_seq(cx: &Ctx, layout: &impl Layout, field: &crate::ast::Field) -> Option<TokenStream> {
    // Formats without the form say so for any field.
    let by_impl = layout.rest_of_seq(cx, field.ty, 1)?;
    let krate = cx.krate;
    let name = quote::format_ident!("{}", cx.format.name());
    if let Some((function, tokens)) = &field.attrs.deserialize_with {
        let read = super::deserialize_with(
            cx,
            field,
            function,
            tokens,
            |wrapper| quote!(#krate::__dispatch!(serde #name::decode_rest_of_seq::<#wrapper>(__r, __len - 1))),
        );
        return Some(quote!(#read?));
    }
    if let Some(tokens) = &field.attrs.via_serde {
        let ty = field.ty;
        return Some(super::respan(
            quote!(#krate::__dispatch!(serde #name::decode_rest_of_seq::<#ty>(__r, __len - 1))?),
            crate::ser::tokens_span(tokens),
        ));
    }
    (!field.attrs.decoded_by_function()).then_some(by_impl)
}

/// `struct variant E::V`, `tuple variant E::V`: a variant's shape and name for errors.
fn variant_target<'a>(cont: &Container, variant: &'a Variant<'a>) -> Target<'a> {
    let kind = match variant.style {
        Style::Struct => "struct variant",
        _ => "tuple variant",
    };
    Target {
        constructor: super::variant_constructor(variant),
        fields: &variant.fields,
        expecting: format!("{kind} {}::{}", cont.ident, variant.ident),
        put: false,
    }
}

/// The body of `decode` for an enum.
pub fn enum_whole(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    variants: &[Variant],
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let untagged = untagged_variants(cont, variants);
    // An enum without variants reads as a tagged one that never finds its variant.
    let any_tagged = variants.is_empty() || variants.iter().any(|v| !is_untagged(cont, v));
    let arms = enum_arms(cx, layout, cont, variants);
    let tagged = any_tagged.then(|| tagged_whole(cx, layout, cont, &arms));
    if untagged.is_empty() {
        return tagged.unwrap_or_else(|| quote!(::core::unreachable!()));
    }
    // The value's span, read again as each form in turn: the tagged forms first, then each
    // untagged variant in declaration order (serde's order).
    let names = &arms.names;
    let tries = tagged.into_iter().chain(untagged.iter().map(|variant| {
        let ident = &variant.ident;
        match variant.style {
            Style::Unit => quote! {
                #fmt::Reader::decode_unit(__r, "unit variant")?;
                #krate::__private::Ok(Self::#ident)
            },
            // serde reads an untagged struct variant from a map only.
            Style::Struct => whole_struct(cx, layout, &variant_target(cont, variant)),
            style => shape_body(cx, layout, style, &variant_target(cont, variant)),
        }
    }));
    let message = no_variant_matched(cont);
    // A bare name that names no variant is no externally tagged form (serde's attempt fails
    // at once, with an error it discards): the untagged variants are tried straight away.
    let maybe_tagged = |name: TokenStream| match (&cont.attrs.tag, any_tagged) {
        (TagKind::External, true) => {
            let (by_name, count) = (&arms.by_name, arms.count);
            quote! {
                match #name {
                    #krate::__private::Some(__bytes) => { let __index: #krate::__private::usize = #by_name; __index != #count }
                    #krate::__private::None => true,
                }
            }
        }
        _ => quote!(true),
    };
    let in_place = maybe_tagged(quote!(#fmt::Reader::peek_name(__r)));
    let from_raw = maybe_tagged(quote!(#fmt::Reader::raw_name(__raw)));
    let conditions: Vec<TokenStream> = std::iter::once(quote!(__maybe_tagged))
        .take(usize::from(any_tagged))
        .chain(untagged.iter().map(|_| quote!(true)))
        .collect();
    let attempts: Vec<syn::Ident> = (0..conditions.len())
        .map(|i| quote::format_ident!("__attempt{}", i))
        .collect();
    // serde reads the value whole into its buffer, then tries each form on it. Each form is
    // tried on the value in place, the reader taken back to its start after a failure; a
    // value no form fits is then read past, as serde buffered it (so that an error in its
    // syntax is the one reported). A reader that cannot go back (one over a tree) reads each
    // form from the value's text.
    let body = quote! {
        #names
        #(
            let #attempts = |__r: &mut #fmt::Reader<'de>| -> #krate::__private::Result<Self, #fmt::Error> { #tries };
        )*
        if let #krate::__private::Some(__mark) = #fmt::Reader::mark(__r) {
            let __maybe_tagged: bool = #in_place;
            #(
                if #conditions {
                    match #attempts(__r) {
                        #krate::__private::Ok(__v) => return #krate::__private::Ok(__v),
                        #krate::__private::Err(_) => #fmt::Reader::rewind(__r, __mark),
                    }
                }
            )*
            #fmt::Reader::raw_value(__r)?;
            return #krate::__private::Err(#fmt::Reader::custom(&*__r, #message));
        }
        let __raw = #fmt::Reader::raw_value(__r)?;
        let __maybe_tagged: bool = #from_raw;
        #(
            if #conditions {
                if let #krate::__private::Ok(__v) = #fmt::Reader::reread_with(&*__r, __raw, #attempts) {
                    return #krate::__private::Ok(__v);
                }
            }
        )*
        #krate::__private::Err(#fmt::Reader::custom(&*__r, #message))
    };
    super::buffered(cx, quote!(Self), body)
}

/// The tagged forms read from `__r`: the format's external framing, or the members of an
/// object holding the tag.
fn tagged_whole(cx: &Ctx, layout: &impl Layout, cont: &Container, arms: &EnumArms) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let expecting = &arms.expecting;
    let (from_entries, from_seq) = match &cont.attrs.tag {
        TagKind::External | TagKind::Untagged => return layout.read_enum(cx, arms),
        TagKind::Internal { tag } => (
            internal_from_entries(cx, layout, cont, arms, tag, cx.deny_unknown_fields),
            internal_from_seq(cx, layout, cont, arms, tag),
        ),
        TagKind::Adjacent { tag, content } => (
            adjacent_from_entries(cx, layout, cont, arms, tag, content, cx.deny_unknown_fields),
            adjacent_from_seq(cx, layout, cont, arms, tag),
        ),
    };
    let names = &arms.names;
    let is_seq = layout.is_seq_start(cx);
    let tag_first = match &cont.attrs.tag {
        TagKind::Internal { tag } => {
            let first = layout.tag_first(cx, tag);
            let direct = internal_tag_first(cx, layout, cont, arms, tag);
            quote! {
                else if let #krate::__private::Some(__len) = #first {
                    #direct
                }
            }
        }
        TagKind::Adjacent { tag, content } => {
            let first = layout.tag_first(cx, tag);
            let direct = adjacent_tag_first(cx, layout, cont, arms, tag, content);
            quote! {
                else if let #krate::__private::Some(__len) = #first {
                    #direct
                }
            }
        }
        _ => TokenStream::new(),
    };
    let body = quote! {
        #names
        if #is_seq {
            #from_seq
        }
        #tag_first
        else {
            let mut __collected = #fmt::FlatEntries::collect(__r, #expecting)?;
            let __entries = &mut __collected;
            #from_entries
        }
    };
    match &cont.attrs.tag {
        // serde reads an internally tagged enum's content whole into its buffer first.
        TagKind::Internal { .. } => super::buffered(cx, quote!(Self), body),
        _ => body,
    }
}

/// Internally tagged, with the tag as the object's first member (as serde writes it, and
/// read by [`Layout::tag_first`]): the variant is known at once, and a struct variant reads
/// its fields straight from the members that follow; a unit or newtype variant reads the
/// members collected (a second tag is a "duplicate field" error either way, as in serde).
fn internal_tag_first(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    arms: &EnumArms,
    tag: &str,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let Some(variants) = enum_variants(cont) else {
        unreachable!("called for enums")
    };
    let identify = layout.identify_variant(cx, arms);
    let collect_rest = layout.collect_rest(cx);
    let content = tagged_variants(cont, variants)
        .into_iter()
        .map(|(index, variant)| {
            let ident = &variant.ident;
            let ctor = super::variant_constructor(variant);
            let collected = quote! {
                let mut __collected = #collect_rest;
                let __entries = &mut __collected;
                if #fmt::FlatEntries::find(__entries, #tag).is_some() {
                    return #krate::__private::Err(#fmt::Reader::duplicate_field(
                        #fmt::FlatEntries::reader(__entries),
                        #tag,
                    ));
                }
            };
            let body = match variant.style {
                Style::Unit => quote! {
                    #collected
                    #krate::__private::Ok(Self::#ident)
                },
                // The content's fields read in place as their members come (through
                // `DecodeFlatFields` where the type has it; its `DecodeFlat` from what is
                // collected otherwise), a second tag refused where it stands, as the struct
                // variants below refuse it.
                Style::Newtype if super::flat::streams(cx, &variant.fields[0]) => {
                    let ty = variant.fields[0].ty;
                    let format_name = quote::format_ident!("{}", cx.format.name());
                    let is_tag = layout.offered_key_is(cx, tag);
                    let own = quote! {
                        |__key, __r| {
                            if #is_tag {
                                return #krate::__private::Err(#fmt::Reader::duplicate_field(__r, #tag));
                            }
                            #krate::__flat!(#format_name::offer::<#ty>(&mut __slots, __key, __r))
                        }
                    };
                    let collect = layout.collect_rest_with(cx, &own);
                    let finish = super::respan(
                        quote!(#krate::__flat!(#format_name::finish::<#ty>(__slots, __entries))),
                        syn::spanned::Spanned::span(ty),
                    );
                    quote! {
                        let mut __slots = #krate::__flat!(#format_name::slots::<#ty>());
                        let mut __collected = #collect;
                        let __entries = &mut __collected;
                        #krate::__private::Ok(#ctor(#finish?))
                    }
                }
                Style::Newtype => {
                    let value = flattened_value(cx, &variant.fields[0]);
                    quote! {
                        #collected
                        #krate::__private::Ok(#ctor(#value))
                    }
                }
                Style::Struct if super::flat::reads_entries(&variant.fields) => {
                    let target = variant_target(cont, variant);
                    let read = struct_from_entries(
                        cx,
                        layout,
                        &target,
                        cx.deny_unknown_fields,
                        Source::Entries,
                    );
                    quote! {
                        #collected
                        #read
                    }
                }
                Style::Struct => {
                    let target = variant_target(cont, variant);
                    let read = super::member_loop_after(cx, layout, target.fields, Some(tag));
                    let value =
                        super::construct(cx, &target.constructor, target.fields, Style::Struct);
                    quote! {
                        #read
                        #krate::__private::Ok(#value)
                    }
                }
                Style::Tuple => {
                    unreachable!("checked: no tuple variants in an internally tagged enum")
                }
            };
            variant_arm(cx, index, variant, body)
        });
    quote! {
        // Only a format whose objects count their members reads `__len`.
        let _ = __len;
        let __index: #krate::__private::usize = #identify;
        match __index {
            #(#content)*
            _ => ::core::unreachable!(),
        }
    }
}

/// Internally tagged, from a sequence (as serde reads it, and `rmp_serde::to_vec` writes a
/// struct variant): the tag, then the variant's fields in order.
fn internal_from_seq(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    arms: &EnumArms,
    tag: &str,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let Some(variants) = enum_variants(cont) else {
        unreachable!("called for enums")
    };
    let open = layout.open_tagged_seq(cx, &arms.expecting, tag);
    let identify = layout.identify_variant(cx, arms);
    let content = tagged_variants(cont, variants)
        .into_iter()
        .map(|(index, variant)| {
            let ident = &variant.ident;
            let ctor = super::variant_constructor(variant);
            let body = match variant.style {
                Style::Unit => {
                    let skip = layout.skip_rest_of_seq(cx, 1);
                    quote!(#skip #krate::__private::Ok(Self::#ident))
                }
                Style::Newtype => match rest_of_seq(cx, layout, &variant.fields[0]) {
                    Some(value) => quote!(#krate::__private::Ok(#ctor(#value))),
                    None => quote! {
                        #krate::__private::Err(#fmt::Reader::invalid_type(
                            __r,
                            "the content of an internally tagged newtype variant",
                        ))
                    },
                },
                Style::Struct => {
                    let target = variant_target(cont, variant);
                    let read = read_seq_after(cx, layout, &target, true, 1);
                    let value = construct(cx, &target.constructor, target.fields, Style::Struct);
                    quote!(#read #krate::__private::Ok(#value))
                }
                Style::Tuple => {
                    unreachable!("checked: no tuple variants in an internally tagged enum")
                }
            };
            variant_arm(cx, index, variant, body)
        });
    quote! {
        #open
        let __index: #krate::__private::usize = #identify;
        match __index {
            #(#content)*
            _ => ::core::unreachable!(),
        }
    }
}

/// Adjacently tagged, from a sequence (as serde reads it, and `rmp_serde::to_vec` writes it):
/// the tag, then the content.
fn adjacent_from_seq(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    arms: &EnumArms,
    tag: &str,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let expecting = &arms.expecting;
    let open = layout.open_tagged_seq(cx, expecting, tag);
    let identify = layout.identify_variant(cx, arms);
    let has_content = (layout.seq_frame(cx).has_element)(cx, 1);
    let end = layout.end_seq(cx, 2, expecting);
    let Some(variants) = enum_variants(cont) else {
        unreachable!("called for enums")
    };
    let content = tagged_variants(cont, variants)
        .into_iter()
        .map(|(index, variant)| {
            let value = variant_content_in(cx, layout, cont, variant, true);
            quote!(#index => #value,)
        });
    quote! {
        #open
        let __index: #krate::__private::usize = #identify;
        if !(#has_content) {
            return #krate::__private::Err(#fmt::Reader::invalid_length(__r, 1, #expecting));
        }
        let __value: Self = match __index {
            #(#content)*
            _ => ::core::unreachable!(),
        };
        #end
        #krate::__private::Ok(__value)
    }
}

/// The readable variants of `arms`' enum with their indexes (the arms' numbering).
fn tagged_variants<'v, 'a>(
    cont: &Container,
    variants: &'v [Variant<'a>],
) -> Vec<(usize, &'v Variant<'a>)> {
    variants
        .iter()
        .enumerate()
        .filter(|(_, v)| !v.attrs.skip_deserializing && !is_untagged(cont, v))
        .collect()
}

/// Statements finding the member `tag` among `__entries` (taking it; a second one is a
/// "duplicate field" error, none a "missing field"), and evaluating to the index of the
/// variant it names.
fn find_tag(cx: &Ctx, layout: &impl Layout, arms: &EnumArms, tag: &str) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let identify = layout.identify_variant(cx, arms);
    quote! {
        {
            let __t = match #fmt::FlatEntries::find(__entries, #tag) {
                #krate::__private::Some(__t) => __t,
                #krate::__private::None => {
                    return #krate::__private::Err(#fmt::Reader::missing_field(#fmt::FlatEntries::reader(__entries), #tag));
                }
            };
            #fmt::FlatEntries::take(__entries, __t);
            if #fmt::FlatEntries::find(__entries, #tag).is_some() {
                return #krate::__private::Err(#fmt::Reader::duplicate_field(#fmt::FlatEntries::reader(__entries), #tag));
            }
            #fmt::FlatEntries::decode_value(
                __entries,
                __t,
                |__r| -> #krate::__private::Result<#krate::__private::usize, #fmt::Error> {
                    #krate::__private::Ok(#identify)
                },
            )?
        }
    }
}

/// Internally tagged: the tag's member names the variant, whose content is the other
/// members: a unit variant takes none, a newtype variant's value reads its flat form, a
/// struct variant its fields.
fn internal_from_entries(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    arms: &EnumArms,
    tag: &str,
    deny: bool,
) -> TokenStream {
    let krate = cx.krate;
    let Some(variants) = enum_variants(cont) else {
        unreachable!("called for enums")
    };
    let find = find_tag(cx, layout, arms, tag);
    let content = tagged_variants(cont, variants)
        .into_iter()
        .map(|(index, variant)| {
            let ident = &variant.ident;
            let ctor = super::variant_constructor(variant);
            let body = match variant.style {
                // serde ignores the other members of a unit variant, even under
                // `deny_unknown_fields`.
                Style::Unit => quote!(#krate::__private::Ok(Self::#ident)),
                Style::Newtype => {
                    let value = flattened_value(cx, &variant.fields[0]);
                    quote!(#krate::__private::Ok(#ctor(#value)))
                }
                Style::Struct => struct_from_entries(
                    cx,
                    layout,
                    &variant_target(cont, variant),
                    deny,
                    Source::Entries,
                ),
                Style::Tuple => {
                    unreachable!("checked: no tuple variants in an internally tagged enum")
                }
            };
            variant_arm(cx, index, variant, body)
        });
    quote! {
        let __index: #krate::__private::usize = #find;
        match __index {
            #(#content)*
            _ => ::core::unreachable!(),
        }
    }
}

/// Adjacently tagged: the tag's member names the variant, the content's member holds its
/// content (absent, or a unit, for a unit variant).
fn adjacent_from_entries(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    arms: &EnumArms,
    tag: &str,
    content: &str,
    deny: bool,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let Some(variants) = enum_variants(cont) else {
        unreachable!("called for enums")
    };
    let find = find_tag(cx, layout, arms, tag);
    let refuse = deny.then(|| {
        quote! {
            const __ADJACENT: &[&#krate::__private::str] = &[#tag, #content];
            #fmt::FlatEntries::refuse_remaining(__entries, __ADJACENT)?;
        }
    });
    let arms_content = tagged_variants(cont, variants).into_iter().map(|(index, variant)| {
        let ident = &variant.ident;
        let read = if variant.style == Style::Unit {
            quote! {
                if let #krate::__private::Some(__c) = __c {
                    #fmt::FlatEntries::decode_value(__entries, __c, |__r| #fmt::Reader::decode_unit(__r, "unit variant"))?;
                }
                #krate::__private::Ok(Self::#ident)
            }
        } else {
            let value = variant_content_in(cx, layout, cont, variant, true);
            let reader = quote!(#fmt::FlatEntries::reader(__entries));
            let absent = absent_content(cx, variant, content, &reader);
            quote! {
                match __c {
                    #krate::__private::Some(__c) => #fmt::FlatEntries::decode_value(
                        __entries,
                        __c,
                        |__r| -> #krate::__private::Result<Self, #fmt::Error> { #krate::__private::Ok(#value) },
                    ),
                    #krate::__private::None => #absent,
                }
            }
        };
        quote!(#index => { #read })
    });
    quote! {
        let __index: #krate::__private::usize = #find;
        let __c = #fmt::FlatEntries::find(__entries, #content);
        if let #krate::__private::Some(__c) = __c {
            #fmt::FlatEntries::take(__entries, __c);
            if #fmt::FlatEntries::find(__entries, #content).is_some() {
                return #krate::__private::Err(#fmt::Reader::duplicate_field(#fmt::FlatEntries::reader(__entries), #content));
            }
        }
        #refuse
        match __index {
            #(#arms_content)*
            _ => ::core::unreachable!(),
        }
    }
}

/// The value of an adjacently tagged variant whose content is absent, as serde reads it: a
/// unit variant (also one read by a variant-level function); a newtype variant as its type
/// reads a missing value (an `Option` is `None`), or else the "missing field" error on
/// `reader`; any other variant that error.
fn absent_content(cx: &Ctx, variant: &Variant, content: &str, reader: &TokenStream) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let ident = &variant.ident;
    let missing = quote!(#krate::__private::Err(#fmt::Reader::missing_field(#reader, #content)));
    match (&variant.spread, variant.style) {
        (Some((Style::Unit, _)), _) | (None, Style::Unit) => {
            quote!(#krate::__private::Ok(Self::#ident))
        }
        (None, Style::Newtype) if !variant.fields[0].attrs.decoded_by_function() => {
            let value = super::type_missing(cx, &variant.fields[0]);
            quote! {
                match #value {
                    #krate::__private::Some(__v) => #krate::__private::Ok(Self::#ident(__v)),
                    #krate::__private::None => #missing,
                }
            }
        }
        _ => missing,
    }
}

/// Adjacently tagged, with the tag as the object's first member (read by
/// [`Layout::tag_first`]): the variant is known at once, and its content is read in place
/// when its member comes, as serde reads it; a second tag or content is a "duplicate field"
/// error, any other member is skipped (or an "unknown field" error under
/// `deny_unknown_fields`).
fn adjacent_tag_first(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    arms: &EnumArms,
    tag: &str,
    content: &str,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let Some(variants) = enum_variants(cont) else {
        unreachable!("called for enums")
    };
    let identify = layout.identify_variant(cx, arms);
    let keys = vec![
        (content.as_bytes().to_vec(), 0),
        (tag.as_bytes().to_vec(), 1),
    ];
    let match_key = super::match_by_length(krate, &keys, 2);
    let unknown = if cx.deny_unknown_fields {
        layout.unknown_field(cx)
    } else {
        quote!(2)
    };
    let lookup = super::MemberLookup {
        is_next: quote!(false),
        by_name: quote! {
            match #match_key {
                2 => { #unknown }
                __found => __found,
            }
        },
        count: 2,
        resumed: true,
    };
    let super::LoopFrame { head, index, tail } = layout.member_loop(cx, &lookup);
    let tagged = tagged_variants(cont, variants);
    let read_content = tagged.iter().map(|(index, variant)| {
        let value = variant_content_in(cx, layout, cont, variant, true);
        quote!(#index => #value,)
    });
    let absent = tagged.iter().map(|(index, variant)| {
        let value = absent_content(cx, variant, content, &quote!(__r));
        quote!(#index => #value,)
    });
    quote! {
        let _ = __len;
        #[allow(dead_code)]
        const __FIELDS: &[&#krate::__private::str] = &[#tag, #content];
        let __variant: #krate::__private::usize = #identify;
        let mut __value: #krate::__private::Option<Self> = #krate::__private::None;
        let __next: #krate::__private::usize = 0;
        #head {
            let __index: #krate::__private::usize = #index;
            match __index {
                0 => {
                    if __value.is_some() {
                        return #krate::__private::Err(#fmt::Reader::duplicate_field(__r, #content));
                    }
                    __value = #krate::__private::Some(match __variant {
                        #(#read_content)*
                        _ => ::core::unreachable!(),
                    });
                }
                1 => {
                    return #krate::__private::Err(#fmt::Reader::duplicate_field(__r, #tag));
                }
                _ => #fmt::Reader::skip_value(__r)?,
            }
        }
        #tail
        match __value {
            #krate::__private::Some(__v) => #krate::__private::Ok(__v),
            #krate::__private::None => match __variant {
                #(#absent)*
                _ => ::core::unreachable!(),
            },
        }
    }
}

/// `index => result,` for one variant of a tagged enum: `body` (statements evaluating to a
/// result) run in a closure, so that an early `return` of an error leaves the variant's
/// reading only, with its errors under the variant's name.
fn variant_arm(cx: &Ctx, index: usize, variant: &Variant, body: TokenStream) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let name = &variant.attrs.name.deserialize;
    quote! {
        #index => (|| -> #krate::__private::Result<Self, #fmt::Error> { #body })()
            .map_err(|__e| __e.in_field(#name)),
    }
}

fn enum_variants<'c, 'a>(cont: &'c Container<'a>) -> Option<&'c [Variant<'a>]> {
    match &cont.data {
        crate::ast::Data::Enum(variants) => Some(variants),
        crate::ast::Data::Struct(..) => None,
    }
}

/// Whether every variant of the enum has a flat form (an untagged tuple variant has none).
pub fn has_flat_form(cont: &Container, variants: &[Variant]) -> bool {
    variants
        .iter()
        .all(|v| !(is_untagged(cont, v) && v.style == Style::Tuple))
}

/// The body of `decode_flat` for an enum (see [`has_flat_form`]).
pub fn enum_flat(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    variants: &[Variant],
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let arms = enum_arms(cx, layout, cont, variants);
    let names = &arms.names;
    let any_tagged = variants.iter().any(|v| !is_untagged(cont, v));
    let tagged = any_tagged.then(|| match &cont.attrs.tag {
        // serde reads an internally tagged enum from everything left, taking nothing.
        TagKind::Internal { tag } => {
            let read = internal_from_entries(cx, layout, cont, &arms, tag, false);
            without_taking(cx, read)
        }
        TagKind::Adjacent { tag, content } => {
            adjacent_from_entries(cx, layout, cont, &arms, tag, content, false)
        }
        TagKind::External | TagKind::Untagged => external_from_entries(cx, layout, cont, &arms),
    });
    let untagged = untagged_variants(cont, variants);
    if untagged.is_empty() {
        let tagged = tagged.unwrap_or_else(|| quote!(::core::unreachable!()));
        return quote!(#names #tagged);
    }
    let message = no_variant_matched(cont);
    let tries = tagged.into_iter().chain(untagged.iter().map(|variant| {
        let ctor = super::variant_constructor(variant);
        match variant.style {
            // serde offers an untagged enum what is left as a map, which a unit variant
            // never accepts.
            Style::Unit => quote! {
                #krate::__private::Err(#fmt::Reader::custom(#fmt::FlatEntries::reader(__entries), #message))
            },
            // serde reads an untagged variant from everything left, taking nothing.
            Style::Newtype => {
                let value = flattened_value(cx, &variant.fields[0]);
                without_taking(cx, quote!(#krate::__private::Ok(#ctor(#value))))
            }
            Style::Struct => without_taking(
                cx,
                struct_from_entries(cx, layout, &variant_target(cont, variant), false, Source::Entries),
            ),
            Style::Tuple => unreachable!("no flat form: see has_flat_form"),
        }
    }));
    quote! {
        #names
        let __marks = #fmt::FlatEntries::marks(__entries);
        #(
            match (|| -> #krate::__private::Result<Self, #fmt::Error> { #tries })() {
                #krate::__private::Ok(__v) => return #krate::__private::Ok(__v),
                #krate::__private::Err(_) => #fmt::FlatEntries::restore(__entries, &__marks),
            }
        )*
        #krate::__private::Err(#fmt::Reader::custom(#fmt::FlatEntries::reader(__entries), #message))
    }
}

/// `read` (statements evaluating to a result), with every member it took put back after it,
/// whatever the result.
fn without_taking(cx: &Ctx, read: TokenStream) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    quote! {
        let __kept = #fmt::FlatEntries::marks(__entries);
        let __result = (|| -> #krate::__private::Result<Self, #fmt::Error> { #read })();
        #fmt::FlatEntries::restore(__entries, &__kept);
        __result
    }
}

/// Externally tagged, flattened: the first member not taken whose key names a variant holds
/// that variant's content.
fn external_from_entries(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    arms: &EnumArms,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let (by_name, by_position, count, content) =
        (&arms.by_name, &arms.by_position, arms.count, &arms.content);
    let by_index = quote!(match __n { #by_position _ => #count });
    let index = layout.flat_index(cx, by_name, &by_index, count);
    let message = format!("no variant of enum {} found in flattened data", cont.ident);
    let find = untaken_members(
        cx,
        &index,
        quote! {
            if __index < #count {
                #fmt::FlatEntries::take(__entries, __i);
                return #fmt::FlatEntries::decode_value(
                    __entries,
                    __i,
                    |__r| -> #krate::__private::Result<Self, #fmt::Error> {
                        #krate::__private::Ok(match __index {
                            #content
                            _ => ::core::unreachable!(),
                        })
                    },
                );
            }
        },
    );
    quote! {
        #find
        #krate::__private::Err(#fmt::Reader::custom(#fmt::FlatEntries::reader(__entries), #message))
    }
}
