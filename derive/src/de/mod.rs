//! What every format's decoder shares: the impl around the body (bounds, the input lifetime
//! `'de`, borrowed lifetimes), the values of absent and skipped fields (defaults, `None` for
//! options, "missing field" errors), building the value from what was read, transparent and
//! newtype structs, the per-field bookkeeping of a struct's member loop (slots, duplicate
//! checks, what is left at the end), key dispatch by length and bytes, and the contents of
//! enum variants. The per-format generators (`json::decode`, `msgpack::decode`) only read the
//! format's framing: how a struct, a sequence and an enum's tag are written.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::spanned::Spanned;

mod flat;
mod tagged;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr::{self, Codec, DefaultValue};
use crate::borrow::CowKind;
use crate::bound::{self, BoundSource};
use crate::format::{Format, Impl};
use crate::ser::respan;
use crate::Direction;

const DECODE_BOUNDS: BoundSource = BoundSource {
    // A field read by a `with` module or function needs no `Decode` of its own (serde's
    // rule), nor does one that goes through serde.
    uses_field: |field| {
        !field.skip_deserializing && !field.decoded_by_function() && field.via_serde.is_none()
    },
    field_bound: |field| field.de_bound.as_deref(),
    variant_bound: |variant| variant.de_bound.as_deref(),
    container_bound: |cont| cont.de_bound.as_deref(),
};

/// What the generated code needs everywhere: the paths it names, and how absent fields are
/// filled.
pub struct Ctx<'a> {
    pub krate: &'a syn::Path,
    /// The container being read.
    pub cont: &'a Container<'a>,
    /// The format's module: `::fastwire::json`.
    pub fmt: TokenStream,
    pub format: Format,
    /// The container's `default`, if any: missing fields are taken from it.
    pub container_default: &'a DefaultValue,
    /// `deny_unknown_fields` on the container.
    pub deny_unknown_fields: bool,
}

impl Ctx<'_> {
    /// What the container's "invalid type" errors say was expected: its `expecting`, or
    /// `default` (serde's wording, such as `struct User`).
    pub fn expecting(&self, default: String) -> String {
        self.cont.attrs.expecting.clone().unwrap_or(default)
    }
}

/// A shape with fields being read: what builds it, its fields, and its name for errors
/// (`struct User`, `tuple variant E::Pair`).
pub struct Target<'a> {
    pub constructor: TokenStream,
    pub fields: &'a [Field<'a>],
    pub expecting: String,
    /// Whether the value goes to the output `__out` of `Decode::decode_out` (of type `__O`),
    /// after the end of input check that output may ask for, rather than being returned.
    pub put: bool,
}

/// The member loop's moving parts, given to the format to frame: how the next declared field
/// is recognised, and how a name is looked up otherwise.
pub struct MemberLookup {
    /// `match __next { 0 => <is key 0>, ... _ => false }`.
    pub is_next: TokenStream,
    /// An expression giving the position of the field named by `__bytes` (the key's bytes),
    /// or, for an unknown name, `count` (skipped) or an early `return` of the error.
    pub by_name: TokenStream,
    /// How many fields are decoded: the position every unknown key maps to.
    pub count: usize,
    /// Whether the object's first member is already read (an internal tag that came first):
    /// the loop reads the members after it.
    pub resumed: bool,
}

/// The member loop as a format frames it (see [`Layout::member_loop`]).
pub struct LoopFrame {
    /// What starts the loop: `loop`, `for _ in 0..__len`.
    pub head: TokenStream,
    /// The expression giving each member's field position.
    pub index: TokenStream,
    /// What follows the loop.
    pub tail: TokenStream,
}

/// A struct's two forms, as the shared code reads their contents (see
/// [`Layout::read_struct`]).
pub struct StructForms<'a> {
    /// The struct's name for errors.
    pub expecting: &'a str,
    /// Statements reading the keyed form's members, ending in the value.
    pub keyed: TokenStream,
    /// Statements reading the sequence form's elements, ending in the value.
    pub seq: TokenStream,
    /// Statements reading every decoded field in order from a sequence known to hold exactly
    /// `count` elements, each into its binding, then the value: for a format that knows a
    /// sequence's length before reading it.
    pub exact: TokenStream,
    /// How many fields are decoded.
    pub count: usize,
}

/// How a format frames the reading of a sequence's elements.
pub struct SeqFrame {
    /// Statements before the first element.
    pub start: TokenStream,
    /// Whether the element at `position` is there, as an expression of the position.
    pub has_element: fn(&Ctx, usize) -> TokenStream,
    /// Statements run when an element is missing and its field's default is taken instead.
    pub on_default: TokenStream,
    /// The expression reading the element at `position` for `field`, from `decode`, the
    /// shared read (the format may read some sequences another way).
    pub element: fn(&Ctx, &Field, usize, TokenStream) -> TokenStream,
}

