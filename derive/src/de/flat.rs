//! Reading through collected members (the runtime's `FlatEntries`): structs with flattened
//! fields or a `tag`, the parts of a value flattened into another, and the format's
//! `DecodeFlat` impls. Each part takes the members its fields name; flattened fields follow,
//! in declaration order, from what is left (serde's order).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::{
    binding, construct, decode_field, decoded_fields, match_by_length, missing_value, respan,
    transparent_value, Ctx, Layout, PathSegment, Target,
};
use crate::ast::{Container, Data, Field, Style};
use crate::Direction;

/// Whether a struct with named fields is read through collected members: it has a flattened
/// field. (serde reads such a struct from a map only.)
pub fn reads_entries(fields: &[Field]) -> bool {
    fields.iter().any(is_flattened)
}

/// A field read from the members left by the others (`#[serde(flatten)]`), rather than from
/// a member of its own.
pub fn is_flattened(field: &Field) -> bool {
    field.attrs.flatten.is_some() && !field.attrs.skip_deserializing
}

/// Where a struct with flattened fields reads its own fields from.
#[derive(Clone, PartialEq, Eq)]
pub enum Source {
    /// Members already collected in `__entries` (a `&mut FlatEntries`): the flat form.
    Entries,
    /// The object at `__r`, read once: each member naming a field is read in place as it
    /// comes (as serde's derive reads a struct with `flatten`), every other member is
    /// collected for the flattened fields, with `expecting` in an "invalid type" error.
    Reader { expecting: String },
}

