//! JSON encoding: writes `impl fastwire::json::Encode`, with every key pre-encoded together with
//! its punctuation (`{"id":`, `,"name":`) as one static string.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::quote_json_string;
use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr;
use crate::bound::{self, BoundSource};
use crate::Direction;

const ENCODE_BOUNDS: BoundSource = BoundSource {
    uses_field: |field| !field.skip_serializing,
    field_bound: |field| field.ser_bound.as_deref(),
    container_bound: |cont| cont.ser_bound.as_deref(),
};

/// The `Encode` impl for `cont`.
pub fn generate(cont: &Container, krate: &syn::Path) -> TokenStream {
    let trait_path: syn::Path = syn::parse_quote!(#krate::json::Encode);
    let generics = bound::with_bound(cont, &ENCODE_BOUNDS, &trait_path);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = &cont.ident;
    let (body, hint) = match &cont.data {
        Data::Struct(style, fields) => {
            let members: Vec<Member> = fields
                .iter()
                .map(|field| {
                    let member = &field.member;
                    Member {
                        field,
                        access: quote!(&self.#member),
                    }
                })
                .collect();
            if cont.attrs.transparent.is_some() {
                let chosen = cont.transparent_candidates(Direction::Encode);
                let only = members
                    .iter()
                    .find(|m| std::ptr::eq(m.field, chosen[0]))
                    .expect("checked: a transparent struct has one field to encode");
                (encode_value(krate, only), value_hint(krate, only))
            } else {
                shape_body(krate, *style, &members, quote!(__w.write_null();))
            }
        }
        Data::Enum(variants) => enum_body(krate, variants),
    };
    quote! {
        #krate::__if_json! {
            #[automatically_derived]
            impl #impl_generics #trait_path for #ident #ty_generics #where_clause {
                #[inline]
                fn encode<__W: #krate::json::Writer>(&self, __w: &mut __W) {
                    #body
                }

                #[inline]
                fn size_hint(&self) -> #krate::__private::usize {
                    #hint
                }
            }
        }
    }
}

/// An impl with the user's generics and no body to speak of, emitted beside compile errors so
/// that the rest of the user's crate does not fail with "`Encode` is not implemented" too.
pub fn fallback(item: &syn::DeriveInput, krate: &syn::Path) -> TokenStream {
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    let ident = &item.ident;
    quote! {
        #krate::__if_json! {
            impl #impl_generics #krate::json::Encode for #ident #ty_generics #where_clause {
                fn encode<__W: #krate::json::Writer>(&self, _: &mut __W) {
                    ::core::unreachable!()
                }
            }
        }
    }
}

/// A field and the expression that borrows it (`&self.name`, or a binding from a `match`).
struct Member<'a> {
    field: &'a Field<'a>,
    access: TokenStream,
}

/// The statements that encode a field's value. Spanned on the field's type, so a type that does
/// not implement `Encode` is reported on that field.
fn encode_value(krate: &syn::Path, member: &Member) -> TokenStream {
    let span = member.field.ty.span();
    let access = respan(member.access.clone(), span);
    let krate = respan(krate.to_token_stream(), span);
    quote_spanned!(span=> #krate::json::Encode::encode(#access, __w);)
}

fn value_hint(krate: &syn::Path, member: &Member) -> TokenStream {
    let span = member.field.ty.span();
    let access = respan(member.access.clone(), span);
    let krate = respan(krate.to_token_stream(), span);
    quote_spanned!(span=> #krate::json::Encode::size_hint(#access))
}

/// `tokens` with every span set to `span`: a path whose tokens come from several places is
/// reported at the first one, so the whole call must carry the field's span.
pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let TokenTree::Group(group) = &token {
                let mut inner = Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                token = TokenTree::Group(inner);
            } else {
                token.set_span(span);
            }
            token
        })
        .collect()
}

/// Body and size hint for fields of the given shape; `unit` is what a shape without fields
/// writes (`null` for a unit struct).
fn shape_body(
    krate: &syn::Path,
    style: Style,
    members: &[Member],
    unit: TokenStream,
) -> (TokenStream, TokenStream) {
    match style {
        Style::Unit => (unit, quote!(4)),
        Style::Newtype => (
            encode_value(krate, &members[0]),
            value_hint(krate, &members[0]),
        ),
        Style::Tuple => tuple_body(krate, members),
        Style::Struct => object_body(krate, members),
    }
}

/// What the generator knows, while laying out an object or array, about whether something
/// has been written before the current field.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Written {
    /// Nothing yet: the next member is the first.
    Nothing,
    /// At least one member: the next one needs a comma.
    Something,
    /// Depends on `skip_serializing_if` results: tracked at run time in `__first`.
    Unknown,
}

