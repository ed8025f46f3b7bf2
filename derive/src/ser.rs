//! What every format's encoder shares: the impl around the body (with its inferred bounds),
//! which fields are written and how each is reached, the calls that encode a field's value,
//! the `match` over an enum's variants, and the fallback impl beside compile errors. The
//! per-format generators (`json::encode`, `msgpack::encode`) only lay out the bytes.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{format_ident, quote};
use syn::spanned::Spanned;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr;
use crate::attr::{Codec, TagKind};
use crate::bound::{self, BoundSource};
use crate::format::{Format, Impl};
use crate::Direction;

const ENCODE_BOUNDS: BoundSource = BoundSource {
    // A field written by a `with` module or function needs no `Encode` of its own (serde's
    // rule), nor does one that goes through serde.
    uses_field: |field| {
        !field.skip_serializing && !field.encoded_by_function() && field.via_serde.is_none()
    },
    field_bound: |field| field.ser_bound.as_deref(),
    variant_bound: |variant| variant.ser_bound.as_deref(),
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
    /// For the flat form of a format whose maps count their entries up front (MessagePack):
    /// the expression giving how many entries `encode` writes.
    pub entries: Option<TokenStream>,
}

impl Body {
    /// A body without a bounded form.
    pub fn unbounded(encode: TokenStream, hint: TokenStream) -> Self {
        Body {
            encode,
            hint,
            bounded: None,
            entries: None,
        }
    }
}

/// One member of an object (a JSON object, a MessagePack map) as a layout writes it.
pub enum Entry<'m> {
    /// A field under its key, left out when its `skip_serializing_if` says so.
    Field(&'m Member<'m>),
    /// A `#[serde(flatten)]` field, or an internally tagged newtype variant's content: the
    /// value's own members, inline (through the format's `EncodeFlat`).
    Flat(&'m Member<'m>),
    /// A key with a fixed string value: an internal or adjacent tag.
    Tag { key: String, value: String },
    /// A key with a value written by `body`: an adjacent tag's content, or a variant's
    /// content under its name in an externally tagged enum's flat form.
    Content { key: String, body: Body },
}

/// Which of its forms an object is written in.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Form {
    /// A value of its own: `{...}`.
    Whole,
    /// Members only, inside an object already open (the format's `EncodeFlat`).
    Flat,
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
    /// A struct or struct variant with named fields (`members` are the encoded ones), none
    /// flattened.
    fn fields(&self, cx: &Ctx, members: &[&Member]) -> Body;
    /// An object of `entries` in `form`: a struct with flattened fields or an internal tag,
    /// an adjacently tagged variant, or any of these as members of an enclosing object.
    fn object(&self, cx: &Ctx, entries: Vec<Entry>, form: Form) -> Body;
    /// The items of the format's `EncodeFlat` impl from the container's flat body.
    fn flat_items(&self, cx: &Ctx, body: Body) -> TokenStream;
    /// The flat bodies of an enum's variants combined: one `match self` (`arms` gives each
    /// variant's pattern and body).
    fn flat_enum(&self, cx: &Ctx, arms: Vec<(TokenStream, Body)>) -> Body;
    /// A unit (`()`): an untagged unit variant.
    fn unit(&self, cx: &Ctx) -> Body;
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

