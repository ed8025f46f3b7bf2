//! Reading through collected members (the runtime's `FlatEntries`): structs with flattened
//! fields or a `tag`, the parts of a value flattened into another, and the format's
//! `DecodeFlat` impls. Each part takes the members its fields name; flattened fields follow,
//! in declaration order, from what is left (serde's order).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::spanned::Spanned;

use super::{
    binding, construct, decode_field, decoded_fields, match_by_length, respan, transparent_value,
    Ctx, Layout, PathSegment, Target,
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

/// A struct's own fields (those not flattened), as the readers of members see them.
struct OwnFields<'f, 'a> {
    /// Each with its index among all fields.
    own: Vec<(usize, &'f Field<'a>)>,
    /// The flattened fields read, with their index among all fields.
    flattened: Vec<(usize, &'f Field<'a>)>,
    /// The expression giving the position among `own` that the member key `__key` names,
    /// `own.len()` for none.
    index: TokenStream,
}

impl<'f, 'a> OwnFields<'f, 'a> {
    fn new(cx: &Ctx, layout: &impl Layout, fields: &'f [Field<'a>]) -> Self {
        let krate = cx.krate;
        let decoded = decoded_fields(fields);
        let (flattened, own): (Vec<_>, Vec<_>) =
            decoded.into_iter().partition(|(_, f)| is_flattened(f));
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
        OwnFields {
            own,
            flattened,
            index,
        }
    }

    /// `const __FIELDS`, the names an "unknown field" error lists.
    fn names(&self, cx: &Ctx) -> TokenStream {
        let krate = cx.krate;
        let names = self
            .own
            .iter()
            .map(|(_, f)| f.attrs.name.deserialize.as_str());
        quote! {
            #[allow(dead_code)]
            const __FIELDS: &[&#krate::__private::str] = &[#(#names),*];
        }
    }

    /// `position => { ... }` arms reading the member at `__r` into the slot `slot(index)` of
    /// each own field, a second one being a "duplicate field" error reported at `reader`;
    /// each arm starts with `before` and ends with `after`.
    fn arms(
        &self,
        cx: &Ctx,
        slot: impl Fn(usize, usize) -> TokenStream,
        reader: &TokenStream,
        read: impl Fn(TokenStream) -> TokenStream,
        (before, after): (&TokenStream, &TokenStream),
    ) -> Vec<TokenStream> {
        let krate = cx.krate;
        let fmt = &cx.fmt;
        self.own
            .iter()
            .enumerate()
            .map(|(position, (index, field))| {
                let slot = slot(position, *index);
                let name = &field.attrs.name.deserialize;
                let decode = read(decode_field(cx, field, &PathSegment::Field(name.clone())));
                quote! {
                    #position => {
                        #before
                        if #slot.is_some() {
                            return #krate::__private::Err(#fmt::Reader::duplicate_field(#reader, #name));
                        }
                        #slot = #krate::__private::Some(#decode);
                        #after
                    }
                }
            })
            .collect()
    }

    /// Statements turning each own field's binding (an `Option`) into its value: a field
    /// never read takes its default, or is a "missing field" error at `__r`.
    fn finish(&self, cx: &Ctx) -> Vec<TokenStream> {
        self.own
            .iter()
            .map(|(index, field)| super::finish_field(cx, *index, field))
            .collect()
    }
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
    let fields = OwnFields::new(cx, layout, target.fields);
    let index = &fields.index;
    let slots = fields.own.iter().map(|(index, field)| {
        let binding = binding(*index);
        let ty = field.ty;
        quote!(let mut #binding: #krate::__private::Option<#ty> = #krate::__private::None;)
    });
    let slot = |_, index| {
        let binding = binding(index);
        quote!(#binding)
    };
    // Flattened fields of concrete types are offered the members the struct does not name
    // in the one pass, through `DecodeFlatFields` where their type has it (see
    // `flat_probe.rs` in the runtime); each only while no flattened field before it must see
    // every member left.
    let format_name = format_ident!("{}", cx.format.name());
    let streamed: Vec<(usize, &Field)> = match &source {
        Source::Reader { .. } => fields
            .flattened
            .iter()
            .copied()
            .filter(|(_, f)| streams(cx, f))
            .collect(),
        Source::Entries => Vec::new(),
    };
    // Whether the streamed flattened field `index` is offered members in the pass: no
    // flattened field declared before it, streamed or not, sees every member left (it must
    // still see those this one takes). A field not offered reads its members once the object
    // is read, as one that is not streamed does.
    let offered = |index: usize| {
        let before = fields
            .flattened
            .iter()
            .take_while(|(i, _)| *i != index)
            .map(|(i, f)| {
                if streamed.iter().any(|(s, _)| s == i) {
                    let ty = f.ty;
                    quote!(!#krate::__flat!(#format_name::sees_rest::<#ty>()))
                } else {
                    quote!(false)
                }
            });
        quote!((true #(&& #before)*))
    };
    // The last flattened field, when it is streamed, reads what is left in the pass where
    // its type can (a map: see `DecodeFlatRest` in the runtime), unless unknown members are
    // refused, which must then still be there to refuse.
    let rest = fields
        .flattened
        .last()
        .map(|(i, _)| *i)
        .filter(|i| !deny && streamed.iter().any(|(s, _)| s == i));
    let probe = |index: usize| {
        if rest == Some(index) {
            format_ident!("{}_rest", cx.format.name())
        } else {
            format_name.clone()
        }
    };
    let read_own = match &source {
        Source::Entries => {
            let arms = fields.arms(
                cx,
                slot,
                &quote!(#fmt::FlatEntries::reader(__entries)),
                |decode| {
                    quote! {
                        #fmt::FlatEntries::decode_value(
                            __entries,
                            __i,
                            |__r| #krate::__private::Ok(#decode),
                        )?
                    }
                },
                (
                    &quote!(#fmt::FlatEntries::take(__entries, __i);),
                    &TokenStream::new(),
                ),
            );
            untaken_members(
                cx,
                index,
                quote! {
                    match __index {
                        #(#arms)*
                        _ => {}
                    }
                },
            )
        }
        Source::Reader { expecting } => {
            let arms = fields.arms(
                cx,
                slot,
                &quote!(__r),
                |decode| decode,
                (&TokenStream::new(), &quote!(#krate::__private::Ok(true))),
            );
            let states = streamed.iter().map(|(index, field)| {
                let state = state(*index);
                let ty = field.ty;
                let probe = probe(*index);
                quote!(let mut #state = #krate::__flat!(#probe::slots::<#ty>());)
            });
            let offers = streamed.iter().map(|(index, field)| {
                let state = state(*index);
                let ty = field.ty;
                let offered = offered(*index);
                let probe = probe(*index);
                quote! {
                    if #offered
                        && #krate::__flat!(#probe::offer::<#ty>(&mut #state, __key, __r))?
                    {
                        return #krate::__private::Ok(true);
                    }
                }
            });
            // Members no field of the struct names are read as serde reads them: whole, into
            // its buffer.
            let others = if streamed.is_empty() {
                quote!(#krate::__private::Ok(false))
            } else {
                super::buffered(
                    cx,
                    quote!(#krate::__private::bool),
                    quote!(#(#offers)* #krate::__private::Ok(false)),
                )
            };
            quote! {
                #(#states)*
                let mut __collected = #fmt::FlatEntries::collect_with(__r, #expecting, |__key, __r| {
                    let __index: #krate::__private::usize = #index;
                    match __index {
                        #(#arms)*
                        _ => { #others }
                    }
                })?;
                let __entries = &mut __collected;
            }
        }
    };
    let flattened = fields.flattened.iter().map(|(index, field)| {
        let binding = binding(*index);
        if streamed.iter().any(|(s, _)| s == index) {
            let state = state(*index);
            let ty = field.ty;
            let span = ty.span();
            let probe = probe(*index);
            let finish = respan(
                quote!(#krate::__flat!(#probe::finish::<#ty>(#state, __entries))),
                span,
            );
            let offered = offered(*index);
            let read = flattened_value(cx, field);
            quote!(let #binding = if #offered { #finish? } else { #read };)
        } else {
            let value = flattened_value(cx, field);
            quote!(let #binding = #value;)
        }
    });
    let names = fields.names(cx);
    let refuse = deny.then(|| quote!(#fmt::FlatEntries::refuse_remaining(__entries, __FIELDS)?;));
    let finish = fields.finish(cx);
    let value = construct(cx, &target.constructor, target.fields, Style::Struct);
    let value = super::put_value(cx, target, value);
    quote! {
        #names
        #(#slots)*
        #read_own
        #(#flattened)*
        #refuse
        let __r = #fmt::FlatEntries::reader(__entries);
        #(#finish)*
        #krate::__private::Ok(#value)
    }
}

/// A loop over the members of `__entries` not taken yet, running `body` for each with its
/// index `__i`, its key `__key` and the position `__index` that `index` gives for the key.
pub fn untaken_members(cx: &Ctx, index: &TokenStream, body: TokenStream) -> TokenStream {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    quote! {
        for __i in 0..#fmt::FlatEntries::len(__entries) {
            if #fmt::FlatEntries::is_taken(__entries, __i) {
                continue;
            }
            let __key = #fmt::FlatEntries::key(__entries, __i);
            let __index: #krate::__private::usize = #index;
            #body
        }
    }
}

/// Whether a flattened field is offered members in the enclosing object's pass (through the
/// runtime's probe): a field of a concrete type read by its own impls. A type naming a type
/// parameter is read through its `DecodeFlat` bound; a field read by serde through the
/// bridge.
pub fn streams(cx: &Ctx, field: &Field) -> bool {
    !crate::bound::mentions_type_param(cx.cont, field.ty)
        && field.attrs.deserialize_with.is_none()
        && field.attrs.via_serde.is_none()
}

/// `__s{index}`: the slots of flattened field `index` while the object is read.
fn state(index: usize) -> syn::Ident {
    format_ident!("__s{}", index)
}

/// The items of the `DecodeFlatFields` impl of a struct with named fields (see the runtime's
/// trait): its own fields' slots, filled member by member, then its flattened fields read
/// from the members left. `None` for other shapes.
pub fn struct_flat_fields(cx: &Ctx, layout: &impl Layout, cont: &Container) -> Option<TokenStream> {
    let krate = cx.krate;
    let fmt = &cx.fmt;
    if cont.attrs.from.is_some()
        || cont.attrs.try_from.is_some()
        || cont.attrs.transparent.is_some()
    {
        return None;
    }
    let Data::Struct(Style::Struct, all) = &cont.data else {
        return None;
    };
    let fields = OwnFields::new(cx, layout, all);
    // A struct with flattened fields of its own is read as a map by serde, through an access
    // that takes no member from the enclosing object: it is not offered members either (its
    // `DecodeFlat` reads it, and puts back what it took).
    if !fields.flattened.is_empty() {
        return None;
    }
    let types = fields.own.iter().map(|(_, f)| {
        let ty = f.ty;
        quote!(#krate::__private::Option<#ty>,)
    });
    let nones = fields.own.iter().map(|_| quote!(#krate::__private::None,));
    let bindings = fields.own.iter().map(|(index, _)| {
        let binding = binding(*index);
        quote!(#binding,)
    });
    let arms = fields.arms(
        cx,
        |position, _| {
            let position = syn::Index::from(position);
            quote!(__slots.#position)
        },
        &quote!(__r),
        |decode| decode,
        (&TokenStream::new(), &quote!(#krate::__private::Ok(true))),
    );
    let sees_rest = !fields.flattened.is_empty();
    let index = &fields.index;
    let key = layout.offered_key(cx);
    let flattened = fields.flattened.iter().map(|(index, field)| {
        let binding = binding(*index);
        let value = flattened_value(cx, field);
        quote!(let #binding = #value;)
    });
    let names = fields.names(cx);
    let finish = fields.finish(cx);
    let value = construct(cx, &quote!(Self), all, Style::Struct);
    let container_default = super::container_default_statement(cx);
    Some(quote! {
        type Slots = (#(#types)*);

        const SEES_REST: #krate::__private::bool = #sees_rest;

        #[inline]
        fn slots() -> Self::Slots {
            (#(#nones)*)
        }

        #[inline]
        fn offer(
            __slots: &mut Self::Slots,
            __key: #key,
            __r: &mut #fmt::Reader<'de>,
        ) -> #krate::__private::Result<#krate::__private::bool, #fmt::Error> {
            #names
            let __index: #krate::__private::usize = #index;
            match __index {
                #(#arms)*
                _ => #krate::__private::Ok(false),
            }
        }

        #[inline]
        fn finish(
            __slots: Self::Slots,
            __entries: &mut #fmt::FlatEntries<'de, '_>,
        ) -> #krate::__private::Result<Self, #fmt::Error> {
            #container_default
            let (#(#bindings)*) = __slots;
            #(#flattened)*
            let __r = #fmt::FlatEntries::reader(__entries);
            #(#finish)*
            #krate::__private::Ok(#value)
        }
    })
}

/// The body of `decode` for a struct read through collected members: the object is collected,
/// then read by [`struct_from_entries`], with `deny_unknown_fields` applied to what is left.
pub fn whole_struct(cx: &Ctx, layout: &impl Layout, target: &Target) -> TokenStream {
    let source = Source::Reader {
        expecting: target.expecting.clone(),
    };
    struct_from_entries(cx, layout, target, cx.deny_unknown_fields, source)
}

/// The body of `decode_flat` for a struct that has no `DecodeFlatFields`: one with flattened
/// fields of its own reads its named fields from the members, a newtype or transparent struct
/// is its field's flat form. `None` for shapes that have no flat form.
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
        crate::ser::respan(
            quote!(<#ty as #fmt::DecodeFlat<'de>>::decode_flat(__entries)?),
            span,
        )
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
                expecting: format!("struct {}", cont.ident),
                put: false,
            };
            let read = struct_from_entries(cx, layout, &target, false, Source::Entries);
            // Only a struct with flattened fields comes here (the others are read through
            // their `DecodeFlatFields`, by the runtime's `FlatEntries::decode_fields`).
            // serde reads a struct with flattened fields as a map, through an access that
            // takes no member from the enclosing object: the members its fields took stay
            // for the parts after it (and for `deny_unknown_fields`).
            Some(quote! {
                let __marks = #fmt::FlatEntries::marks(__entries);
                let __read = (|| -> #krate::__private::Result<Self, #fmt::Error> { #read })();
                #fmt::FlatEntries::restore(__entries, &__marks);
                __read
            })
        }
        Style::Tuple | Style::Unit => None,
    }
}

/// The expression reading a flattened field from `__entries`: its type's `DecodeFlat`, or,
/// for a field read by serde (`deserialize_with`, a serde `with` module, `#[wire(serde)]`),
/// the bridge's, which gives the serde impl every member left as one object.
pub fn flattened_value(cx: &Ctx, field: &Field) -> TokenStream {
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
    crate::ser::respan(
        quote!(<#ty as #fmt::DecodeFlat<'de>>::decode_flat(__entries)?),
        span,
    )
}