/// The framing of a format: how each shape is read. The shared code decides which fields are
/// read, into which bindings, and how the value is built; the format reads its own framing.
/// (Unit values are read through the readers' shared `decode_unit` and `decode_unit_struct`.)
pub trait Layout {
    /// Statements opening a sequence of a tuple's elements.
    fn open_seq(&self, cx: &Ctx, expecting: &str) -> TokenStream;
    /// A sequence's element reading, framed by the format (see [`SeqFrame`]).
    fn seq_frame(&self, cx: &Ctx) -> SeqFrame;
    /// Statements after the last field's element: refuse more elements (`count` fields were
    /// read; `expected_len` describes the sequence wanted) and close the sequence.
    fn end_seq(&self, cx: &Ctx, count: usize, expected_len: &str) -> TokenStream;
    /// A boolean expression: whether the next key is `name` (consuming it if so).
    fn is_key(&self, cx: &Ctx, name: &str) -> TokenStream;
    /// Statements returning the "unknown field" error for the name in `__bytes`.
    fn unknown_field(&self, cx: &Ctx) -> TokenStream;
    /// The member loop of an open keyed form, finding each member's position from `lookup`.
    /// With [`Layout::ordered_member`], the loop starts after the `__next` members already
    /// read in declaration order.
    fn member_loop(&self, cx: &Ctx, lookup: &MemberLookup) -> LoopFrame;
    /// A boolean expression: whether member `position` (counting from 0; `first` when no
    /// member came before it) is there and named `name`, consuming its key if so, for reading
    /// the members that come in declaration order without dispatch; `None` for a format
    /// without such a test.
    fn ordered_member(
        &self,
        cx: &Ctx,
        position: usize,
        name: &str,
        first: bool,
    ) -> Option<TokenStream> {
        let _ = (cx, position, name, first);
        None
    }
    /// Statements run before the members that come in declaration order are tried, which
    /// may `break '__ordered` (to the member loop) when the form cannot hold all `count` of
    /// them; [`Layout::ordered_member`] then need not test for each that it is there.
    fn ordered_guard(&self, cx: &Ctx, count: usize) -> TokenStream {
        let _ = (cx, count);
        TokenStream::new()
    }
    /// A boolean expression: whether the open keyed form holds no member after the first
    /// `count` (tested once every field was read in declaration order: the value is then
    /// built straight from what was read, without the member loop, after the form's closing
    /// statements of [`LoopFrame::tail`]); `None` for a format that cannot tell without
    /// reading on.
    fn ends_after(&self, cx: &Ctx, count: usize) -> Option<TokenStream> {
        let _ = (cx, count);
        None
    }
    /// A struct's dispatch between its keyed form and its sequence form, opening each before
    /// running its statements.
    fn read_struct(&self, cx: &Ctx, forms: StructForms) -> TokenStream;
    /// An enum: reads the tag, then runs one of `arms`.
    fn read_enum(&self, cx: &Ctx, arms: &EnumArms) -> TokenStream;
    /// A boolean expression: whether the value at `__r` is a sequence (where a struct's
    /// tagged enum may stand as `[tag, fields...]` or `[tag, content]`).
    fn is_seq_start(&self, cx: &Ctx) -> TokenStream;
    /// Statements opening a sequence whose first element is a tag named `tag` (a "missing
    /// field" error if there is none), leaving the reader at that element, set up as
    /// [`Layout::open_seq`] leaves it.
    fn open_tagged_seq(&self, cx: &Ctx, expecting: &str, tag: &str) -> TokenStream;
    /// Statements skipping the rest of an open sequence after `before` elements, and closing
    /// it.
    fn skip_rest_of_seq(&self, cx: &Ctx, before: usize) -> TokenStream;
    /// The expression reading a value of type `ty` from the rest of an open sequence, after
    /// `before` elements (an internally tagged newtype variant's content after its tag), and
    /// closing the sequence; `None` where the format has no such reading.
    fn rest_of_seq(&self, cx: &Ctx, ty: &syn::Type, before: usize) -> Option<TokenStream>;
    /// Further items of the `Decode` impl of a struct with named fields, reading it from the
    /// rest of an open sequence (see [`Layout::rest_of_seq`]) from the statements `read`.
    fn rest_of_seq_items(&self, cx: &Ctx, read: TokenStream) -> TokenStream;
    /// The expression reading a whole struct's sequence form, once opened, through the item
    /// [`Layout::rest_of_seq_items`] wrote (its fields' readers written once for both), or
    /// `None` where the format writes no such item.
    fn seq_elements(&self, cx: &Ctx) -> Option<TokenStream>;
    /// An expression reading a variant's name (or index) from `__r` as a tag's value, giving
    /// the variant's index among `arms` (an unknown one returns the "unknown variant" error).
    fn identify_variant(&self, cx: &Ctx, arms: &EnumArms) -> TokenStream;
    /// An expression giving the position that the key `__key` of a member names (as
    /// `FlatEntries::key` gives it, or as `FlatEntries::collect_with` hands it over):
    /// `by_name` from the key's bytes `__bytes`, `by_index` from an integer key `__n` (for
    /// formats that have them), `unknown` for any other key.
    fn flat_index(
        &self,
        cx: &Ctx,
        by_name: &TokenStream,
        by_index: &TokenStream,
        unknown: usize,
    ) -> TokenStream;
    /// An expression of type `Option<usize>`: `Some` when the value at `__r` is an object
    /// whose first member's key is `tag`, read up to that member's value (for a format whose
    /// objects count their members, how many follow, `__len` for the member loop; otherwise
    /// 0); `None`, with nothing read, otherwise.
    fn tag_first(&self, cx: &Ctx, tag: &str) -> TokenStream;
    /// An expression collecting the members after the tag read by [`Layout::tag_first`] as
    /// `FlatEntries` (its `Some` is in `__len`).
    fn collect_rest(&self, cx: &Ctx) -> TokenStream;
    /// [`Layout::collect_rest`], offering each member to `own` first (a closure taking the
    /// key, of the type [`Layout::offered_key`] names, and the reader, as
    /// `FlatEntries::collect_with` takes it).
    fn collect_rest_with(&self, cx: &Ctx, own: &TokenStream) -> TokenStream;
    /// A `bool` expression: whether the offered key `__key` is `name`.
    fn offered_key_is(&self, cx: &Ctx, name: &str) -> TokenStream;
    /// The type of the key a member is offered with to `DecodeFlatFields::offer` (as
    /// `FlatEntries::collect_with` hands it over).
    fn offered_key(&self, cx: &Ctx) -> TokenStream;
}

/// What an enum's decoder chooses among, prepared for the format's framing.
pub struct EnumArms {
    /// `enum Name`, for "invalid type" errors.
    pub expecting: String,
    /// `const __VARIANTS`, for "unknown variant" errors.
    pub names: TokenStream,
    /// An expression giving the index of the variant named by `__bytes`, `count` for none.
    pub by_name: TokenStream,
    /// `position => index,` arms for variants given by position among the readable ones.
    pub by_position: TokenStream,
    /// The index every unknown name maps to.
    pub count: usize,
    /// `index => Ok(...)` arms for a variant given alone (an error unless it is a unit variant;
    /// they name the tag's offset `__at`).
    pub unit: TokenStream,
    /// `index => content,` arms reading each variant's content after its tag.
    pub content: TokenStream,
}

