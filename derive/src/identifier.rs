//! `#[serde(field_identifier)]` and `#[serde(variant_identifier)]`: an enum decoded from a name
//! (a field's or a variant's), as serde's derive reads identifiers. In JSON the name is a
//! string, and the enum is also a `json::DecodeKey` (an object key); in MessagePack it is a
//! `str`, a `bin`, or an unsigned integer giving a variant's position. A `field_identifier`'s
//! last variant may take every other name: a unit variant marked `#[serde(other)]`, or a
//! newtype (`Other(String)`, `Other(&'de str)`) holding the name as its field's type reads it.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr;
use crate::format::Impl;
use crate::names::{self, Kind};

/// What takes a name that is none of the variants'.
enum Fallthrough<'c, 'a> {
    /// Nothing: the name is an error.
    None,
    /// The `#[serde(other)]` unit variant.
    Unit(&'c Variant<'a>),
    /// The last variant, a newtype, whose field is read from the name.
    Newtype(&'c Variant<'a>, &'c Field<'a>),
}

/// An identifier enum as its decoders see it.
struct Identifier<'c, 'a> {
    /// The variants named by their names (or, in MessagePack, their positions).
    ordinary: Vec<&'c Variant<'a>>,
    fallthrough: Fallthrough<'c, 'a>,
    kind: Kind,
    /// What "invalid type" errors say was expected: `expecting`, or serde's "field
    /// identifier" / "variant identifier".
    expecting: String,
}

impl<'c, 'a> Identifier<'c, 'a> {
    fn of(cont: &'c Container<'a>) -> Self {
        let Data::Enum(variants) = &cont.data else {
            unreachable!("checked: identifiers are enums")
        };
        let kind = match cont.attrs.identifier {
            attr::Identifier::Field => Kind::Field,
            _ => Kind::Variant,
        };
        let default_expecting = match kind {
            Kind::Field => "field identifier",
            Kind::Variant => "variant identifier",
        };
        let expecting = cont
            .attrs
            .expecting
            .clone()
            .unwrap_or_else(|| default_expecting.to_owned());
        // serde's rule: a fallthrough is always the last variant (the checks make sure).
        let (ordinary, fallthrough) = match variants.split_last() {
            Some((last, rest)) if last.attrs.other.is_some() => {
                (rest.iter().collect(), Fallthrough::Unit(last))
            }
            Some((last, rest)) if last.style == Style::Newtype => (
                rest.iter().collect(),
                Fallthrough::Newtype(last, &last.fields[0]),
            ),
            _ => (variants.iter().collect(), Fallthrough::None),
        };
        Identifier {
            ordinary,
            fallthrough,
            kind,
            expecting,
        }
    }