/// Statements evaluating to `Result<value, Error>` that read `target`'s named fields from
/// `source`: each member naming a field is taken and read into it (a second one is a
/// "duplicate field" error), then each flattened field reads from the members left. With
/// `deny`, a member nothing took is an "unknown field" error.
pub fn struct_from_entries(
    cx: &Ctx,
    layout: &impl Layout,
    target: &Target,
    deny: bool,
    source: Source,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let decoded = decoded_fields(target.fields);
    let own: Vec<(usize, &Field)> = decoded
        .iter()
        .copied()
        .filter(|(_, f)| !is_flattened(f))
        .collect();
    let count = own.len();
    let mut keys: Vec<(Vec<u8>, usize)> = Vec::new();
    for (position, (_, field)) in own.iter().enumerate() {
        keys.push((field.attrs.name.deserialize.as_bytes().to_vec(), position));
        for alias in &field.attrs.name.aliases {
            keys.push((alias.as_bytes().to_vec(), position));
        }
    }
    let by_name = match_by_length(krate, &keys, count);
    let by_index = quote! {
        if __n < #count as #krate::__private::u64 { __n as #krate::__private::usize } else { #count }
    };
    let index = layout.flat_index(cx, &by_name, &by_index, count);
    let slots = own.iter().map(|(index, field)| {
        let binding = binding(*index);
        let ty = field.ty;
        quote!(let mut #binding: #krate::__private::Option<#ty> = #krate::__private::None;)
    });
    let arms = own.iter().enumerate().map(|(position, (index, field))| {
        let binding = binding(*index);
        let name = &field.attrs.name.deserialize;
        let decode = decode_field(cx, field, &PathSegment::Field(name.clone()));
        let duplicate = |reader: TokenStream| {
            quote! {
                if #binding.is_some() {
                    return #krate::__private::Err(#fmt::Reader::duplicate_field(#reader, #name));
                }
            }
        };
        match &source {
            Source::Entries => {
                let duplicate = duplicate(quote!(#fmt::FlatEntries::reader(__entries)));
                quote! {
                    #position => {
                        #fmt::FlatEntries::take(__entries, __i);
                        #duplicate
                        #binding = #krate::__private::Some(#fmt::FlatEntries::decode_value(
                            __entries,
                            __i,
                            |__r| #krate::__private::Ok(#decode),
                        )?);
                    }
                }
            }
            Source::Reader { .. } => {
                let duplicate = duplicate(quote!(__r));
                quote! {
                    #position => {
                        #duplicate
                        #binding = #krate::__private::Some(#decode);
                        #krate::__private::Ok(true)
                    }
                }
            }
        }
    });
    let read_own = match &source {
        Source::Entries => quote! {
            for __i in 0..#fmt::FlatEntries::len(__entries) {
                if #fmt::FlatEntries::is_taken(__entries, __i) {
                    continue;
                }
                let __key = #fmt::FlatEntries::key(__entries, __i);
                let __index: #krate::__private::usize = #index;
                match __index {
                    #(#arms)*
                    _ => {}
                }
            }
        },
        Source::Reader { expecting } => quote! {
            let mut __collected = #fmt::FlatEntries::collect_with(__r, #expecting, |__key, __r| {
                let __index: #krate::__private::usize = #index;
                match __index {
                    #(#arms)*
                    _ => #krate::__private::Ok(false),
                }
            })?;
            let __entries = &mut __collected;
        },
    };
    let flattened = decoded
        .iter()
        .filter(|(_, f)| is_flattened(f))
        .map(|(index, field)| {
            let binding = binding(*index);
            let value = flattened_value(cx, field);
            quote!(let #binding = #value;)
        });
    let names = own.iter().map(|(_, f)| f.attrs.name.deserialize.as_str());
    let refuse = deny.then(|| quote!(#fmt::FlatEntries::refuse_remaining(__entries, __FIELDS)?;));
    let finish = own.iter().map(|(index, field)| {
        let binding = binding(*index);
        let missing = missing_value(cx, field);
        quote! {
            let #binding = match #binding {
                #krate::__private::Some(__v) => __v,
                #krate::__private::None => #missing,
            };
        }
    });
    let value = construct(cx, &target.constructor, target.fields, Style::Struct);
    quote! {
        #[allow(dead_code)]
        const __FIELDS: &[&#krate::__private::str] = &[#(#names),*];
        #(#slots)*
        #read_own
        #(#flattened)*
        #refuse
        let __r = #fmt::FlatEntries::reader(__entries);
        #(#finish)*
        #krate::__private::Ok(#value)
    }
}

/// The body of `decode` for a struct read through collected members: the object is collected,
/// then read by [`struct_from_entries`], with `deny_unknown_fields` applied to what is left.
pub fn whole_struct(cx: &Ctx, layout: &impl Layout, target: &Target) -> TokenStream {
    let source = Source::Reader {
        expecting: target.expecting.clone(),
    };
    struct_from_entries(cx, layout, target, cx.deny_unknown_fields, source)
}

/// The body of `decode_flat` for a struct: named fields from the members, a newtype or
/// transparent struct as its field's flat form. `None` for shapes that have no flat form.
pub fn struct_flat(cx: &Ctx, layout: &impl Layout, cont: &Container) -> Option<TokenStream> {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    if cont.attrs.from.is_some() || cont.attrs.try_from.is_some() {
        return None;
    }
    let Data::Struct(style, fields) = &cont.data else {
        return None;
    };
    let inner = |field: &Field| {
        let ty = field.ty;
        let span = ty.span();
        let fmt = respan(fmt.clone(), span);
        quote_spanned!(span=> <#ty as #fmt::DecodeFlat<'de>>::decode_flat(__entries)?)
    };
    if cont.attrs.transparent.is_some() {
        let chosen = cont.transparent_candidates(Direction::Decode)[0];
        let value = transparent_value(cx, fields, chosen, inner(chosen));
        return Some(quote!(#krate::__private::Ok(#value)));
    }
    match style {
        Style::Newtype => {
            let value = inner(&fields[0]);
            Some(quote!(#krate::__private::Ok(Self(#value))))
        }
        Style::Struct => {
            let target = Target {
                constructor: quote!(Self),
                fields,
                expecting: format!("struct {}", cont.attrs.name.deserialize),
            };
            Some(struct_from_entries(
                cx,
                layout,
                &target,
                false,
                Source::Entries,
            ))
        }
        Style::Tuple | Style::Unit => None,
    }
}

/// The expression reading a flattened field from `__entries`: its type's `DecodeFlat`, or,
/// for a field read by serde (`deserialize_with`, a serde `with` module, `#[wire(serde)]`),
/// the bridge's, which gives the serde impl every member left as one object.
fn flattened_value(cx: &Ctx, field: &Field) -> TokenStream {
    let krate = cx.krate;
    let ty = field.ty;
    let span = ty.span();
    let fmt = respan(cx.fmt.clone(), span);
    if let Some((function, tokens)) = &field.attrs.deserialize_with {
        let read = super::deserialize_with(cx, field, function, tokens, |wrapper| {
            quote! {
                #krate::__private::Result::map(
                    <#krate::bridge::Serde<#wrapper> as #fmt::DecodeFlat<'de>>::decode_flat(__entries),
                    |__s| __s.0,
                )
            }
        });
        return quote!(#read?);
    }
    if let Some(tokens) = &field.attrs.via_serde {
        let name = format_ident!("{}", cx.format.name());
        let read = quote!(#krate::__dispatch!(serde #name::decode_flat::<#ty>(__entries)));
        return respan(quote!(#read?), crate::ser::tokens_span(tokens));
    }
    quote_spanned!(span=> <#ty as #fmt::DecodeFlat<'de>>::decode_flat(__entries)?)
}
