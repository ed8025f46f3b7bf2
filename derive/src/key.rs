//! JSON object keys (`json::EncodeKey`, `json::DecodeKey<'de>`) for the shapes serde_json takes
//! as map keys: a newtype or `transparent` struct, as its field's key; an enum whose variants
//! are all units, as the variant's name. (MessagePack keys are values: its `Encode` and
//! `Decode` serve.) Each impl is bounded by its field's type, never by anything the main impls
//! need, so a type that is not a key still derives; it is just not a key.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr::{DefaultValue, TagKind};
use crate::format::Impl;
use crate::names::{self, Kind};
use crate::Direction;

/// What a container is written as when it is a key.
enum KeyShape<'c, 'a> {
    /// Its one field's key (a newtype, or a `transparent` struct).
    Field(&'c Field<'a>),
    /// Its variant's name (an enum of unit variants).
    Variants(&'c [Variant<'a>]),
}

/// The shape of `cont` as a key in `direction`, if serde_json takes it as one.
fn key_shape<'c, 'a>(cont: &'c Container<'a>, direction: Direction) -> Option<KeyShape<'c, 'a>> {
    let attrs = &cont.attrs;
    if attrs.from.is_some() || attrs.try_from.is_some() || attrs.into.is_some() {
        return None;
    }
    let field = match &cont.data {
        Data::Struct(..) if attrs.transparent.is_some() => {
            *cont.transparent_candidates(direction).first()?
        }
        Data::Struct(Style::Newtype, fields) => &fields[0],
        Data::Struct(..) => return None,
        // Only externally tagged: serde_json writes an internally tagged unit variant as an
        // object and an untagged one as `null`, neither of which is a key.
        Data::Enum(variants)
            if matches!(attrs.tag, TagKind::External)
                && !variants.is_empty()
                && variants
                    .iter()
                    .all(|v| v.style == Style::Unit && v.attrs.untagged.is_none()) =>
        {
            return Some(KeyShape::Variants(variants));
        }
        Data::Enum(_) => return None,
    };
    // A field written by a `with` module has no key form to borrow.
    match field.attrs.with {
        Some(_) => None,
        None => Some(KeyShape::Field(field)),
    }
}

/// `for<'__k> Type: Trait`: a bound on a field's type that the compiler checks only where the
/// impl is used, so an impl for a type that is not a key (a newtype over a `Vec`) is simply
/// never usable instead of an error where it is written.
fn deferred_bound(ty: &syn::Type, trait_path: TokenStream) -> syn::WherePredicate {
    syn::parse_quote!(for<'__k> #ty: #trait_path)
}

/// `impl json::EncodeKey`, for a container serde_json can write as an object key (JSON only).
pub fn encode_key(target: &Impl) -> TokenStream {
    let (cont, krate, fmt) = (target.cont, target.krate, target.fmt());
    let Some(shape) = key_shape(cont, Direction::Encode) else {
        return TokenStream::new();
    };
    let mut generics = cont.generics.clone();
    let (encode, hint) = match shape {
        KeyShape::Field(field) => {
            let bound = deferred_bound(field.ty, quote!(#fmt::EncodeKey));
            generics.make_where_clause().predicates.push(bound);
            let member = &field.member;
            (
                quote!(#fmt::EncodeKey::encode_key(&self.#member, __w)),
                quote!(#fmt::EncodeKey::key_size_hint(&self.#member)),
            )
        }
        KeyShape::Variants(variants) => {
            let arms = variants.iter().map(|variant| {
                let ident = &variant.ident;
                let quoted = crate::json::quote_json_string(&variant.attrs.name.serialize);
                quote!(Self::#ident => #fmt::Writer::write_fragment(__w, #quoted),)
            });
            let hints = variants.iter().map(|variant| {
                let ident = &variant.ident;
                let len = crate::json::quote_json_string(&variant.attrs.name.serialize).len();
                quote!(Self::#ident => #len,)
            });
            (
                quote!(match self { #(#arms)* }),
                quote!(match self { #(#hints)* }),
            )
        }
    };
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = &cont.ident;
    target.format.gated(
        krate,
        quote! {
            #[automatically_derived]
            impl #impl_generics #fmt::EncodeKey for #ident #ty_generics #where_clause {
                #[inline]
                fn encode_key<__W: #fmt::Writer>(&self, __w: &mut __W) {
                    #encode
                }

                #[inline]
                fn key_size_hint(&self) -> #krate::__private::usize {
                    #hint
                }
            }
        },
    )
}

/// `impl json::DecodeKey<'de>`, for a container serde_json can read from an object key (JSON
/// only): a newtype's field read from the key as that field's type reads it, or a unit
/// variant named by the key, with serde's "unknown variant" message otherwise.
pub fn decode_key(target: &Impl) -> TokenStream {
    let (cont, krate, fmt) = (target.cont, target.krate, target.fmt());
    let Some(shape) = key_shape(cont, Direction::Decode) else {
        return TokenStream::new();
    };
    let mut generics = cont.generics.clone();
    let body = match shape {
        KeyShape::Field(chosen) => {
            let ty = chosen.ty;
            let predicates = &mut generics.make_where_clause().predicates;
            predicates.push(syn::parse_quote!(#ty: #fmt::DecodeKey<'de>));
            let Data::Struct(_, fields) = &cont.data else {
                unreachable!("a field key is a struct's field")
            };
            let values = fields.iter().map(|field| {
                let member = &field.member;
                if std::ptr::eq(field, chosen) {
                    return quote!(#member: __value);
                }
                let value = match &field.attrs.default {
                    DefaultValue::Path(path) => quote!(#path()),
                    DefaultValue::Default | DefaultValue::None => {
                        let default = quote!(#krate::__private::Default);
                        predicates.push(deferred_bound(field.ty, default.clone()));
                        quote!(#default::default())
                    }
                };
                quote!(#member: #value)
            });
            let values: Vec<TokenStream> = values.collect();
            quote! {
                let __value = <#ty as #fmt::DecodeKey<'de>>::decode_key(__key)?;
                #krate::__private::Ok(Self { #(#values),* })
            }
        }
        KeyShape::Variants(variants) => {
            let readable: Vec<&Variant> = variants
                .iter()
                .filter(|v| !v.attrs.skip_deserializing)
                .collect();
            let by_name = names::match_name(krate, &readable);
            let listed = names::listed_names(&readable);
            let unknown = names::unknown_message(krate, Kind::Variant, &listed, quote!(&__key));
            quote! {
                let __bytes: &[#krate::__private::u8] = #krate::__private::str::as_bytes(&__key);
                match #by_name {
                    #krate::__private::Some(__value) => #krate::__private::Ok(__value),
                    #krate::__private::None => #krate::__private::Err(#unknown),
                }
            }
        }
    };
    let lifetimes: Vec<syn::Lifetime> = crate::borrow::borrowed_lifetimes(cont)
        .into_iter()
        .collect();
    let mut impl_generics = generics.clone();
    impl_generics
        .params
        .insert(0, syn::parse_quote!('de #(: #lifetimes)+*));
    let (impl_generics, _, _) = impl_generics.split_for_impl();
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    let ident = &cont.ident;
    target.format.gated(
        krate,
        quote! {
            #[automatically_derived]
            impl #impl_generics #fmt::DecodeKey<'de> for #ident #ty_generics #where_clause {
                fn decode_key(
                    __key: #fmt::Str<'de, '_>,
                ) -> #krate::__private::Result<Self, #krate::__private::String> {
                    #body
                }
            }
        },
    )
}