fn conditional(member: &Member) -> Option<TokenStream> {
    let predicate = member.field.attrs.skip_serializing_if.as_ref()?;
    let access = &member.access;
    Some(quote!(#predicate(#access)))
}

fn encoded<'m, 'a>(members: &'m [Member<'a>]) -> Vec<&'m Member<'a>> {
    members
        .iter()
        .filter(|m| !m.field.attrs.skip_serializing)
        .collect()
}

/// `{"a":1,"b":2}`: the object opens with its first key in one fragment when that field is
/// always present; `skip_serializing_if` fields before the first unconditional one make the
/// comma a run-time decision.
fn object_body(krate: &syn::Path, members: &[Member]) -> (TokenStream, TokenStream) {
    let members = encoded(members);
    let Some(first) = members.first() else {
        return (
            quote!(__w.begin_object(); __w.end_object(false);),
            quote!(2),
        );
    };
    let mut body = TokenStream::new();
    let mut written = Written::Nothing;
    if first.field.attrs.skip_serializing_if.is_some() {
        body.extend(quote!(__w.begin_object(); let mut __first = true;));
        written = Written::Unknown;
    }
    let mut hint = quote!(2);
    for member in members {
        let quoted = quote_json_string(&member.field.attrs.name.serialize);
        let key = format!(",{quoted}:");
        let write_key = match written {
            Written::Nothing => {
                let open = format!("{{{quoted}:");
                quote!(__w.field_open(#open);)
            }
            Written::Something => quote!(__w.field(#key);),
            Written::Unknown => {
                quote!(if __first { __w.field_first(#key) } else { __w.field(#key) })
            }
        };
        let value = encode_value(krate, member);
        match conditional(member) {
            None => {
                body.extend(quote!(#write_key #value));
                written = Written::Something;
            }
            Some(skip) => {
                let mark = (written == Written::Unknown).then(|| quote!(__first = false;));
                body.extend(quote!(if !#skip { #write_key #value #mark }));
            }
        }
        let key_len = key.len();
        let value_hint = value_hint(krate, member);
        hint.extend(quote!(+ #key_len + #value_hint));
    }
    let nonempty = match written {
        Written::Unknown => quote!(!__first),
        _ => quote!(true),
    };
    body.extend(quote!(__w.end_object(#nonempty);));
    (body, hint)
}

/// `[a,b]`: elements in order; `skip_serializing_if` makes the commas a run-time decision.
fn tuple_body(krate: &syn::Path, members: &[Member]) -> (TokenStream, TokenStream) {
    let members = encoded(members);
    let any_conditional = members.iter().any(|m| conditional(m).is_some());
    let mut body = quote!(__w.begin_array(););
    if any_conditional {
        body.extend(quote!(let mut __first = true;));
    }
    let mut hint = quote!(2);
    for (index, member) in members.iter().enumerate() {
        let value = encode_value(krate, member);
        let element = if any_conditional {
            quote!(__w.array_value(__first); #value __first = false;)
        } else {
            let first = index == 0;
            quote!(__w.array_value(#first); #value)
        };
        body.extend(match conditional(member) {
            Some(skip) => quote!(if !#skip { #element }),
            None => element,
        });
        let value_hint = value_hint(krate, member);
        hint.extend(quote!(+ 1 + #value_hint));
    }
    let nonempty = if any_conditional {
        quote!(!__first)
    } else {
        let nonempty = !members.is_empty();
        quote!(#nonempty)
    };
    body.extend(quote!(__w.end_array(#nonempty);));
    (body, hint)
}

/// Externally tagged, serde's default: `"Unit"`, `{"Newtype":value}`, `{"Tuple":[...]}`,
/// `{"Struct":{...}}`.
fn enum_body(krate: &syn::Path, variants: &[Variant]) -> (TokenStream, TokenStream) {
    if variants.is_empty() {
        return (quote!(match *self {}), quote!(match *self {}));
    }
    let mut body_arms = TokenStream::new();
    let mut hint_arms = TokenStream::new();
    for variant in variants {
        let ident = &variant.ident;
        let bindings: Vec<syn::Ident> = (0..variant.fields.len())
            .map(|i| format_ident!("__f{}", i))
            .collect();
        let pattern = variant_pattern(variant, &bindings);
        let members: Vec<Member> = variant
            .fields
            .iter()
            .zip(&bindings)
            .map(|(field, binding)| Member {
                field,
                access: quote!(#binding),
            })
            .collect();
        let tag = quote_json_string(&variant.attrs.name.serialize);
        let (body, hint) = if variant.style == Style::Unit {
            let tag_len = tag.len();
            (quote!(__w.write_fragment(#tag);), quote!(#tag_len))
        } else {
            let open = format!("{{{tag}:");
            let open_len = open.len() + 1;
            let (inner, inner_hint) =
                shape_body(krate, variant.style, &members, TokenStream::new());
            (
                quote!(__w.field_open(#open); #inner __w.end_object(true);),
                quote!(#open_len + #inner_hint),
            )
        };
        body_arms.extend(quote!(Self::#ident #pattern => { #body }));
        hint_arms.extend(quote!(Self::#ident #pattern => #hint,));
    }
    (
        quote!(match self { #body_arms }),
        quote!(match self { #hint_arms }),
    )
}

/// `{ a: __f0, .. }` or `(__f0, _)`: binds the encoded fields only, so skipped ones need not
/// be used.
fn variant_pattern(variant: &Variant, bindings: &[syn::Ident]) -> TokenStream {
    let used = |field: &attr::Field| !field.skip_serializing;
    match variant.style {
        Style::Unit => TokenStream::new(),
        Style::Struct => {
            let fields = variant
                .fields
                .iter()
                .zip(bindings)
                .filter(|(field, _)| used(&field.attrs))
                .map(|(field, binding)| {
                    let member = &field.member;
                    quote!(#member: #binding)
                });
            quote!({ #(#fields,)* .. })
        }
        Style::Tuple | Style::Newtype => {
            let fields = variant.fields.iter().zip(bindings).map(|(field, binding)| {
                if used(&field.attrs) {
                    quote!(#binding)
                } else {
                    quote!(_)
                }
            });
            quote!((#(#fields),*))
        }
    }
}