/// The `Encode` impl `target` describes, with `layout` writing the format's bytes, and the
/// format's `EncodeFlat` impl where every shape of the type has a flat form (its members
/// written into an enclosing object).
pub fn generate(target: &Impl, layout: &impl Layout) -> TokenStream {
    let (cont, krate, fmt) = (target.cont, target.krate, target.fmt());
    let trait_path: syn::Path = syn::parse_quote!(#fmt::Encode);
    let mut generics =
        bound::with_bound(cont, &ENCODE_BOUNDS, &trait_path, &syn::parse_quote!(#fmt));
    // A flattened value of a type that mentions a type parameter must be flat itself; other
    // types are checked where they are written, on the field.
    for ty in flat_types(cont, Form::Whole, Direction::Encode) {
        if bound::mentions_type_param(cont, ty) {
            let ty = respan(quote!(#ty), ty.span());
            generics
                .make_where_clause()
                .predicates
                .push(syn::parse_quote!(#ty: #fmt::EncodeFlat));
        }
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = &cont.ident;
    let cx = Ctx {
        krate,
        fmt: fmt.clone(),
        format: target.format,
        cont,
    };
    let body = container_body(&cx, layout, Form::Whole).expect("every type has a whole form");
    let hint = body.hint.clone();
    let (encode, items) = layout.finish(&cx, body);
    let flat = container_body(&cx, layout, Form::Flat).map(|body| {
        // The flat form of a value whose members are another value's (a newtype, an
        // internally tagged newtype variant) exists where that value's does: a bound checked
        // only where the flat form is used (a higher-ranked bound is not checked when the
        // impl is declared, so it may name a concrete type).
        let mut flat_generics = generics.clone();
        for ty in flat_types(cont, Form::Flat, Direction::Encode) {
            flat_generics
                .make_where_clause()
                .predicates
                .push(syn::parse_quote!(for<'__flat> #ty: #fmt::EncodeFlat));
        }
        let (impl_generics, ty_generics, where_clause) = flat_generics.split_for_impl();
        let items = layout.flat_items(&cx, body);
        quote! {
            #[automatically_derived]
            impl #impl_generics #fmt::EncodeFlat for #ident #ty_generics #where_clause {
                #items
            }
        }
    });
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

            #flat
        },
    )
}

/// The body of the container in `form`, or `None` if it has no such form (only
/// [`Form::Flat`] can be missing: a tuple struct is not an object).
fn container_body(cx: &Ctx, layout: &impl Layout, form: Form) -> Option<Body> {
    let cont = cx.cont;
    let fmt = &cx.fmt;
    match &cont.data {
        // `into`: a clone converted into the other type, encoded as that type (serde's rule).
        _ if cont.attrs.into.is_some() => {
            if form == Form::Flat {
                return None;
            }
            let into = cont.attrs.into.as_ref().expect("matched just above");
            let convert = quote! {
                <Self as ::core::convert::Into<#into>>::into(::core::clone::Clone::clone(self))
            };
            Some(Body::unbounded(
                quote!(#fmt::Encode::encode(&#convert, __w);),
                quote!(#fmt::Encode::size_hint(&#convert)),
            ))
        }
        Data::Struct(style, fields) => {
            let members = struct_members(fields);
            if cont.attrs.transparent.is_some() {
                let chosen = cont.transparent_candidates(Direction::Encode)[0];
                let only = members
                    .iter()
                    .find(|m| std::ptr::eq(m.field, chosen))
                    .expect("checked: a transparent struct has one field to encode");
                return Some(match form {
                    Form::Whole => layout.newtype(cx, only),
                    Form::Flat => layout.object(cx, vec![Entry::Flat(only)], form),
                });
            }
            let mut prefix = Vec::new();
            if let (TagKind::Internal { tag }, Style::Struct) = (&cont.attrs.tag, style) {
                // `#[serde(tag = "...")]` on a struct: its name under the tag, first.
                prefix.push(Entry::Tag {
                    key: tag.clone(),
                    value: cont.attrs.name.serialize.clone(),
                });
            }
            match shape_body(cx, layout, *style, &members, prefix, form) {
                Some(body) => Some(body),
                None if form == Form::Whole => Some(layout.unit_struct(cx)),
                None => None,
            }
        }
        Data::Enum(variants) => enum_body(cx, layout, variants, form),
    }
}

/// The types whose flat forms the container's `form` writes: flattened fields, the content
/// of internally tagged newtype variants, and in the flat form also the field of a newtype or
/// transparent struct and of untagged newtype variants.
pub fn flat_types<'a>(cont: &'a Container, form: Form, direction: Direction) -> Vec<&'a syn::Type> {
    let mut types: Vec<&syn::Type> = cont
        .data
        .all_fields()
        .filter(|field| {
            let skipped = match direction {
                Direction::Encode => field.attrs.skip_serializing,
                Direction::Decode => field.attrs.skip_deserializing,
            };
            let by_serde = field.attrs.via_serde.is_some()
                || match direction {
                    Direction::Encode => field.attrs.serialize_with.is_some(),
                    Direction::Decode => field.attrs.deserialize_with.is_some(),
                };
            field.attrs.flatten.is_some() && !skipped && !by_serde
        })
        .map(|field| field.ty)
        .collect();
    match &cont.data {
        Data::Struct(style, fields) if form == Form::Flat => {
            if cont.attrs.transparent.is_some() {
                types.push(cont.transparent_candidates(direction)[0].ty);
            } else if *style == Style::Newtype {
                types.push(fields[0].ty);
            }
        }
        Data::Struct(..) => {}
        Data::Enum(variants) => {
            for variant in variants.iter().filter(|v| v.style == Style::Newtype) {
                let flat = match tagging(cont, variant) {
                    TagKind::Internal { .. } => true,
                    TagKind::Untagged => form == Form::Flat,
                    TagKind::External | TagKind::Adjacent { .. } => false,
                };
                if flat {
                    types.push(variant.fields[0].ty);
                }
            }
        }
    }
    types
}

/// How a variant is tagged: the enum's tagging, unless the variant is `#[serde(untagged)]`.
pub fn tagging<'a>(cont: &'a Container, variant: &Variant) -> &'a TagKind {
    if variant.attrs.untagged.is_some() {
        &TagKind::Untagged
    } else {
        &cont.attrs.tag
    }
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

/// The body for fields of the given shape in `form`, with `prefix` (tags) before the fields of
/// an object. `None` for a unit shape in the whole form (which each caller writes its own
/// way) and for a tuple shape in the flat form (which has none).
fn shape_body<'m>(
    cx: &Ctx,
    layout: &impl Layout,
    style: Style,
    members: &'m [Member<'m>],
    mut prefix: Vec<Entry<'m>>,
    form: Form,
) -> Option<Body> {
    let encoded = encoded(members);
    match (style, form) {
        (Style::Unit, Form::Whole) if prefix.is_empty() => None,
        (Style::Unit, _) => Some(layout.object(cx, prefix, form)),
        (Style::Newtype, Form::Whole) if prefix.is_empty() => Some(layout.newtype(cx, &members[0])),
        (Style::Newtype, _) => {
            prefix.push(Entry::Flat(&members[0]));
            Some(layout.object(cx, prefix, form))
        }
        (Style::Tuple, Form::Whole) => Some(layout.tuple(cx, &encoded)),
        (Style::Tuple, Form::Flat) => None,
        (Style::Struct, _) => {
            let flattened = encoded.iter().any(|m| m.field.attrs.flatten.is_some());
            if prefix.is_empty() && !flattened && form == Form::Whole {
                return Some(layout.fields(cx, &encoded));
            }
            prefix.extend(encoded.into_iter().map(|m| {
                if m.field.attrs.flatten.is_some() {
                    Entry::Flat(m)
                } else {
                    Entry::Field(m)
                }
            }));
            Some(layout.object(cx, prefix, form))
        }
    }
}

/// The content of a variant in its whole form: its fields' shape, or a unit.
fn content_body(cx: &Ctx, layout: &impl Layout, variant: &Variant, members: &[Member]) -> Body {
    shape_body(cx, layout, variant.style, members, Vec::new(), Form::Whole)
        .unwrap_or_else(|| layout.unit(cx))
}

/// One variant's body in `form` under its tagging, or `None` if it has no such form.
fn variant_body(
    cx: &Ctx,
    layout: &impl Layout,
    variant: &Variant,
    members: &[Member],
    form: Form,
) -> Option<Body> {
    let name = &variant.attrs.name.serialize;
    let tag = |key: &String| Entry::Tag {
        key: key.clone(),
        value: name.clone(),
    };
    match (tagging(cx.cont, variant), form) {
        (TagKind::External, Form::Whole) => {
            let content = shape_body(cx, layout, variant.style, members, Vec::new(), form);
            Some(layout.variant(cx, variant, content))
        }
        // Flattened, an externally tagged variant is one member: its name, and its content
        // (a unit variant's is a unit), as serde writes it.
        (TagKind::External, Form::Flat) => {
            let body = content_body(cx, layout, variant, members);
            let entries = vec![Entry::Content {
                key: name.clone(),
                body,
            }];
            Some(layout.object(cx, entries, form))
        }
        (TagKind::Internal { tag: key }, _) => {
            shape_body(cx, layout, variant.style, members, vec![tag(key)], form)
        }
        (TagKind::Adjacent { tag: key, content }, _) => {
            let mut entries = vec![tag(key)];
            // A unit variant is its tag alone (serde writes no content for it).
            if variant.style != Style::Unit {
                let body = content_body(cx, layout, variant, members);
                entries.push(Entry::Content {
                    key: content.clone(),
                    body,
                });
            }
            Some(layout.object(cx, entries, form))
        }
        (TagKind::Untagged, Form::Whole) => Some(content_body(cx, layout, variant, members)),
        (TagKind::Untagged, Form::Flat) => {
            shape_body(cx, layout, variant.style, members, Vec::new(), form)
        }
    }
}

/// Each variant's arm: a pattern binding the encoded fields, and the variant's body in
/// `form`. `None` if some variant has no such form.
fn enum_body(cx: &Ctx, layout: &impl Layout, variants: &[Variant], form: Form) -> Option<Body> {
    if variants.is_empty() {
        // No value to write; no flat form needed.
        return (form == Form::Whole)
            .then(|| Body::unbounded(quote!(match *self {}), quote!(match *self {})));
    }
    let mut arms = Vec::new();
    for variant in variants {
        let ident = &variant.ident;
        let bindings: Vec<syn::Ident> = (0..variant.fields.len())
            .map(|i| format_ident!("__f{}", i))
            .collect();
        if variant.attrs.skip_serializing.is_some() {
            arms.push((
                quote!(Self::#ident { .. }),
                skipped_variant(cx, variant, form),
            ));
            continue;
        }
        let (pattern, members) = match &variant.spread {
            // Written by a variant-level function: every field, given to it at once.
            Some((style, fields)) => {
                let bindings: Vec<syn::Ident> = (0..fields.len())
                    .map(|i| format_ident!("__f{}", i))
                    .collect();
                let access = if bindings.is_empty() {
                    quote!(&())
                } else {
                    quote!((#(#bindings,)*))
                };
                let member = Member {
                    field: &variant.fields[0],
                    access,
                };
                (variant_pattern(*style, fields, &bindings), vec![member])
            }
            None => {
                let members = variant
                    .fields
                    .iter()
                    .zip(&bindings)
                    .map(|(field, binding)| Member {
                        field,
                        access: quote!(#binding),
                    })
                    .collect();
                let pattern = variant_pattern(variant.style, &variant.fields, &bindings);
                (pattern, members)
            }
        };
        let body = variant_body(cx, layout, variant, &members, form)?;
        arms.push((quote!(Self::#ident #pattern), body));
    }
    if form == Form::Flat {
        return Some(layout.flat_enum(cx, arms));
    }
    let mut encode_arms = TokenStream::new();
    let mut hint_arms = TokenStream::new();
    let mut bounded_arms = TokenStream::new();
    let mut maxes = Vec::new();
    let mut all_bounded = true;
    for (pattern, body) in arms {
        let Body {
            encode,
            hint,
            bounded,
            ..
        } = body;
        encode_arms.extend(quote!(#pattern => { #encode }));
        hint_arms.extend(quote!(#pattern => #hint,));
        match bounded {
            Some(Bounded { max, write }) => {
                maxes.push(max);
                bounded_arms.extend(quote!(#pattern => { #write }));
            }
            None => all_bounded = false,
        }
    }
    Some(Body {
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
        entries: None,
    })
}

/// A variant skipped when serializing: writing it is serde's error, recorded in the writer
/// (see the runtime's `Writer::fail`), and nothing is written.
fn skipped_variant(cx: &Ctx, variant: &Variant, form: Form) -> Body {
    let fmt = &cx.fmt;
    let message = format!(
        "the enum variant {}::{} cannot be serialized",
        cx.cont.ident, variant.ident
    );
    let fail = quote!(#fmt::Writer::fail(__w, #message););
    match (form, cx.format.name()) {
        (Form::Flat, "json") => Body::unbounded(quote!({ #fail __first }), quote!(0)),
        (Form::Flat, _) => Body {
            encode: fail,
            hint: quote!(0),
            bounded: None,
            entries: Some(quote!(0)),
        },
        (Form::Whole, _) => Body::unbounded(fail, quote!(0)),
    }
}

/// `{ a: __f0, .. }` or `(__f0, _)`: binds the encoded fields only, so skipped ones need not
/// be used.
fn variant_pattern(style: Style, fields: &[Field], bindings: &[syn::Ident]) -> TokenStream {
    let used = |field: &attr::Field| !field.skip_serializing;
    match style {
        Style::Unit => TokenStream::new(),
        Style::Struct => {
            let fields = fields
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
            let fields = fields.iter().zip(bindings).map(|(field, binding)| {
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

/// The statement that encodes a field's value: through the format's `Encode` (see
/// [`field_op`]), the functions of a `#[wire(with = "...")]` module, or a serde function
/// through the bridge. Spanned on the field's type, so a type that does not implement
/// `Encode` is reported on that field.
pub fn encode_value(cx: &Ctx, member: &Member) -> TokenStream {
    let access = &member.access;
    let name = format_ident!("{}", cx.format.name());
    if let Some(module) = native_with(member.field) {
        return with_call(module, quote!(#module::#name::encode(#access, __w);));
    }
    if let Some((function, tokens)) = &member.field.attrs.serialize_with {
        return serialize_with(cx, member, function, tokens);
    }
    let fmt = &cx.fmt;
    let call = field_op(
        cx,
        member.field,
        quote!(#name::encode(#access, __w)),
        quote!(#fmt::Encode::encode(#access, __w)),
    );
    spanned_call(member, quote!(#call;))
}

/// How generated code reaches a field's impls for one operation: `direct`, the format's trait
/// call, for a type that mentions a type parameter (whose bound says which impl it has);
/// otherwise `op` through the runtime's `__dispatch!`, which picks fastwire's impl where the
/// type has one and, with the `serde` feature, serde's through the bridge otherwise; and
/// always the bridge under `#[wire(serde)]`.
pub fn field_op(cx: &Ctx, field: &Field, op: TokenStream, direct: TokenStream) -> TokenStream {
    dispatch(cx.krate, cx.cont, field, op, direct)
}

/// [`field_op`] for either direction.
pub fn dispatch(
    krate: &syn::Path,
    cont: &Container,
    field: &Field,
    op: TokenStream,
    direct: TokenStream,
) -> TokenStream {
    if field.attrs.via_serde.is_some() {
        quote!(#krate::__dispatch!(serde #op))
    } else if bound::mentions_type_param(cont, field.ty) {
        direct
    } else {
        quote!(#krate::__dispatch!(#op))
    }
}

/// The generic parameters of the container as a wrapper type around one field declares them,
/// with `extra` (a lifetime) first: the parameters, the where-clause (with the user's `bound`
/// predicates for `direction` that hold as written), and a `PhantomData` using each (the
/// field's type may not use them all).
pub fn wrapper_generics(
    cont: &Container,
    direction: Direction,
    extra: Option<syn::Lifetime>,
) -> (syn::Generics, TokenStream) {
    let mut generics = cont.generics.clone();
    let plain = bound::plain_predicates(cont, direction);
    if !plain.is_empty() {
        generics.make_where_clause().predicates.extend(plain);
    }
    if let Some(lifetime) = extra {
        generics.params.insert(0, syn::parse_quote!(#lifetime));
    }
    let phantoms = cont.generics.params.iter().filter_map(|param| match param {
        syn::GenericParam::Lifetime(def) => {
            let lifetime = &def.lifetime;
            Some(quote!(&#lifetime ()))
        }
        syn::GenericParam::Type(param) => {
            let ident = &param.ident;
            Some(quote!(fn() -> #ident))
        }
        syn::GenericParam::Const(_) => None,
    });
    (
        generics,
        quote!(::core::marker::PhantomData<(#(#phantoms,)*)>),
    )
}

/// A field written by a serde function (`serialize_with`, or a serde `with` module's
/// `serialize`): a wrapper whose `Serialize` calls it, through the bridge.
fn serialize_with(
    cx: &Ctx,
    member: &Member,
    function: &syn::ExprPath,
    tokens: &TokenStream,
) -> TokenStream {
    let krate = cx.krate;
    let name = format_ident!("{}", cx.format.name());
    let wrapper = serialize_with_wrapper(cx, member, function);
    respan(
        quote!(#krate::__with_serde! { #krate::__dispatch!(serde #name::encode(&#wrapper, __w)); }),
        tokens_span(tokens),
    )
}

/// A block whose value wraps the member in a local type whose `Serialize` calls `function`:
/// with a reference to the field, or, for a variant written by a variant-level function, with
/// a reference to each of the variant's fields (the member is a tuple of them).
fn serialize_with_wrapper(cx: &Ctx, member: &Member, function: &syn::ExprPath) -> TokenStream {
    let krate = cx.krate;
    let access = &member.access;
    let ty = member.field.ty;
    let (ty, args) = match &member.field.spread {
        // A unit variant's function takes the serializer only; the lifetime is still used.
        Some(types) if types.is_empty() => (quote!(&'__a ()), quote!()),
        Some(types) => {
            let args = (0..types.len()).map(syn::Index::from);
            (quote!((#(&'__a #types,)*)), quote!(#(self.0.#args,)*))
        }
        None => (quote!(&'__a #ty), quote!(self.0,)),
    };
    let (generics, phantom) =
        wrapper_generics(cx.cont, Direction::Encode, Some(syn::parse_quote!('__a)));
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let serde = quote!(#krate::__private::serde);
    // The container's parameters, in scope where the wrapper is made.
    let params = cx.cont.generics.params.iter().map(|param| match param {
        syn::GenericParam::Lifetime(def) => {
            let lifetime = &def.lifetime;
            quote!(#lifetime)
        }
        syn::GenericParam::Type(param) => {
            let ident = &param.ident;
            quote!(#ident)
        }
        syn::GenericParam::Const(param) => {
            let ident = &param.ident;
            quote!({ #ident })
        }
    });
    quote! {
        {
            struct __SerializeWith #impl_generics (#ty, #phantom) #where_clause;

            impl #impl_generics #serde::Serialize for __SerializeWith #ty_generics #where_clause {
                fn serialize<__S: #serde::Serializer>(
                    &self,
                    __s: __S,
                ) -> #krate::__private::Result<__S::Ok, __S::Error> {
                    #function(#args __s)
                }
            }

            __SerializeWith::<'_, #(#params),*>(#access, ::core::marker::PhantomData)
        }
    }
}

/// The value a flattened member is written through, a reference to an `EncodeFlat` type:
/// the member itself, or, for a field written by serde (`serialize_with`, a serde `with`
/// module, `#[wire(serde)]`), the bridge's wrapper, which writes the members of the object
/// serde writes for it.
pub fn flat_value(cx: &Ctx, member: &Member) -> TokenStream {
    let krate = cx.krate;
    let name = format_ident!("{}", cx.format.name());
    if let Some((function, tokens)) = &member.field.attrs.serialize_with {
        let wrapper = serialize_with_wrapper(cx, member, function);
        return respan(
            quote!(#krate::__with_serde! { &#krate::bridge::Serde(#wrapper) }),
            tokens_span(tokens),
        );
    }
    if let Some(tokens) = &member.field.attrs.via_serde {
        let access = &member.access;
        return respan(
            quote!(#krate::__dispatch!(serde #name::flat(#access))),
            tokens_span(tokens),
        );
    }
    member.access.clone()
}

/// The span of an attribute's tokens (their first token's).
pub fn tokens_span(tokens: &TokenStream) -> Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |token| token.span())
}

/// The module of a field's `#[wire(with = "...")]`, if it has one.
pub fn native_with<'f>(field: &'f Field) -> Option<&'f syn::Path> {
    match &field.attrs.with {
        Some((Codec::Native(module), _)) => Some(module),
        _ => None,
    }
}

/// `call`, a call of a `#[wire(with = "...")]` module's function, spanned on the module's path
/// (the attribute's string) so that a field type the module does not take is reported there.
pub fn with_call(module: &syn::Path, call: TokenStream) -> TokenStream {
    respan(call, module.span())
}

/// `call`, a statement about one member, spanned on the member's type so that a type error in
/// it is reported on that field.
pub fn spanned_call(member: &Member, call: TokenStream) -> TokenStream {
    respan(call, member.field.ty.span())
}

/// The size hint of a field's value (a guess for a field written by a `with` module).
pub fn value_hint(cx: &Ctx, member: &Member) -> TokenStream {
    if member.field.attrs.encoded_by_function() {
        return quote!(16);
    }
    let fmt = &cx.fmt;
    let access = &member.access;
    let name = format_ident!("{}", cx.format.name());
    spanned_call(
        member,
        field_op(
            cx,
            member.field,
            quote!(#name::size_hint(#access)),
            quote!(#fmt::Encode::size_hint(#access)),
        ),
    )
}

/// A span at `span`'s place in the user's source that resolves names as the rest of the
/// generated code does (at the derive's call site). Generated code placed at a user's token
/// (so that an error about it points there) must still see the derive's own locals (`__r`,
/// `__w`, `self`): when the type comes through a `macro_rules!` macro, its tokens carry that
/// macro's hygiene, which would hide them.
pub fn located(span: Span) -> Span {
    Span::call_site().located_at(span)
}

/// `tokens` with every span set to `span` (placed as [`located`] says): a path whose tokens come
/// from several places is reported at the first one, so the whole call must carry the field's
/// span.
pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    let span = located(span);
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
