//! What every format's encoder shares: the impl around the body (with its inferred bounds),
//! which fields are written and how each is reached, the calls that encode a field's value,
//! the `match` over an enum's variants, and the fallback impl beside compile errors. The
//! per-format generators (`json::encode`, `msgpack::encode`) only lay out the bytes.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{format_ident, quote};
use syn::spanned::Spanned;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr;
use crate::attr::Codec;
use crate::bound::{self, BoundSource};
use crate::format::{Format, Impl};
use crate::Direction;

const ENCODE_BOUNDS: BoundSource = BoundSource {
    // A field written by a `with` module needs no `Encode` of its own (serde's rule).
    uses_field: |field| !field.skip_serializing && field.with.is_none(),
    field_bound: |field| field.ser_bound.as_deref(),
    container_bound: |cont| cont.ser_bound.as_deref(),
};

/// What a format's encoder writes for a container: the statements of `encode` and the
/// expression of `size_hint`.
pub struct Body {
    pub encode: TokenStream,
    pub hint: TokenStream,
    /// The bounded form, for formats that write values of bounded size through one reserved
    /// slot (MessagePack); `None` where the format has none or the shape cannot be bounded.
    pub bounded: Option<Bounded>,
}

impl Body {
    /// A body without a bounded form.
    pub fn unbounded(encode: TokenStream, hint: TokenStream) -> Self {
        Body {
            encode,
            hint,
            bounded: None,
        }
    }
}

/// The bounded forms of an enum's variants, every one of which has one.
pub struct VariantBounds {
    /// Each variant's largest size.
    pub maxes: Vec<TokenStream>,
    /// `pattern => { statements }` arms writing each variant into a slot `__s`.
    pub arms: TokenStream,
}

/// A shape's bounded form: its largest size, and the statements writing it into a slot
/// `__s`.
pub struct Bounded {
    /// A constant expression of type `Option<usize>`.
    pub max: TokenStream,
    pub write: TokenStream,
}

/// What a layout needs to name things: the runtime crate, the format's module, and the
/// container being written.
pub struct Ctx<'a> {
    pub krate: &'a syn::Path,
    /// The format's module: `::fastwire::json`.
    pub fmt: TokenStream,
    pub format: Format,
    pub cont: &'a Container<'a>,
}

/// The layout of a format: how each shape is written. The shared code picks the shape and the
/// fields; the format decides the bytes.
pub trait Layout {
    /// A struct or struct variant with named fields (`members` are the encoded ones).
    fn fields(&self, cx: &Ctx, members: &[&Member]) -> Body;
    /// A tuple struct or tuple variant.
    fn tuple(&self, cx: &Ctx, members: &[&Member]) -> Body;
    /// A unit struct.
    fn unit_struct(&self, cx: &Ctx) -> Body;
    /// An enum variant: its tag around `content` (`None` for a unit variant).
    fn variant(&self, cx: &Ctx, variant: &Variant, content: Option<Body>) -> Body;
    /// A newtype struct or variant, or a transparent struct: the one member's value.
    fn newtype(&self, cx: &Ctx, member: &Member) -> Body;
    /// The statements of `encode` and any further items of the impl, from the container's
    /// body. By default `encode` is the body's and there is nothing more.
    fn finish(&self, cx: &Ctx, body: Body) -> (TokenStream, TokenStream) {
        let _ = cx;
        (body.encode, TokenStream::new())
    }
    /// Combines the variants' bounded forms into the enum's. `None` if the format has no
    /// bounded forms.
    fn bounded_enum(&self, cx: &Ctx, variants: VariantBounds) -> Option<Bounded> {
        let _ = (cx, variants);
        None
    }
}

/// The `Encode` impl `target` describes, with `layout` writing the format's bytes.
pub fn generate(target: &Impl, layout: &impl Layout) -> TokenStream {
    let (cont, krate, fmt) = (target.cont, target.krate, target.fmt());
    let trait_path: syn::Path = syn::parse_quote!(#fmt::Encode);
    let generics = bound::with_bound(cont, &ENCODE_BOUNDS, &trait_path, &syn::parse_quote!(#fmt));
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = &cont.ident;
    let cx = Ctx {
        krate,
        fmt: fmt.clone(),
        format: target.format,
        cont,
    };
    let body = match &cont.data {
        // `into`: a clone converted into the other type, encoded as that type (serde's rule).
        _ if cont.attrs.into.is_some() => {
            let into = cont.attrs.into.as_ref().expect("matched just above");
            let convert = quote! {
                <Self as ::core::convert::Into<#into>>::into(::core::clone::Clone::clone(self))
            };
            Body::unbounded(
                quote!(#fmt::Encode::encode(&#convert, __w);),
                quote!(#fmt::Encode::size_hint(&#convert)),
            )
        }
        Data::Struct(style, fields) => {
            let members = struct_members(fields);
            if cont.attrs.transparent.is_some() {
                let chosen = cont.transparent_candidates(Direction::Encode)[0];
                let only = members
                    .iter()
                    .find(|m| std::ptr::eq(m.field, chosen))
                    .expect("checked: a transparent struct has one field to encode");
                layout.newtype(&cx, only)
            } else {
                shape_body(&cx, layout, *style, &members).unwrap_or_else(|| layout.unit_struct(&cx))
            }
        }
        Data::Enum(variants) => enum_body(&cx, layout, variants),
    };
    let hint = body.hint.clone();
    let (encode, items) = layout.finish(&cx, body);
    target.format.gated(
        krate,
        quote! {
            #[automatically_derived]
            impl #impl_generics #trait_path for #ident #ty_generics #where_clause {
                #[inline]
                fn encode<__W: #fmt::Writer>(&self, __w: &mut __W) {
                    #encode
                }

                #[inline]
                fn size_hint(&self) -> #krate::__private::usize {
                    #hint
                }

                #items
            }
        },
    )
}

/// An impl with the user's generics and no body to speak of, emitted beside compile errors so
/// that the rest of the user's crate does not fail with "`Encode` is not implemented" too.
pub fn fallback(item: &syn::DeriveInput, krate: &syn::Path, format: Format) -> TokenStream {
    let fmt = format.path(krate);
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    let ident = &item.ident;
    format.gated(
        krate,
        quote! {
            impl #impl_generics #fmt::Encode for #ident #ty_generics #where_clause {
                fn encode<__W: #fmt::Writer>(&self, _: &mut __W) {
                    ::core::unreachable!()
                }
            }
        },
    )
}

