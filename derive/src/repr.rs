//! `#[wire(repr)]`: a fieldless enum written as its discriminant, an integer of the type its
//! `#[repr(...)]` names, as serde_repr's `Serialize_repr` and `Deserialize_repr` write and read
//! it, error messages included; in JSON also as an object key, quoted as serde_json writes
//! integer keys. An unknown integer is an error, or the `#[serde(other)]` variant.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::ast::{Container, Data, Variant};
use crate::format::Impl;

/// The integer types a `#[repr(...)]` can name.
const INT_TYPES: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// The integer type named by the item's `#[repr(...)]` (`#[repr(u8)]`, `#[repr(C, i32)]`), if
/// it has one.
pub fn int_repr(attrs: &[syn::Attribute]) -> Option<syn::Ident> {
    let mut found = None;
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("repr")) {
        // #[repr(u8)], #[repr(C, u8)]: whatever else it says (`C`, `align(4)`) is skipped.
        let _ = attr.parse_nested_meta(|meta| {
            if let Some(ident) = meta.path.get_ident() {
                if INT_TYPES.iter().any(|int| ident == int) {
                    found = Some(ident.clone());
                }
            }
            if meta.input.peek(syn::token::Paren) {
                meta.input.parse::<proc_macro2::Group>()?;
            }
            Ok(())
        });
    }
    found
}

/// What every impl of a repr enum needs: its integer type and its variants.
struct Repr<'c, 'a> {
    /// `::core::primitive::u8`: spelled out, since the user's module may have its own `u8`.
    int: TokenStream,
    variants: &'c [Variant<'a>],
}