/// The `Decode<'de>` impl `target` describes, with `layout` reading the format's framing.
pub fn generate(target: &Impl, layout: &impl Layout) -> TokenStream {
    let (cont, krate, fmt) = (target.cont, target.krate, target.fmt());
    let mut generics = {
        let trait_path: syn::Path = syn::parse_quote!(#fmt::Decode<'de>);
        bound::with_bound(cont, &DECODE_BOUNDS, &trait_path, &syn::parse_quote!(#fmt))
    };
    if cont.attrs.de_bound.is_none() {
        // Skipped fields without a `default = "..."` are filled with `Default::default()`.
        let default_path: syn::Path = syn::parse_quote!(#krate::__private::Default);
        let needs_default = |field: &attr::Field| {
            field.skip_deserializing && !matches!(field.default, DefaultValue::Path(_))
        };
        bound::add_inferred_bounds(&mut generics, cont, needs_default, &default_path);
    }
    // A flattened value of a type that mentions a type parameter must have a flat form; other
    // types are checked where they are read, on the field.
    for ty in crate::ser::flat_types(cont, crate::ser::Form::Whole, Direction::Decode) {
        if bound::mentions_type_param(cont, ty) {
            let ty = respan(quote!(#ty), ty.span());
            generics
                .make_where_clause()
                .predicates
                .push(syn::parse_quote!(#ty: #fmt::DecodeFlat<'de>));
        }
    }
    // The input must outlive what borrowed fields borrow (serde's rule: see `borrow`).
    let lifetimes: Vec<syn::Lifetime> = crate::borrow::borrowed_lifetimes(cont)
        .into_iter()
        .collect();
    let mut impl_generics = generics.clone();
    impl_generics
        .params
        .insert(0, syn::parse_quote!('de #(: #lifetimes)+*));
    let (impl_generics, _, _) = impl_generics.split_for_impl();
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    // The flat form's bound on a newtype's field (and an untagged newtype variant's) is
    // checked where the flat form is used: a higher-ranked bound is not checked when the impl
    // is declared, so it may name a concrete type.
    let mut flat_generics = generics.clone();
    for ty in crate::ser::flat_types(cont, crate::ser::Form::Flat, Direction::Decode) {
        flat_generics
            .make_where_clause()
            .predicates
            .push(syn::parse_quote!(for<'__flat> #ty: #fmt::DecodeFlat<'de>));
    }
    let (_, _, flat_where_clause) = flat_generics.split_for_impl();
    let ident = &cont.ident;

    let cx = Ctx {
        krate,
        cont,
        fmt: fmt.clone(),
        format: target.format,
        container_default: &cont.attrs.default,
        deny_unknown_fields: cont.attrs.deny_unknown_fields,
    };
    // serde's messages name the Rust type, whatever it is renamed to.
    let name = &cont.ident;
    let mut rest_of_seq = TokenStream::new();
    // Whether `body` puts the value into `decode_out`'s output rather than returning it.
    let mut puts_value = false;
    let body = match &cont.data {
        // `from` / `try_from`: decoded as the other type, then converted (serde's rule).
        _ if cont.attrs.from.is_some() || cont.attrs.try_from.is_some() => from_body(&cx, cont),
        Data::Struct(_, fields) if cont.attrs.transparent.is_some() => {
            transparent_body(&cx, cont, fields)
        }
        Data::Struct(Style::Unit, _) => {
            let expecting = cx.expecting(format!("unit struct {name}"));
            quote!(#fmt::Reader::decode_unit_struct(__r, #expecting)?; #krate::__private::Ok(Self))
        }
        Data::Struct(style, fields) => {
            let kind = match style {
                Style::Struct => "struct",
                _ => "tuple struct",
            };
            let flattened = *style == Style::Struct && flat::reads_entries(fields);
            puts_value = *style != Style::Newtype;
            let target = Target {
                constructor: quote!(Self),
                fields,
                expecting: cx.expecting(format!("{kind} {name}")),
                put: puts_value,
            };
            if flattened {
                flat::whole_struct(&cx, layout, &target)
            } else {
                if *style == Style::Struct {
                    let read = read_seq(&cx, layout, &target, true);
                    let value = construct(&cx, &target.constructor, fields, Style::Struct);
                    let default = container_default_statement(&cx);
                    rest_of_seq = layout.rest_of_seq_items(
                        &cx,
                        quote!(#default #read #krate::__private::Ok(#value)),
                    );
                }
                shape_body(&cx, layout, *style, &target)
            }
        }
        Data::Enum(variants) => tagged::enum_whole(&cx, layout, cont, variants),
    };
    let fields_items = flat::struct_flat_fields(&cx, layout, cont);
    let flat_body = match &cont.data {
        // A struct with readers for its fields (no flattened fields of its own) is read from
        // collected members through them, by the runtime: its fields' readers are not
        // written a second time.
        Data::Struct(..) if fields_items.is_some() => {
            Some(quote!(#fmt::FlatEntries::decode_fields::<Self>(__entries)))
        }
        Data::Struct(..) => flat::struct_flat(&cx, layout, cont),
        Data::Enum(variants) if !variants.is_empty() && tagged::has_flat_form(cont, variants) => {
            Some(tagged::enum_flat(&cx, layout, cont, variants))
        }
        Data::Enum(_) => None,
    };
    let by_fields = fields_items.is_some();
    let fields_impl = fields_items.map(|items| {
        quote! {
            #[automatically_derived]
            impl #impl_generics #fmt::DecodeFlatFields<'de> for #ident #ty_generics #flat_where_clause {
                #items
            }
        }
    });
    let flat_impl = flat_body.map(|body| {
        // The runtime's reader applies the container's default (in `finish`); it is inlined
        // so that a struct never flattened costs no code.
        let (inline, container_default) = match by_fields {
            true => (quote!(#[inline]), TokenStream::new()),
            false => (TokenStream::new(), container_default_statement(&cx)),
        };
        quote! {
            #[automatically_derived]
            impl #impl_generics #fmt::DecodeFlat<'de> for #ident #ty_generics #flat_where_clause {
                #inline
                fn decode_flat(
                    __entries: &mut #fmt::FlatEntries<'de, '_>,
                ) -> #krate::__private::Result<Self, #fmt::Error> {
                    #container_default
                    #body
                }
            }

            #fields_impl
        }
    });
    let container_default = container_default_statement(&cx);
    let missing = match (&cont.data, &cont.attrs.transparent) {
        (Data::Struct(_, fields), Some(_)) => transparent_missing(&cx, cont, fields),
        _ => TokenStream::new(),
    };
    // A struct builds its value once, where the caller wants it (`decode_out`): the next
    // element of a `Vec`, or the caller's return slot when it is the whole input, whose end
    // it checks first. A value returned and then moved there would be copied, and that
    // copy's wide loads wait on the narrow stores that just built it. A plain `decode` goes
    // through a slot on the stack, as a returned value goes through a temporary.
    let (inline, decode_body, decode_out) = if puts_value {
        let through_slot = quote! {
            #krate::__private::through_slot(|__slot| {
                <Self as #fmt::Decode<'de>>::decode_out(__r, __slot)
            })
        };
        let decode_out = quote! {
            fn decode_out<__O: #krate::__private::Output<Self>>(
                __r: &mut #fmt::Reader<'de>,
                __out: __O,
            ) -> #krate::__private::Result<__O::Done, #fmt::Error> {
                #container_default
                #body
            }
        };
        (quote!(#[inline]), through_slot, decode_out)
    } else {
        let body = quote!(#container_default #body);
        (TokenStream::new(), body, TokenStream::new())
    };
    target.format.gated(
        krate,
        quote! {
            #[automatically_derived]
            impl #impl_generics #fmt::Decode<'de> for #ident #ty_generics #where_clause {
                #inline
                fn decode(
                    __r: &mut #fmt::Reader<'de>,
                ) -> #krate::__private::Result<Self, #fmt::Error> {
                    #decode_body
                }

                #decode_out

                #missing

                #rest_of_seq
            }

            #flat_impl
        },
    )
}

/// An impl beside compile errors, so one mistake does not cascade into "`Decode` is not
/// implemented" errors elsewhere.
pub fn fallback(item: &syn::DeriveInput, krate: &syn::Path, format: Format) -> TokenStream {
    let fmt = format.path(krate);
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
    format.gated(
        krate,
        quote! {
            impl #impl_generics #fmt::Decode<'de> for #ident #ty_generics #where_clause {
                fn decode(
                    _: &mut #fmt::Reader<'de>,
                ) -> #krate::__private::Result<Self, #fmt::Error> {
                    ::core::unreachable!()
                }
            }
        },
    )
}

/// `<T as Decode>::decode(__r)` converted with `From` (`from = "T"`), or with `TryFrom`
/// (`try_from = "T"`), whose error becomes a data error at the value, its message the
/// conversion error's `Display`, as serde reports it.
fn from_body(cx: &Ctx, cont: &Container) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    if let Some(from) = &cont.attrs.from {
        return quote! {
            #krate::__private::Result::map(
                <#from as #fmt::Decode<'de>>::decode(__r),
                <Self as ::core::convert::From<#from>>::from,
            )
        };
    }
    let try_from = cont
        .attrs
        .try_from
        .as_ref()
        .expect("called for `from` or `try_from`");
    quote! {
        let __at = #fmt::Reader::offset(__r);
        let __value = <#try_from as #fmt::Decode<'de>>::decode(__r)?;
        match <Self as ::core::convert::TryFrom<#try_from>>::try_from(__value) {
            #krate::__private::Ok(__v) => #krate::__private::Ok(__v),
            #krate::__private::Err(__e) => #krate::__private::Err(#fmt::Reader::custom_at(__r, __e, __at)),
        }
    }
}

/// A transparent struct is absent exactly when its field's type is (`Option` inside: `None`).
fn transparent_missing(cx: &Ctx, cont: &Container, fields: &[Field]) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let chosen = cont.transparent_candidates(Direction::Decode)[0];
    let ty = chosen.ty;
    let value = transparent_value(cx, fields, chosen, quote!(__v));
    let container_default = container_default_statement(cx);
    let name = format_ident!("{}", cx.format.name());
    let missing = field_op(
        cx,
        chosen,
        quote!(#name::missing::<#ty>()),
        quote!(<#ty as #fmt::Decode<'de>>::missing()),
    );
    quote! {
        #[inline]
        fn missing() -> #krate::__private::Option<Self> {
            match #missing {
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
pub fn container_default_statement(cx: &Ctx) -> TokenStream {
    let krate = cx.krate;
    match cx.container_default {
        DefaultValue::None => TokenStream::new(),
        DefaultValue::Default => quote! {
            let __default: Self = #krate::__private::Default::default();
        },
        DefaultValue::Path(path) => quote!(let __default: Self = #path();),
    }
}

/// Where a field's value sits, for the error path: its name or its position.
enum PathSegment {
    Field(String),
    Index(usize),
}

/// `T::decode(__r)` for a field, spanned on its type so a missing impl is reported there; the
/// error path gains `segment` (the field's name or its index).
fn decode_field(cx: &Ctx, field: &Field, segment: &PathSegment) -> TokenStream {
    let decode = decode_value(cx, field);
    let krate = cx.krate;
    let add_path = match segment {
        PathSegment::Field(name) => quote!(__e.in_field(#name)),
        PathSegment::Index(index) => quote!(__e.in_index(#index)),
    };
    // A match rather than `map_err` and `?`: no closure, and nothing else instantiated or
    // called per field (unoptimized builds compile each field's reading to a call and a
    // branch).
    quote! {
        match #decode {
            #krate::__private::Ok(__v) => __v,
            #krate::__private::Err(__e) => return #krate::__private::Err(#add_path),
        }
    }
}

/// The expression reading a field's value: through the format's `Decode`, a
/// `#[wire(with = "...")]` module, or, for a `Cow<str>` / `Cow<[u8]>` under `#[serde(borrow)]`,
/// the reader's borrowing read. Spanned on the field's type, so a type that does not implement
/// `Decode` is reported on that field.
fn decode_value(cx: &Ctx, field: &Field) -> TokenStream {
    let span = field.ty.span();
    let fmt = respan(cx.fmt.clone(), span);
    let ty = field.ty;
    let name = format_ident!("{}", cx.format.name());
    if let Some((Codec::Native(module), _)) = &field.attrs.with {
        return crate::ser::with_call(module, quote!(#module::#name::decode(__r)));
    }
    if let Some((function, tokens)) = &field.attrs.deserialize_with {
        let name = format_ident!("{}", cx.format.name());
        let krate = cx.krate;
        return deserialize_with(
            cx,
            field,
            function,
            tokens,
            |wrapper| quote!(#krate::__dispatch!(serde #name::decode::<#wrapper>(__r))),
        );
    }
    match crate::borrow::borrowed_cow(field) {
        Some(CowKind::Str) => respan(quote!(#fmt::__borrow_cow_str(__r)), span),
        Some(CowKind::Bytes) => respan(quote!(#fmt::__borrow_cow_bytes(__r)), span),
        None => respan(
            field_op(
                cx,
                field,
                quote!(#name::decode::<#ty>(__r)),
                quote!(<#ty as #fmt::Decode<'de>>::decode(__r)),
            ),
            span,
        ),
    }
}

/// A field read by a serde function (`deserialize_with`, or a serde `with` module's
/// `deserialize`): a wrapper whose `Deserialize` calls it, read through the bridge by `read`
/// (given the wrapper's type, it gives a `Result` of the wrapper).
pub fn deserialize_with(
    cx: &Ctx,
    field: &Field,
    function: &syn::ExprPath,
    tokens: &TokenStream,
    read: impl FnOnce(&TokenStream) -> TokenStream,
) -> TokenStream {
    let krate = cx.krate;
    let ty = field.ty;
    let (generics, phantom) = crate::ser::wrapper_generics(cx.cont, crate::Direction::Decode, None);
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    let mut impl_generics = generics.clone();
    impl_generics.params.insert(0, syn::parse_quote!('__de));
    let (impl_generics, _, _) = impl_generics.split_for_impl();
    let (decl_generics, _, _) = generics.split_for_impl();
    let serde = quote!(#krate::__private::serde);
    let turbofish = ty_generics.as_turbofish();
    let read = read(&quote!(__DeserializeWith #ty_generics));
    let block = quote! {
        {
            struct __DeserializeWith #decl_generics (#ty, #phantom) #where_clause;

            impl #impl_generics #serde::Deserialize<'__de> for __DeserializeWith #ty_generics #where_clause {
                fn deserialize<__D: #serde::Deserializer<'__de>>(
                    __d: __D,
                ) -> #krate::__private::Result<Self, __D::Error> {
                    #krate::__private::Result::map(#function(__d), |__v| {
                        __DeserializeWith #turbofish (__v, ::core::marker::PhantomData)
                    })
                }
            }

            #krate::__private::Result::map(#read, |__w| __w.0)
        }
    };
    respan(
        quote!(#krate::__with_serde! { #block }),
        crate::ser::tokens_span(tokens),
    )
}

/// How generated code reaches a field's decode impls for one operation (see
/// [`crate::ser::field_op`]).
fn field_op(cx: &Ctx, field: &Field, op: TokenStream, direct: TokenStream) -> TokenStream {
    crate::ser::dispatch(cx.krate, cx.cont, field, op, direct)
}

/// The value of a field that is skipped, or absent from a sequence that ended early (when it
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
    let fmt = &cx.fmt;
    let name = &field.attrs.name.deserialize;
    if field.attrs.decoded_by_function() {
        // A field read by a `with` module or function is required, whatever its type
        // (serde's rule).
        return quote! {
            return #krate::__private::Err(#fmt::Reader::missing_field(__r, #name))
        };
    }
    let missing = type_missing(cx, field);
    quote! {
        match #missing {
            #krate::__private::Some(__v) => __v,
            #krate::__private::None => return #krate::__private::Err(#fmt::Reader::missing_field(__r, #name)),
        }
    }
}

/// The expression giving the value of `field`'s type when it is absent (`Decode::missing`:
/// `Some(None)` for an `Option`), through the field's impls.
pub fn type_missing(cx: &Ctx, field: &Field) -> TokenStream {
    let fmt = &cx.fmt;
    let ty = field.ty;
    let format_name = format_ident!("{}", cx.format.name());
    respan(
        field_op(
            cx,
            field,
            quote!(#format_name::missing::<#ty>()),
            quote!(<#ty as #fmt::Decode<'de>>::missing()),
        ),
        ty.span(),
    )
}

/// The fields read from the input, with their index among all fields.
pub fn decoded_fields<'f, 'a>(fields: &'f [Field<'a>]) -> Vec<(usize, &'f Field<'a>)> {
    fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.attrs.skip_deserializing)
        .collect()
}

/// `__v{index}`: where field `index`'s value is kept while the struct is read.
pub fn binding(index: usize) -> syn::Ident {
    format_ident!("__v{}", index)
}

/// Builds the value from bindings `__v{i}` (decoded fields) and defaults (skipped fields).
pub fn construct(
    cx: &Ctx,
    constructor: &TokenStream,
    fields: &[Field],
    style: Style,
) -> TokenStream {
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
    let decode = decode_value(cx, chosen);
    let value = transparent_value(cx, fields, chosen, quote!(#decode?));
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

/// A newtype is its one field's value.
fn newtype_body(cx: &Ctx, constructor: &TokenStream, field: &Field) -> TokenStream {
    let krate = cx.krate;
    let decode = decode_value(cx, field);
    quote!(#krate::__private::Ok(#constructor(#decode?)))
}

/// The statements reading `target`'s decoded fields in order from an open sequence, each into
/// its binding, then closing it. A missing element takes the field's default when
/// `allow_defaults` (serde's rule for structs read from sequences) and it has one; otherwise
/// it is an "invalid length" error.
fn read_seq(cx: &Ctx, layout: &impl Layout, target: &Target, allow_defaults: bool) -> TokenStream {
    read_seq_after(cx, layout, target, allow_defaults, 0)
}

/// [`read_seq`] for fields that follow `before` other elements of the same sequence (an
/// internally tagged variant's fields after its tag).
fn read_seq_after(
    cx: &Ctx,
    layout: &impl Layout,
    target: &Target,
    allow_defaults: bool,
    before: usize,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let frame = layout.seq_frame(cx);
    let (has_element, on_default) = (frame.has_element, &frame.on_default);
    let decoded = decoded_fields(target.fields);
    let count = decoded.len();
    // A custom `expecting` replaces serde's whole description, the length included.
    let expected_len = match &cx.cont.attrs.expecting {
        Some(custom) if target.expecting == *custom => custom.clone(),
        _ => format!(
            "{} with {count} element{}",
            target.expecting,
            if count == 1 { "" } else { "s" }
        ),
    };
    let mut out = frame.start.clone();
    for (position, (index, field)) in decoded.iter().enumerate() {
        let binding = binding(*index);
        let decode = decode_field(cx, field, &PathSegment::Index(position));
        let decode = (frame.element)(cx, field, position, decode);
        let has_element = has_element(cx, before + position);
        let otherwise = match (allow_defaults, default_value(cx, field)) {
            (true, Some(value)) => quote!({ #on_default #value }),
            _ => quote! {
                return #krate::__private::Err(#fmt::Reader::invalid_length(__r, #position, #expected_len))
            },
        };
        out.extend(quote! {
            let #binding = if #has_element { #decode } else { #otherwise };
        });
    }
    out.extend(layout.end_seq(cx, before + count, &expected_len));
    out
}

/// The bookkeeping of a struct's member loop over its decoded fields: the slots declared
/// before the loop, the `match __index` arms that fill them (refusing duplicates), and the
/// statements after the loop that settle absent fields.
struct FieldLoop {
    /// `const __FIELDS` (for "unknown field" errors) and `let mut __v{i} = None;`.
    pub slots: TokenStream,
    /// `position => { ... }` arms, one per decoded field, then `_ => skip`.
    pub arms: TokenStream,
    /// `let __v{i} = match __v{i} { Some(v) => v, None => default-or-error };`.
    pub finish: TokenStream,
    /// How many fields are decoded: the index every unknown key maps to.
    pub count: usize,
    /// Every key (names and aliases) with the position of its field, for [`match_by_length`].
    pub keys: Vec<(Vec<u8>, usize)>,
}

fn field_loop(cx: &Ctx, fields: &[Field]) -> FieldLoop {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let decoded = decoded_fields(fields);
    let slots = decoded.iter().map(|(index, field)| {
        let binding = binding(*index);
        let ty = field.ty;
        quote!(let mut #binding: #krate::__private::Option<#ty> = #krate::__private::None;)
    });
    let all_names = decoded
        .iter()
        .map(|(_, f)| f.attrs.name.deserialize.as_str());
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
                        return #krate::__private::Err(#fmt::Reader::duplicate_field(__r, #name));
                    }
                    #binding = #krate::__private::Some(#decode);
                }
            }
        });
    let finish = decoded
        .iter()
        .map(|(index, field)| finish_field(cx, *index, field));
    let mut keys: Vec<(Vec<u8>, usize)> = Vec::new();
    for (position, (_, field)) in decoded.iter().enumerate() {
        keys.push((field.attrs.name.deserialize.as_bytes().to_vec(), position));
        for alias in &field.attrs.name.aliases {
            keys.push((alias.as_bytes().to_vec(), position));
        }
    }
    FieldLoop {
        slots: quote! {
            #[allow(dead_code)]
            const __FIELDS: &[&#krate::__private::str] = &[#(#all_names),*];
            #(#slots)*
        },
        arms: quote! {
            #(#arms)*
            _ => #fmt::Reader::skip_value(__r)?,
        },
        finish: quote!(#(#finish)*),
        count: decoded.len(),
        keys,
    }
}

/// `body` (statements evaluating to a `Result<ty, Error>`) run with `__r` in buffered mode
/// (the runtime's `Reader::set_buffered`: values read past are checked as serde checks a value
/// it buffers), the reader's mode put back after, whatever the result.
pub fn buffered(cx: &Ctx, ty: TokenStream, body: TokenStream) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    quote! {
        let __before = #fmt::Reader::set_buffered(__r, true);
        let __result = (|| -> #krate::__private::Result<#ty, #fmt::Error> { #body })();
        #fmt::Reader::set_buffered(__r, __before);
        __result
    }
}

/// `let __v{index} = ...;`: the value read for field `index` (its binding holds an `Option`),
/// or, never read, its default or a "missing field" error at `__r`.
fn finish_field(cx: &Ctx, index: usize, field: &Field) -> TokenStream {
    let krate = cx.krate;
    let binding = binding(index);
    let missing = missing_value(cx, field);
    quote! {
        let #binding = match #binding {
            #krate::__private::Some(__v) => __v,
            #krate::__private::None => #missing,
        };
    }
}

/// `match __bytes.len() { 2 => if __bytes == b"id" { 0 } else { N }, ... }`: one length test,
/// then whole-key comparisons among the keys of that length only; `unknown` for no match.
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

/// The variants read from input (not `skip_deserializing`), with their index among all
/// variants; an identifier given as an integer counts among these only, as in serde.
fn readable_variants<'v, 'a>(variants: &'v [Variant<'a>]) -> Vec<(usize, &'v Variant<'a>)> {
    variants
        .iter()
        .enumerate()
        .filter(|(_, v)| !v.attrs.skip_deserializing && v.attrs.untagged.is_none())
        .collect()
}

/// Every variant name (and alias) with its variant's index, for [`match_by_length`]; and the
/// `const __VARIANTS` listing the names for "unknown variant" errors.
fn variant_keys(krate: &syn::Path, variants: &[Variant]) -> (Vec<(Vec<u8>, usize)>, TokenStream) {
    let readable = readable_variants(variants);
    let mut keys: Vec<(Vec<u8>, usize)> = Vec::new();
    for (index, variant) in &readable {
        keys.push((variant.attrs.name.deserialize.as_bytes().to_vec(), *index));
        for alias in &variant.attrs.name.aliases {
            keys.push((alias.as_bytes().to_vec(), *index));
        }
    }
    let names = readable
        .iter()
        .map(|(_, v)| v.attrs.name.deserialize.as_str());
    let names = quote!(const __VARIANTS: &[&#krate::__private::str] = &[#(#names),*];);
    (keys, names)
}

/// `value` put where `Decode::decode_out`'s output `__out` wants it, after checking the end of
/// the input if the output asks for that, when `target` goes to an output; `value` otherwise.
/// Every field is read by then, so an error in the value comes before one after it.
pub fn put_value(cx: &Ctx, target: &Target, value: TokenStream) -> TokenStream {
    if !target.put {
        return value;
    }
    let (krate, fmt) = (cx.krate, &cx.fmt);
    let output = quote!(<__O as #krate::__private::Output<Self>>);
    quote!({
        if #output::END {
            #fmt::Reader::end(__r)?;
        }
        #output::put(__out, #value)
    })
}

/// The statements reading a newtype, tuple or struct shape (evaluating to `Ok(value)`).
fn shape_body(cx: &Ctx, layout: &impl Layout, style: Style, target: &Target) -> TokenStream {
    let krate = cx.krate;
    match style {
        Style::Unit => unreachable!("unit shapes have no fields to read"),
        Style::Newtype => newtype_body(cx, &target.constructor, &target.fields[0]),
        Style::Tuple => {
            let open = layout.open_seq(cx, &target.expecting);
            let read = read_seq(cx, layout, target, false);
            let value = construct(cx, &target.constructor, target.fields, Style::Tuple);
            let value = put_value(cx, target, value);
            quote!(#open #read #krate::__private::Ok(#value))
        }
        // With flattened fields, from a map only (serde's rule).
        Style::Struct if flat::reads_entries(target.fields) => {
            flat::whole_struct(cx, layout, target)
        }
        Style::Struct => {
            let value = construct(cx, &target.constructor, target.fields, Style::Struct);
            let value = put_value(cx, target, value);
            let keyed = member_loop(cx, layout, target.fields, &value);
            // The whole struct's sequence form, where the format reads it through the item
            // that also reads it after an internal tag.
            let seq = match layout.seq_elements(cx) {
                Some(read) if target.put => {
                    let value = put_value(cx, target, quote!(__value));
                    quote!(let __value = #read; #krate::__private::Ok(#value))
                }
                _ => {
                    let read = read_seq(cx, layout, target, true);
                    quote!(#read #krate::__private::Ok(#value))
                }
            };
            let decoded = decoded_fields(target.fields);
            let exact = decoded
                .iter()
                .enumerate()
                .map(|(position, (index, field))| {
                    let binding = binding(*index);
                    let decode = decode_field(cx, field, &PathSegment::Index(position));
                    quote!(let #binding = #decode;)
                });
            layout.read_struct(
                cx,
                StructForms {
                    expecting: &target.expecting,
                    keyed: quote!(#keyed #krate::__private::Ok(#value)),
                    seq,
                    exact: quote!(#(#exact)* #krate::__private::Ok(#value)),
                    count: decoded.len(),
                },
            )
        }
    }
}

/// The member loop of a struct's keyed form: each key is compared first with the key of the
/// field declared after the last one read (real documents nearly always follow declaration
/// order), otherwise looked up by length and bytes; each value goes to its field's slot.
/// When every field came in order and the format can tell that nothing follows them, the
/// loop is skipped and `value` (the struct built from the bindings) returned at once.
fn member_loop(
    cx: &Ctx,
    layout: &impl Layout,
    fields: &[Field],
    value: &TokenStream,
) -> TokenStream {
    member_loop_with(cx, layout, fields, None, Some(value))
}

/// [`member_loop`] for the members after an internal tag `tag` that came first (see
/// [`Layout::tag_first`]): a second `tag` member is a "duplicate field" error, as in serde.
pub fn member_loop_after(
    cx: &Ctx,
    layout: &impl Layout,
    fields: &[Field],
    tag: Option<&str>,
) -> TokenStream {
    member_loop_with(cx, layout, fields, tag, None)
}

/// [`member_loop_after`], returning `Ok(value)` as soon as every field was read in order
/// when the format can tell that no member follows (see [`Layout::ends_after`]).
fn member_loop_with(
    cx: &Ctx,
    layout: &impl Layout,
    fields: &[Field],
    tag: Option<&str>,
    value: Option<&TokenStream>,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let FieldLoop {
        slots,
        arms,
        finish,
        count,
        mut keys,
    } = field_loop(cx, fields);
    let duplicate_tag = tag.map(|tag| {
        let position = count + 1;
        keys.push((tag.as_bytes().to_vec(), position));
        quote! {
            #position => {
                return #krate::__private::Err(#fmt::Reader::duplicate_field(__r, #tag));
            }
        }
    });
    let next_arms = decoded_fields(fields)
        .into_iter()
        .enumerate()
        .map(|(position, (_, field))| {
            let is_key = layout.is_key(cx, &field.attrs.name.deserialize);
            quote!(#position => #is_key,)
        });
    let match_key = match_by_length(krate, &keys, count);
    let unknown = if cx.deny_unknown_fields {
        layout.unknown_field(cx)
    } else {
        quote!(#count)
    };
    let lookup = MemberLookup {
        is_next: quote!(match __next { #(#next_arms)* _ => false }),
        by_name: quote! {
            match #match_key {
                #count => { #unknown }
                #duplicate_tag
                __found => __found,
            }
        },
        count,
        resumed: tag.is_some(),
    };
    let LoopFrame { head, index, tail } = layout.member_loop(cx, &lookup);
    // The members that come in declaration order (nearly always all of them) are read first
    // without dispatch or duplicate checks, where the format can test for the next one; the
    // loop takes over at the first one out of order.
    let steps: Option<Vec<TokenStream>> = decoded_fields(fields)
        .into_iter()
        .enumerate()
        .map(|(position, (index, field))| {
            let name = &field.attrs.name.deserialize;
            let first = position == 0 && !lookup.resumed;
            let present = layout.ordered_member(cx, position, name, first)?;
            let binding = binding(index);
            let decode = decode_field(cx, field, &PathSegment::Field(name.clone()));
            let next = position + 1;
            Some(quote! {
                if !#present {
                    break '__ordered;
                }
                #binding = #krate::__private::Some(#decode);
                __next = #next;
            })
        })
        .collect();
    // Every field read in order and nothing after them: the value, without the loop (the
    // slots are all filled, so settling them folds away).
    let straight = match (value, layout.ends_after(cx, count)) {
        (Some(value), Some(ends)) => quote! {
            if #ends {
                #tail
                #finish
                return #krate::__private::Ok(#value);
            }
        },
        _ => TokenStream::new(),
    };
    let ordered = steps.map(|steps| {
        let guard = if steps.is_empty() {
            TokenStream::new()
        } else {
            layout.ordered_guard(cx, steps.len())
        };
        quote!('__ordered: { #guard #(#steps)* #straight })
    });
    quote! {
        #slots
        let mut __next: #krate::__private::usize = 0;
        #ordered
        #head {
            let __index: #krate::__private::usize = #index;
            __next = __index + 1;
            match __index {
                #arms
            }
        }
        #tail
        #finish
    }
}

/// The choices of an enum's decoder (see [`EnumArms`]).
fn enum_arms(cx: &Ctx, layout: &impl Layout, cont: &Container, variants: &[Variant]) -> EnumArms {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let count = variants.len();
    let (keys, names) = variant_keys(krate, variants);
    let readable = readable_variants(variants);
    // `#[serde(other)]`: every unknown name and index is that variant.
    let other = variants.iter().position(|v| v.attrs.other.is_some());
    let by_position = readable
        .iter()
        .enumerate()
        .map(|(position, (index, _))| {
            let position = position as u64;
            quote!(#position => #index,)
        })
        .chain(other.map(|other| quote!(_ => #other,)));
    let unit = readable.iter().map(|(index, variant)| {
        let ident = &variant.ident;
        if variant.style == Style::Unit {
            quote!(#index => #krate::__private::Ok(Self::#ident),)
        } else {
            let kind = variant_kind(variant.style);
            let message = format!("invalid type: unit variant, expected {kind}");
            quote!(#index => #krate::__private::Err(#fmt::Reader::custom_at(__r, #message, __at)),)
        }
    });
    let content = readable.iter().map(|(index, variant)| {
        let content = variant_content(cx, layout, cont, variant);
        quote!(#index => #content,)
    });
    EnumArms {
        expecting: cx.expecting(format!("enum {}", cont.ident)),
        names,
        by_name: match_by_length(krate, &keys, other.unwrap_or(count)),
        by_position: quote!(#(#by_position)*),
        count,
        unit: quote!(#(#unit)*),
        content: quote!(#(#content)*),
    }
}

/// The block reading variant `variant`'s content (after its tag). Errors gain the variant's
/// name in their path.
fn variant_content(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    variant: &Variant,
) -> TokenStream {
    variant_content_in(cx, layout, cont, variant, false)
}

/// What builds a variant from its fields: `Self::V`, or, for a variant read by a
/// variant-level function (modelled as a newtype variant, see
/// [`crate::ast::Container::spread_variants`]), a closure building it from what the function
/// gives (serde's rule: the one field, a tuple of several, `()` for none).
pub fn variant_constructor(variant: &Variant) -> TokenStream {
    let ident = &variant.ident;
    let Some((style, fields)) = &variant.spread else {
        return quote!(Self::#ident);
    };
    let ty = variant.fields[0].ty;
    let parts = (0..fields.len()).map(syn::Index::from);
    let value = match style {
        Style::Unit => quote!(Self::#ident),
        Style::Newtype => quote!(Self::#ident(__v)),
        Style::Struct if fields.len() == 1 => {
            let member = &fields[0].member;
            quote!(Self::#ident { #member: __v })
        }
        Style::Struct => {
            let members = fields.iter().map(|field| &field.member);
            quote!(Self::#ident { #(#members: __v.#parts),* })
        }
        Style::Tuple => quote!(Self::#ident(#(__v.#parts),*)),
    };
    quote!((|__v: #ty| #value))
}

/// [`variant_content`], reading a struct variant from a map only when `map_only` (serde's
/// rule for the content of an adjacently tagged struct variant).
fn variant_content_in(
    cx: &Ctx,
    layout: &impl Layout,
    cont: &Container,
    variant: &Variant,
    map_only: bool,
) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    let ident = &variant.ident;
    let name = format!("{}::{}", cont.ident, variant.ident);
    let content = match variant.style {
        Style::Unit => quote! {
            #fmt::Reader::decode_unit(__r, "unit variant")?;
            #krate::__private::Ok(Self::#ident)
        },
        style => {
            let kind = if style == Style::Struct {
                "struct variant"
            } else {
                "tuple variant"
            };
            let target = Target {
                constructor: variant_constructor(variant),
                fields: &variant.fields,
                expecting: format!("{kind} {name}"),
                put: false,
            };
            if map_only && style == Style::Struct {
                flat::whole_struct(cx, layout, &target)
            } else {
                shape_body(cx, layout, style, &target)
            }
        }
    };
    let variant_name = &variant.attrs.name.deserialize;
    quote! {
        (|| -> #krate::__private::Result<Self, #fmt::Error> { #content })()
            .map_err(|__e| __e.in_field(#variant_name))?
    }
}

/// serde's name for a variant's shape, for "invalid type: unit variant, expected ..." errors.
fn variant_kind(style: Style) -> &'static str {
    match style {
        Style::Unit => "unit variant",
        Style::Newtype => "newtype variant",
        Style::Tuple => "tuple variant",
        Style::Struct => "struct variant",
    }
}