/// A field and the expression that borrows it (`&self.name`, or a binding from a `match`).
pub struct Member<'a> {
    pub field: &'a Field<'a>,
    pub access: TokenStream,
}

fn struct_members<'a>(fields: &'a [Field<'a>]) -> Vec<Member<'a>> {
    fields
        .iter()
        .map(|field| {
            let member = &field.member;
            Member {
                field,
                access: quote!(&self.#member),
            }
        })
        .collect()
}

/// The body for fields of the given shape, or `None` for a shape without fields (a unit
/// struct or variant, which each caller writes its own way).
fn shape_body(cx: &Ctx, layout: &impl Layout, style: Style, members: &[Member]) -> Option<Body> {
    let encoded = encoded(members);
    Some(match style {
        Style::Unit => return None,
        Style::Newtype => layout.newtype(cx, &members[0]),
        Style::Tuple => layout.tuple(cx, &encoded),
        Style::Struct => layout.fields(cx, &encoded),
    })
}

/// Each variant's arm: a pattern binding the encoded fields, and the format's layout of them.
fn enum_body(cx: &Ctx, layout: &impl Layout, variants: &[Variant]) -> Body {
    if variants.is_empty() {
        return Body::unbounded(quote!(match *self {}), quote!(match *self {}));
    }
    let mut encode_arms = TokenStream::new();
    let mut hint_arms = TokenStream::new();
    let mut bounded_arms = TokenStream::new();
    let mut maxes = Vec::new();
    let mut all_bounded = true;
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
        let content = shape_body(cx, layout, variant.style, &members);
        let Body {
            encode,
            hint,
            bounded,
        } = layout.variant(cx, variant, content);
        encode_arms.extend(quote!(Self::#ident #pattern => { #encode }));
        hint_arms.extend(quote!(Self::#ident #pattern => #hint,));
        match bounded {
            Some(Bounded { max, write }) => {
                maxes.push(max);
                bounded_arms.extend(quote!(Self::#ident #pattern => { #write }));
            }
            None => all_bounded = false,
        }
    }
    Body {
        encode: quote!(match self { #encode_arms }),
        hint: quote!(match self { #hint_arms }),
        bounded: if all_bounded {
            let variants = VariantBounds {
                maxes,
                arms: bounded_arms,
            };
            layout.bounded_enum(cx, variants)
        } else {
            None
        },
    }
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

/// The members that are written (not `skip_serializing`).
fn encoded<'m, 'a>(members: &'m [Member<'a>]) -> Vec<&'m Member<'a>> {
    members
        .iter()
        .filter(|m| !m.field.attrs.skip_serializing)
        .collect()
}

/// `predicate(&self.field)` for a field with `skip_serializing_if`: true when it is left out.
pub fn conditional(member: &Member) -> Option<TokenStream> {
    let predicate = member.field.attrs.skip_serializing_if.as_ref()?;
    let access = &member.access;
    Some(quote!(#predicate(#access)))
}

/// The statement that encodes a field's value: through the format's `Encode`, or the
/// functions of a `#[wire(with = "...")]` module. Spanned on the field's type, so a type that
/// does not implement `Encode` is reported on that field.
pub fn encode_value(cx: &Ctx, member: &Member) -> TokenStream {
    let access = &member.access;
    if let Some(module) = native_with(member.field) {
        let name = format_ident!("{}", cx.format.name());
        return quote!(#module::#name::encode(#access, __w););
    }
    let fmt = &cx.fmt;
    spanned_call(member, quote!(#fmt::Encode::encode(#access, __w);))
}

/// The module of a field's `#[wire(with = "...")]`, if it has one.
pub fn native_with<'f>(field: &'f Field) -> Option<&'f syn::Path> {
    match &field.attrs.with {
        Some((Codec::Native(module), _)) => Some(module),
        _ => None,
    }
}

/// `call`, a statement about one member, spanned on the member's type so that a type error in
/// it is reported on that field.
pub fn spanned_call(member: &Member, call: TokenStream) -> TokenStream {
    respan(call, member.field.ty.span())
}

/// The size hint of a field's value (a guess for a field written by a `with` module).
pub fn value_hint(cx: &Ctx, member: &Member) -> TokenStream {
    if member.field.attrs.with.is_some() {
        return quote!(16);
    }
    let fmt = &cx.fmt;
    let access = &member.access;
    spanned_call(member, quote!(#fmt::Encode::size_hint(#access)))
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
