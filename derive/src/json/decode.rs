//! JSON decoding: writes `impl fastwire::json::Decode<'de>`. Keys are matched in place (no
//! copy unless escaped), trying the next declared field first, then by length and bytes.
//! Structs accept serde's two forms: an object, or an array of the fields in order.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::encode::respan;
use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr::{self, DefaultValue};
use crate::bound::{self, BoundSource};
use crate::Direction;

const DECODE_BOUNDS: BoundSource = BoundSource {
    uses_field: |field| !field.skip_deserializing,
    field_bound: |field| field.de_bound.as_deref(),
    container_bound: |cont| cont.de_bound.as_deref(),
};

/// What the generated code needs everywhere: the crate path and how to build the value.
struct Ctx<'a> {
    krate: &'a syn::Path,
    /// The container's `default`, if any: missing fields are taken from it.
    container_default: &'a DefaultValue,
}

/// The `Decode` impl for `cont`.
pub fn generate(cont: &Container, krate: &syn::Path) -> TokenStream {
    let mut generics = {
        let trait_path: syn::Path = syn::parse_quote!(#krate::json::Decode<'de>);
        bound::with_bound(cont, &DECODE_BOUNDS, &trait_path)
    };
    if cont.attrs.de_bound.is_none() {
        // Skipped fields without a `default = "..."` are filled with `Default::default()`.
        let default_path: syn::Path = syn::parse_quote!(#krate::__private::Default);
        let needs_default = |field: &attr::Field| {
            field.skip_deserializing && !matches!(field.default, DefaultValue::Path(_))
        };
        bound::add_inferred_bounds(&mut generics, cont, needs_default, &default_path);
    }
    // Borrowed fields (`&'a str`, `Cow<'a, str>`) may point into the input; so may fields
    // borrowing for `'static` (`&'static str`), which only `'static` input can fill.
    let mut lifetimes: Vec<syn::Lifetime> = cont
        .generics
        .lifetimes()
        .map(|def| def.lifetime.clone())
        .collect();
    if cont
        .data
        .all_fields()
        .any(|field| !field.attrs.skip_deserializing && mentions_static(field.ty))
    {
        lifetimes.push(syn::parse_quote!('static));
    }
    let mut impl_generics = generics.clone();
    impl_generics
        .params
        .insert(0, syn::parse_quote!('de #(: #lifetimes)+*));
    let (impl_generics, _, _) = impl_generics.split_for_impl();
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    let ident = &cont.ident;

    let cx = Ctx {
        krate,
        container_default: &cont.attrs.default,
    };
    let name = &cont.attrs.name.deserialize;
    let body = match &cont.data {
        Data::Struct(style, fields) => {
            if cont.attrs.transparent.is_some() {
                transparent_body(&cx, cont, fields)
            } else {
                let constructor = quote!(Self);
                match style {
                    Style::Unit => {
                        let expecting = format!("unit struct {name}");
                        quote!(#krate::json::Reader::decode_null(__r, #expecting)?; #krate::__private::Ok(Self))
                    }
                    Style::Newtype => newtype_body(&cx, &constructor, &fields[0]),
                    Style::Tuple => {
                        tuple_body(&cx, &constructor, fields, &format!("tuple struct {name}"))
                    }
                    Style::Struct => struct_body(
                        &cx,
                        &constructor,
                        fields,
                        &format!("struct {name}"),
                        cont.attrs.deny_unknown_fields,
                    ),
                }
            }
        }
        Data::Enum(variants) => enum_body(&cx, cont, variants),
    };
    let container_default = container_default_statement(&cx);
    let missing = match (&cont.data, &cont.attrs.transparent) {
        (Data::Struct(_, fields), Some(_)) => transparent_missing(&cx, cont, fields),
        _ => TokenStream::new(),
    };
    quote! {
        #krate::__if_json! {
            #[automatically_derived]
            impl #impl_generics #krate::json::Decode<'de> for #ident #ty_generics #where_clause {
                fn decode(
                    __r: &mut #krate::json::Reader<'de>,
                ) -> #krate::__private::Result<Self, #krate::json::Error> {
                    #container_default
                    #body
                }

                #missing
            }
        }
    }
}

/// Whether `ty` mentions the `'static` lifetime anywhere.
fn mentions_static(ty: &syn::Type) -> bool {
    struct FindStatic(bool);
    impl<'ast> syn::visit::Visit<'ast> for FindStatic {
        fn visit_lifetime(&mut self, lifetime: &'ast syn::Lifetime) {
            self.0 |= lifetime.ident == "static";
        }
    }
    let mut finder = FindStatic(false);
    syn::visit::visit_type(&mut finder, ty);
    finder.0
}

/// A transparent struct is absent exactly when its field's type is (`Option` inside: `None`).
fn transparent_missing(cx: &Ctx, cont: &Container, fields: &[Field]) -> TokenStream {
    let krate = cx.krate;
    let chosen = cont.transparent_candidates(Direction::Decode)[0];
    let ty = chosen.ty;
    let value = transparent_value(cx, fields, chosen, quote!(__v));
    let container_default = container_default_statement(cx);
    quote! {
        #[inline]
        fn missing() -> #krate::__private::Option<Self> {
            match <#ty as #krate::json::Decode<'de>>::missing() {
                #krate::__private::Some(__v) => {
                    #container_default
                    #krate::__private::Some(#value)
                }
                #krate::__private::None => #krate::__private::None,
            }
        }
    }
}

/// `let __default: Self = ...;` when the container has a `default`.
fn container_default_statement(cx: &Ctx) -> TokenStream {
    let krate = cx.krate;
    match cx.container_default {
        DefaultValue::None => TokenStream::new(),
        DefaultValue::Default => quote! {
            let __default: Self = #krate::__private::Default::default();
        },
        DefaultValue::Path(path) => quote!(let __default: Self = #path();),
    }
}

/// An impl beside compile errors, so one mistake does not cascade (see the encode fallback).
pub fn fallback(item: &syn::DeriveInput, krate: &syn::Path) -> TokenStream {
    let mut generics = item.generics.clone();
    if !item
        .generics
        .lifetimes()
        .any(|def| def.lifetime.ident == "de")
    {
        generics.params.insert(0, syn::parse_quote!('de));
    }
    let (impl_generics, _, _) = generics.split_for_impl();
    let (_, ty_generics, where_clause) = item.generics.split_for_impl();
    let ident = &item.ident;
    quote! {
        #krate::__if_json! {
            impl #impl_generics #krate::json::Decode<'de> for #ident #ty_generics #where_clause {
                fn decode(
                    _: &mut #krate::json::Reader<'de>,
                ) -> #krate::__private::Result<Self, #krate::json::Error> {
                    ::core::unreachable!()
                }
            }
        }
    }
}

/// `T::decode(__r)` for a field, spanned on its type so a missing impl is reported there; the
/// error path gains `segment` (the field's name or its index).
fn decode_field(cx: &Ctx, field: &Field, segment: &PathSegment) -> TokenStream {
    let span = field.ty.span();
    let krate = respan(quote::ToTokens::to_token_stream(cx.krate), span);
    let ty = field.ty;
    let decode = quote_spanned!(span=> <#ty as #krate::json::Decode<'de>>::decode(__r));
    let add_path = match segment {
        PathSegment::Field(name) => quote!(__e.in_field(#name)),
        PathSegment::Index(index) => quote!(__e.in_index(#index)),
    };
    quote!(#decode.map_err(|__e| #add_path)?)
}

enum PathSegment {
    Field(String),
    Index(usize),
}

/// The value of a field that is skipped, or absent from an array that ended early (when it
/// has a default), as serde computes it.
fn default_value(cx: &Ctx, field: &Field) -> Option<TokenStream> {
    let krate = cx.krate;
    match &field.attrs.default {
        DefaultValue::Path(path) => return Some(quote!(#path())),
        DefaultValue::Default => return Some(quote!(#krate::__private::Default::default())),
        DefaultValue::None => {}
    }
    match cx.container_default {
        DefaultValue::None => None,
        _ => {
            let member = &field.member;
            Some(quote!(__default.#member))
        }
    }
}

fn skipped_value(cx: &Ctx, field: &Field) -> TokenStream {
    let krate = cx.krate;
    default_value(cx, field).unwrap_or_else(|| quote!(#krate::__private::Default::default()))
}

/// The value of a field whose key is absent: its default, `None` for options, or an error.
fn missing_value(cx: &Ctx, field: &Field) -> TokenStream {
    if let Some(value) = default_value(cx, field) {
        return value;
    }
    let krate = cx.krate;
    let ty = field.ty;
    let name = &field.attrs.name.deserialize;
    quote! {
        match <#ty as #krate::json::Decode<'de>>::missing() {
            #krate::__private::Some(__v) => __v,
            #krate::__private::None => return #krate::__private::Err(#krate::json::Reader::missing_field(__r, #name)),
        }
    }
}

/// The fields read from the input, with their index among all fields.
fn decoded_fields<'f, 'a>(fields: &'f [Field<'a>]) -> Vec<(usize, &'f Field<'a>)> {
    fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.attrs.skip_deserializing)
        .collect()
}

fn binding(index: usize) -> syn::Ident {
    format_ident!("__v{}", index)
}

/// Builds the value from bindings `__v{i}` (decoded fields) and defaults (skipped fields).
fn construct(cx: &Ctx, constructor: &TokenStream, fields: &[Field], style: Style) -> TokenStream {
    let values = fields.iter().enumerate().map(|(i, field)| {
        let value = if field.attrs.skip_deserializing {
            skipped_value(cx, field)
        } else {
            let binding = binding(i);
            quote!(#binding)
        };
        let member = &field.member;
        match style {
            Style::Struct => quote!(#member: #value),
            _ => value,
        }
    });
    match style {
        Style::Struct => quote!(#constructor { #(#values),* }),
        Style::Unit => constructor.clone(),
        Style::Tuple | Style::Newtype => quote!(#constructor(#(#values),*)),
    }
}

/// The one transparent field is decoded; every other field takes its default.
fn transparent_body(cx: &Ctx, cont: &Container, fields: &[Field]) -> TokenStream {
    let krate = cx.krate;
    let chosen = cont.transparent_candidates(Direction::Decode)[0];
    let span = chosen.ty.span();
    let ty = chosen.ty;
    let spanned_krate = respan(quote::ToTokens::to_token_stream(krate), span);
    let decode = quote_spanned!(span=> <#ty as #spanned_krate::json::Decode<'de>>::decode(__r)?);
    let value = transparent_value(cx, fields, chosen, decode);
    quote!(#krate::__private::Ok(#value))
}

/// The struct built from `value` for the transparent field and defaults for the others.
fn transparent_value(
    cx: &Ctx,
    fields: &[Field],
    chosen: &Field,
    value: TokenStream,
) -> TokenStream {
    let named = fields.iter().all(|f| f.original.ident.is_some());
    let values = fields.iter().map(|field| {
        let field_value = if std::ptr::eq(field, chosen) {
            value.clone()
        } else {
            skipped_value(cx, field)
        };
        let member = &field.member;
        if named {
            quote!(#member: #field_value)
        } else {
            field_value
        }
    });
    if named {
        quote!(Self { #(#values),* })
    } else {
        quote!(Self(#(#values),*))
    }
}

fn newtype_body(cx: &Ctx, constructor: &TokenStream, field: &Field) -> TokenStream {
    let krate = cx.krate;
    let span = field.ty.span();
    let ty = field.ty;
    let spanned_krate = respan(quote::ToTokens::to_token_stream(krate), span);
    let decode = quote_spanned!(span=> <#ty as #spanned_krate::json::Decode<'de>>::decode(__r)?);
    quote!(#krate::__private::Ok(#constructor(#decode)))
}

/// `[a, b]`: exactly as many elements as decoded fields.
fn tuple_body(
    cx: &Ctx,
    constructor: &TokenStream,
    fields: &[Field],
    expecting: &str,
) -> TokenStream {
    let krate = cx.krate;
    let read = seq_reads(cx, fields, expecting, false);
    let value = construct(cx, constructor, fields, Style::Tuple);
    quote! {
        #krate::json::Reader::begin_array(__r, #expecting)?;
        #read
        #krate::__private::Ok(#value)
    }
}

/// Reads decoded fields in order from an opened array into `__v{i}`, then checks the array
/// ends. With `allow_defaults`, a field with a default may be missing from a short array (serde's
/// rule for structs read from sequences).
fn seq_reads(cx: &Ctx, fields: &[Field], expecting: &str, allow_defaults: bool) -> TokenStream {
    let krate = cx.krate;
    let decoded = decoded_fields(fields);
    let count = decoded.len();
    let expected_len = format!(
        "{expecting} with {count} element{}",
        if count == 1 { "" } else { "s" }
    );
    let mut out = quote!(let mut __open = true;);
    for (position, (index, field)) in decoded.iter().enumerate() {
        let binding = binding(*index);
        let decode = decode_field(cx, field, &PathSegment::Index(position));
        let first = position == 0;
        let otherwise = match (allow_defaults, default_value(cx, field)) {
            (true, Some(value)) => quote!({ __open = false; #value }),
            _ => quote! {
                return #krate::__private::Err(#krate::json::Reader::invalid_length(__r, #position, #expected_len))
            },
        };
        out.extend(quote! {
            let #binding = if __open && #krate::json::Reader::array_next(__r, #first)? { #decode } else { #otherwise };
        });
    }
    let first = count == 0;
    out.extend(quote! {
        if __open && #krate::json::Reader::array_next(__r, #first)? {
            return #krate::__private::Err(#krate::json::Reader::invalid_length(__r, #count + 1, #expected_len));
        }
    });
    out
}

/// `{"a": 1, "b": 2}` (any order, unknown keys skipped or refused) or `[1, 2]`.
fn struct_body(
    cx: &Ctx,
    constructor: &TokenStream,
    fields: &[Field],
    expecting: &str,
    deny_unknown_fields: bool,
) -> TokenStream {
    let krate = cx.krate;
    let object = object_reads(cx, fields, deny_unknown_fields);
    let seq = seq_reads(cx, fields, expecting, true);
    let value = construct(cx, constructor, fields, Style::Struct);
    quote! {
        match #krate::json::Reader::peek(__r)? {
            b'{' => {
                #krate::json::Reader::begin_object(__r, #expecting)?;
                #object
                #krate::__private::Ok(#value)
            }
            b'[' => {
                #krate::json::Reader::begin_array(__r, #expecting)?;
                #seq
                #krate::__private::Ok(#value)
            }
            _ => #krate::__private::Err(#krate::json::Reader::invalid_type(__r, #expecting)),
        }
    }
}

/// The member loop of an object already opened: fills `__v{i}` for each decoded field.
fn object_reads(cx: &Ctx, fields: &[Field], deny_unknown_fields: bool) -> TokenStream {
    let krate = cx.krate;
    let decoded = decoded_fields(fields);
    let count = decoded.len();
    let slots = decoded.iter().map(|(index, field)| {
        let binding = binding(*index);
        let ty = field.ty;
        quote!(let mut #binding: #krate::__private::Option<#ty> = #krate::__private::None;)
    });
    let names: Vec<&String> = decoded
        .iter()
        .map(|(_, f)| &f.attrs.name.deserialize)
        .collect();
    // `match __next { 0 => __bytes == b"id", ... }`: each comparison is against a literal of
    // known length, which compiles to a few integer compares rather than a `memcmp` call.
    let next_arms = names.iter().enumerate().map(|(position, name)| {
        let literal = syn::LitByteStr::new(name.as_bytes(), Span::call_site());
        quote!(#position => __bytes == #literal,)
    });
    let is_next = quote!(match __next { #(#next_arms)* _ => false });
    let all_names = names.iter().map(|name| name.as_str());

    // Key -> position among decoded fields, by length then bytes; aliases included.
    let mut keys: Vec<(Vec<u8>, usize)> = Vec::new();
    for (position, (_, field)) in decoded.iter().enumerate() {
        keys.push((field.attrs.name.deserialize.as_bytes().to_vec(), position));
        for alias in &field.attrs.name.aliases {
            keys.push((alias.as_bytes().to_vec(), position));
        }
    }
    let match_key = match_by_length(krate, &keys, count);

    let unknown = if deny_unknown_fields {
        quote! {
            let __found = #krate::__private::string_from(&__key);
            return #krate::__private::Err(#krate::json::Reader::unknown_field(__r, &__found, __FIELDS));
        }
    } else {
        quote!(#count)
    };
    let arms = decoded
        .iter()
        .enumerate()
        .map(|(position, (index, field))| {
            let binding = binding(*index);
            let name = &field.attrs.name.deserialize;
            let decode = decode_field(cx, field, &PathSegment::Field(name.clone()));
            quote! {
                #position => {
                    if #binding.is_some() {
                        return #krate::__private::Err(#krate::json::Reader::duplicate_field(__r, #name));
                    }
                    #binding = #krate::__private::Some(#decode);
                }
            }
        });
    let finish = decoded.iter().map(|(index, field)| {
        let binding = binding(*index);
        let missing = missing_value(cx, field);
        quote! {
            let #binding = match #binding {
                #krate::__private::Some(__v) => __v,
                #krate::__private::None => #missing,
            };
        }
    });
    quote! {
        #[allow(dead_code)]
        const __FIELDS: &[&#krate::__private::str] = &[#(#all_names),*];
        #(#slots)*
        let mut __first = true;
        let mut __next: #krate::__private::usize = 0;
        loop {
            let __index: #krate::__private::usize = match #krate::json::Reader::object_key(__r, __first)? {
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
                #(#arms)*
                _ => #krate::json::Reader::skip_value(__r)?,
            }
        }
        #(#finish)*
    }
}

/// `match __bytes.len() { 2 => if __bytes == b"id" { 0 } else { N }, ... }`: one length test,
/// then whole-key comparisons among the keys of that length only.
fn match_by_length(krate: &syn::Path, keys: &[(Vec<u8>, usize)], unknown: usize) -> TokenStream {
    let mut lengths: Vec<usize> = keys.iter().map(|(key, _)| key.len()).collect();
    lengths.sort_unstable();
    lengths.dedup();
    let arms = lengths.iter().map(|&len| {
        let tests = keys
            .iter()
            .filter(|(key, _)| key.len() == len)
            .map(|(key, position)| {
                let literal = syn::LitByteStr::new(key, Span::call_site());
                quote!(if __bytes == #literal { #position } else)
            });
        quote!(#len => #(#tests)* { #unknown },)
    });
    quote! {
        match <[#krate::__private::u8]>::len(__bytes) {
            #(#arms)*
            _ => #unknown,
        }
    }
}

/// Externally tagged: `"Unit"`, or an object with one member `{"Variant": content}`.
fn enum_body(cx: &Ctx, cont: &Container, variants: &[Variant]) -> TokenStream {
    let krate = cx.krate;
    let enum_name = &cont.attrs.name.deserialize;
    let expecting = format!("enum {enum_name}");
    let count = variants.len();
    // Variants with `skip_deserializing` are never read: their names are unknown variants.
    let readable = || {
        variants
            .iter()
            .enumerate()
            .filter(|(_, v)| !v.attrs.skip_deserializing)
    };
    let names = readable().map(|(_, v)| v.attrs.name.deserialize.as_str());
    let mut keys: Vec<(Vec<u8>, usize)> = Vec::new();
    for (index, variant) in readable() {
        keys.push((variant.attrs.name.deserialize.as_bytes().to_vec(), index));
        for alias in &variant.attrs.name.aliases {
            keys.push((alias.as_bytes().to_vec(), index));
        }
    }
    let match_name = match_by_length(krate, &keys, count);
    let identify = quote! {
        {
            let __bytes: &[#krate::__private::u8] = #krate::__private::str::as_bytes(&__name);
            match #match_name {
                #count => {
                    let __found = #krate::__private::string_from(&__name);
                    return #krate::__private::Err(#krate::json::Reader::unknown_variant(__r, &__found, __VARIANTS));
                }
                __found => __found,
            }
        }
    };

    let unit_arms = readable().map(|(index, variant)| {
        let ident = &variant.ident;
        if variant.style == Style::Unit {
            quote!(#index => #krate::__private::Ok(Self::#ident),)
        } else {
            let kind = variant_kind(variant.style);
            let message = format!("invalid type: unit variant, expected {kind}");
            quote!(#index => #krate::__private::Err(#krate::json::Reader::custom_at(__r, #message, __at)),)
        }
    });
    let content_arms = readable().map(|(index, variant)| {
        let ident = &variant.ident;
        let constructor = quote!(Self::#ident);
        let name = format!("{enum_name}::{}", variant.attrs.name.deserialize);
        let content = match variant.style {
            Style::Unit => quote! {
                #krate::json::Reader::decode_null(__r, "unit variant")?;
                #krate::__private::Ok(Self::#ident)
            },
            Style::Newtype => newtype_body(cx, &constructor, &variant.fields[0]),
            Style::Tuple => tuple_body(
                cx,
                &constructor,
                &variant.fields,
                &format!("tuple variant {name}"),
            ),
            Style::Struct => struct_body(
                cx,
                &constructor,
                &variant.fields,
                &format!("struct variant {name}"),
                cont.attrs.deny_unknown_fields,
            ),
        };
        let variant_name = &variant.attrs.name.deserialize;
        quote! {
            #index => (|| -> #krate::__private::Result<Self, #krate::json::Error> { #content })()
                .map_err(|__e| __e.in_field(#variant_name))?,
        }
    });
    // Indexes come from matching names, which only yields readable variants' indexes.
    let unreachable = quote!(_ => ::core::unreachable!(),);
    quote! {
        const __VARIANTS: &[&#krate::__private::str] = &[#(#names),*];
        match #krate::json::Reader::peek(__r)? {
            b'"' => {
                let __at = #krate::json::Reader::offset(__r);
                let __index: #krate::__private::usize = { let __name = #krate::json::Reader::decode_str(__r)?; #identify };
                match __index {
                    #(#unit_arms)*
                    #unreachable
                }
            }
            b'{' => {
                #krate::json::Reader::begin_object(__r, #expecting)?;
                let __index: #krate::__private::usize = match #krate::json::Reader::object_key(__r, true)? {
                    #krate::__private::Some(__name) => #identify,
                    #krate::__private::None => {
                        return #krate::__private::Err(
                            #krate::json::Reader::custom(__r, "expected an object with one key, the variant's name"),
                        );
                    }
                };
                let __value: Self = match __index {
                    #(#content_arms)*
                    #unreachable
                };
                if #krate::json::Reader::object_key(__r, false)?.is_some() {
                    return #krate::__private::Err(#krate::json::Reader::custom(__r, "expected `}` after the variant's content"));
                }
                #krate::__private::Ok(__value)
            }
            _ => #krate::__private::Err(#krate::json::Reader::invalid_type(__r, #expecting)),
        }
    }
}

fn variant_kind(style: Style) -> &'static str {
    match style {
        Style::Unit => "unit variant",
        Style::Newtype => "newtype variant",
        Style::Tuple => "tuple variant",
        Style::Struct => "struct variant",
    }
}