impl<'c, 'a> Repr<'c, 'a> {
    fn of(cont: &'c Container<'a>) -> Self {
        let int = int_repr(&cont.original.attrs).expect("checked: a repr enum has `#[repr(int)]`");
        let int = quote!(::core::primitive::#int);
        let Data::Enum(variants) = &cont.data else {
            unreachable!("checked: `repr` is on an enum")
        };
        Repr { int, variants }
    }

    /// An expression: `self`'s discriminant, as the integer type.
    fn discriminant(&self) -> TokenStream {
        let int = &self.int;
        let arms = self.variants.iter().map(|variant| {
            let ident = &variant.ident;
            quote!(Self::#ident => Self::#ident as #int,)
        });
        quote!(match self { #(#arms)* })
    }

    /// `const __D0: u8 = Enum::A as u8; ...`, the patterns the decoders match on.
    fn constants(&self, enum_ident: &syn::Ident) -> TokenStream {
        let int = &self.int;
        let constants = self.variants.iter().enumerate().map(|(index, variant)| {
            let name = format_ident!("__D{}", index);
            let ident = &variant.ident;
            quote!(const #name: #int = #enum_ident::#ident as #int;)
        });
        quote!(#(#constants)*)
    }

    /// `match` arms from the integer `__value` to `Ok(variant)`, then `__other => #otherwise`
    /// (where the `#[serde(other)]` variant takes any unknown integer).
    fn arms(&self, krate: &syn::Path, wrap: &TokenStream, otherwise: TokenStream) -> TokenStream {
        let arms = self.variants.iter().enumerate().map(|(index, variant)| {
            let name = format_ident!("__D{}", index);
            let ident = &variant.ident;
            quote!(#name => #krate::__private::#wrap(Self::#ident),)
        });
        let fallback = match self.variants.iter().find(|v| v.attrs.other.is_some()) {
            Some(other) => {
                let ident = &other.ident;
                quote!(_ => #krate::__private::#wrap(Self::#ident),)
            }
            None => quote!(__other => #otherwise,),
        };
        quote!(#(#arms)* #fallback)
    }

    /// `format_args!` of serde_repr's message for an unknown integer `__other`: "invalid value:
    /// 4, expected one of: 0, 1, 2" (or "expected 0", "expected 0 or 1").
    fn invalid_value(&self) -> TokenStream {
        let template = match self.variants.len() {
            1 => "invalid value: {}, expected {}".to_owned(),
            2 => "invalid value: {}, expected {} or {}".to_owned(),
            n => format!(
                "invalid value: {{}}, expected one of: {{}}{}",
                ", {}".repeat(n - 1)
            ),
        };
        let constants = (0..self.variants.len()).map(|index| format_ident!("__D{}", index));
        quote!(::core::format_args!(#template, __other #(, #constants)*))
    }
}

/// `impl Encode` for one format (and, for JSON, `impl EncodeKey`): the discriminant written
/// as its integer type writes it, with that type's size bounds.
pub fn encode(target: &Impl) -> TokenStream {
    let (cont, krate, fmt) = (target.cont, target.krate, target.fmt());
    let repr = Repr::of(cont);
    let int = &repr.int;
    let discriminant = repr.discriminant();
    let ident = &cont.ident;
    let bounded = match target.format.name() {
        "msgpack" => quote! {
            const MAX_SIZE: #krate::__private::Option<#krate::__private::usize> =
                <#int as #fmt::Encode>::MAX_SIZE;

            #[inline]
            fn encode_bounded(&self, __s: &mut #fmt::Slot<'_>) {
                #fmt::Encode::encode_bounded(&#discriminant, __s)
            }
        },
        _ => TokenStream::new(),
    };
    let key = match target.format.name() {
        "json" => quote! {
            #[automatically_derived]
            impl #fmt::EncodeKey for #ident {
                #[inline]
                fn encode_key<__W: #fmt::Writer>(&self, __w: &mut __W) {
                    #fmt::EncodeKey::encode_key(&#discriminant, __w)
                }

                #[inline]
                fn key_size_hint(&self) -> #krate::__private::usize {
                    #fmt::EncodeKey::key_size_hint(&#discriminant)
                }
            }
        },
        _ => TokenStream::new(),
    };
    target.format.gated(
        krate,
        quote! {
            #[automatically_derived]
            impl #fmt::Encode for #ident {
                #[inline]
                fn encode<__W: #fmt::Writer>(&self, __w: &mut __W) {
                    #fmt::Encode::encode(&#discriminant, __w)
                }

                #[inline]
                fn size_hint(&self) -> #krate::__private::usize {
                    #fmt::Encode::size_hint(&#discriminant)
                }

                #bounded
            }

            #key
        },
    )
}

/// `impl Decode<'de>` for one format (and, for JSON, `impl DecodeKey<'de>`): the integer read
/// as its type reads it, then matched against the discriminants.
pub fn decode(target: &Impl) -> TokenStream {
    let (cont, krate, fmt) = (target.cont, target.krate, target.fmt());
    let repr = Repr::of(cont);
    let int = &repr.int;
    let ident = &cont.ident;
    let constants = repr.constants(ident);
    let message = repr.invalid_value();
    let ok = quote!(Ok);
    let arms = repr.arms(
        krate,
        &ok,
        quote!(#krate::__private::Err(#fmt::Reader::custom(__r, #message))),
    );
    let from_bin_byte = match target.format.name() {
        "msgpack" => {
            let some = quote!(Some);
            let arms = repr.arms(krate, &some, quote!(#krate::__private::None));
            quote! {
                #[inline]
                fn from_bin_byte(__byte: #krate::__private::u8) -> #krate::__private::Option<Self> {
                    #constants
                    match <#int as #fmt::Decode<'de>>::from_bin_byte(__byte)? {
                        #arms
                    }
                }
            }
        }
        _ => TokenStream::new(),
    };
    let key = match target.format.name() {
        "json" => {
            let arms = repr.arms(
                krate,
                &ok,
                quote!(#krate::__private::Err(::std::fmt::format(#message))),
            );
            quote! {
                #[automatically_derived]
                impl<'de> #fmt::DecodeKey<'de> for #ident {
                    fn decode_key(
                        __key: #fmt::Str<'de, '_>,
                    ) -> #krate::__private::Result<Self, #krate::__private::String> {
                        #constants
                        match <#int as #fmt::DecodeKey<'de>>::decode_key(__key)? {
                            #arms
                        }
                    }
                }
            }
        }
        _ => TokenStream::new(),
    };
    target.format.gated(
        krate,
        quote! {
            #[automatically_derived]
            impl<'de> #fmt::Decode<'de> for #ident {
                fn decode(
                    __r: &mut #fmt::Reader<'de>,
                ) -> #krate::__private::Result<Self, #fmt::Error> {
                    #constants
                    match <#int as #fmt::Decode<'de>>::decode(__r)? {
                        #arms
                    }
                }

                #from_bin_byte
            }

            #key
        },
    )
}