    /// `const __NAMES`, every accepted name, for "unknown field" and "unknown variant" errors.
    fn names_constant(&self, krate: &syn::Path) -> TokenStream {
        let names = names::listed_names(&self.ordinary);
        quote!(const __NAMES: &[&#krate::__private::str] = &[#(#names),*];)
    }

    /// The statements returning the value for the name `__bytes`: a variant's, or what the
    /// fallthrough makes of it; `unknown` (an error) when there is none, `newtype` (an
    /// expression of the field's value) for a newtype fallthrough.
    fn by_name(
        &self,
        krate: &syn::Path,
        unknown: TokenStream,
        newtype: TokenStream,
    ) -> TokenStream {
        let by_name = names::match_name(krate, &self.ordinary);
        let otherwise = self.fallthrough_value(krate, unknown, newtype);
        quote! {
            match #by_name {
                #krate::__private::Some(__value) => #krate::__private::Ok(__value),
                #krate::__private::None => #otherwise,
            }
        }
    }

    /// What a name or position that matches no ordinary variant becomes.
    fn fallthrough_value(
        &self,
        krate: &syn::Path,
        unknown: TokenStream,
        newtype: TokenStream,
    ) -> TokenStream {
        match &self.fallthrough {
            Fallthrough::None => unknown,
            Fallthrough::Unit(variant) => {
                let ident = &variant.ident;
                quote!(#krate::__private::Ok(Self::#ident))
            }
            Fallthrough::Newtype(variant, _) => {
                let ident = &variant.ident;
                quote!(#krate::__private::Result::map(#newtype, Self::#ident))
            }
        }
    }

    /// The newtype fallthrough's field type, if there is one.
    fn newtype_field(&self) -> Option<&syn::Type> {
        match &self.fallthrough {
            Fallthrough::Newtype(_, field) => Some(field.ty),
            _ => None,
        }
    }
}

/// The generics of an identifier's decode impls: `'de` first (outliving what a borrowing
/// fallthrough borrows), and `bound` on the fallthrough's field type.
fn impl_generics(
    cont: &Container,
    field_bound: Option<syn::WherePredicate>,
) -> (syn::Generics, syn::Generics) {
    let mut generics = cont.generics.clone();
    if let Some(bound) = field_bound {
        generics.make_where_clause().predicates.push(bound);
    }
    let lifetimes: Vec<syn::Lifetime> = crate::borrow::borrowed_lifetimes(cont)
        .into_iter()
        .collect();
    let mut with_de = generics.clone();
    with_de
        .params
        .insert(0, syn::parse_quote!('de #(: #lifetimes)+*));
    (with_de, generics)
}

/// `impl Decode<'de>` for one format, and for JSON `impl DecodeKey<'de>` too.
pub fn decode(target: &Impl) -> TokenStream {
    match target.format.name() {
        "json" => json(target),
        _ => msgpack(target),
    }
}

/// JSON: a string (anything else is an invalid type), matched against the names.
fn json(target: &Impl) -> TokenStream {
    let (cont, krate, fmt) = (target.cont, target.krate, target.fmt());
    let id = Identifier::of(cont);
    let bound = id
        .newtype_field()
        .map(|ty| syn::parse_quote!(#ty: #fmt::DecodeKey<'de>));
    let (with_de, generics) = impl_generics(cont, bound);
    let (impl_generics, _, _) = with_de.split_for_impl();
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    let ident = &cont.ident;
    let expecting = &id.expecting;
    let names = id.names_constant(krate);
    let field_ty = id.newtype_field();
    let unknown_error = match id.kind {
        Kind::Field => quote!(unknown_field),
        Kind::Variant => quote!(unknown_variant),
    };
    let decode = id.by_name(
        krate,
        quote! {{
            let __found = #krate::__private::string_from(&__key);
            #krate::__private::Err(#fmt::Reader::#unknown_error(__r, &__found, __NAMES))
        }},
        quote! {
            match <#field_ty as #fmt::DecodeKey<'de>>::decode_key(__key) {
                #krate::__private::Ok(__value) => #krate::__private::Ok(__value),
                #krate::__private::Err(__message) => {
                    let __at = #fmt::Reader::last_key_offset(__r);
                    #krate::__private::Err(#fmt::Reader::custom_at(__r, __message, __at))
                }
            }
        },
    );
    let listed = names::listed_names(&id.ordinary);
    let decode_key = id.by_name(
        krate,
        {
            let message = names::unknown_message(krate, id.kind, &listed, quote!(&__key));
            quote!(#krate::__private::Err(#message))
        },
        quote!(<#field_ty as #fmt::DecodeKey<'de>>::decode_key(__key)),
    );
    target.format.gated(
        krate,
        quote! {
            #[automatically_derived]
            impl #impl_generics #fmt::Decode<'de> for #ident #ty_generics #where_clause {
                fn decode(
                    __r: &mut #fmt::Reader<'de>,
                ) -> #krate::__private::Result<Self, #fmt::Error> {
                    #names
                    if #fmt::Reader::peek(__r)? != b'"' {
                        return #krate::__private::Err(#fmt::Reader::invalid_type(__r, #expecting));
                    }
                    let __key = #fmt::Reader::decode_str(__r)?;
                    let __bytes: &[#krate::__private::u8] = #krate::__private::str::as_bytes(&__key);
                    #decode
                }
            }

            #[automatically_derived]
            impl #impl_generics #fmt::DecodeKey<'de> for #ident #ty_generics #where_clause {
                fn decode_key(
                    __key: #fmt::Str<'de, '_>,
                ) -> #krate::__private::Result<Self, #krate::__private::String> {
                    let __bytes: &[#krate::__private::u8] = #krate::__private::str::as_bytes(&__key);
                    #decode_key
                }
            }
        },
    )
}

/// MessagePack: a `str` or `bin` matched against the names, or an unsigned integer giving an
/// ordinary variant's position; anything else is an invalid type.
fn msgpack(target: &Impl) -> TokenStream {
    let (cont, krate, fmt) = (target.cont, target.krate, target.fmt());
    let id = Identifier::of(cont);
    let bound = id
        .newtype_field()
        .map(|ty| syn::parse_quote!(#ty: #fmt::Decode<'de>));
    let (with_de, generics) = impl_generics(cont, bound);
    let (impl_generics, _, _) = with_de.split_for_impl();
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    let ident = &cont.ident;
    let expecting = &id.expecting;
    let names = id.names_constant(krate);
    let field_ty = id.newtype_field();
    // A newtype fallthrough reads its field from the name's bytes as they stand, so the name
    // is taken as a raw value, then looked at as a key.
    let read_key = match field_ty {
        Some(_) => quote! {
            struct __Key<'__a>(#fmt::Key<'__a>);
            impl<'__a> #fmt::Decode<'__a> for __Key<'__a> {
                fn decode(
                    __r: &mut #fmt::Reader<'__a>,
                ) -> #krate::__private::Result<Self, #fmt::Error> {
                    #krate::__private::Result::map(#fmt::Reader::decode_key(__r), __Key)
                }
            }
            let __raw = #fmt::Reader::raw_value(__r)?;
            let __key = #fmt::Reader::reread::<__Key<'de>>(__r, __raw)?.0;
        },
        None => quote!(let __key = #fmt::Reader::decode_key(__r)?;),
    };
    let reread = quote!(#fmt::Reader::reread::<#field_ty>(__r, __raw));
    let unknown_error = match id.kind {
        Kind::Field => quote!(unknown_key),
        Kind::Variant => quote!(unknown_variant_key),
    };
    let by_name = id.by_name(
        krate,
        quote! {
            #krate::__private::Err(#fmt::Reader::#unknown_error(__r, __key, __NAMES))
        },
        reread.clone(),
    );
    let by_position = id.ordinary.iter().enumerate().map(|(position, variant)| {
        let position = position as u64;
        let ident = &variant.ident;
        quote!(#position => #krate::__private::Ok(Self::#ident),)
    });
    let index_expected = format!(
        "{} index 0 <= i < {}",
        match id.kind {
            Kind::Field => "field",
            Kind::Variant => "variant",
        },
        id.ordinary.len()
    );
    let out_of_range = id.fallthrough_value(
        krate,
        quote! {{
            let __found = ::std::fmt::format(::core::format_args!("integer `{}`", __index));
            #krate::__private::Err(#fmt::Reader::invalid_value(__r, __found, #index_expected, __at))
        }},
        reread,
    );
    target.format.gated(
        krate,
        quote! {
            #[automatically_derived]
            impl #impl_generics #fmt::Decode<'de> for #ident #ty_generics #where_clause {
                fn decode(
                    __r: &mut #fmt::Reader<'de>,
                ) -> #krate::__private::Result<Self, #fmt::Error> {
                    #names
                    let __at = #fmt::Reader::offset(__r);
                    // serde's identifiers take strings, bytes and unsigned integers only.
                    match #fmt::Reader::peek(__r)? {
                        0x00..=0x7f | 0xcc..=0xcf | 0xa0..=0xbf | 0xd9..=0xdb | 0xc4..=0xc6 => {}
                        _ => return #krate::__private::Err(#fmt::Reader::invalid_type(__r, #expecting)),
                    }
                    #read_key
                    match __key {
                        #fmt::Key::Name(__bytes) => #by_name,
                        #fmt::Key::Index(__index) => match __index {
                            #(#by_position)*
                            _ => #out_of_range,
                        },
                    }
                }
            }
        },
    )
}
