//! MessagePack encoding: the layout behind `impl fastwire::msgpack::Encode`. A struct is a map
//! keyed by field name (`rmp_serde::to_vec_named`), or with `#[wire(as_array)]` an array of its
//! fields (`rmp_serde::to_vec`). The header and each key are pre-encoded, the header together
//! with the first key, as one static byte string per field, written together with the field's
//! value (one capacity check for both). A shape whose fields all have a bounded size also gets
//! a bounded form: its largest size as a constant, and a writer into one reserved slot.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use super::{encode_header, encode_str};
use crate::ast::Variant;
use crate::ser::{
    conditional, field_op, flat_value, native_with, spanned_call, value_hint, Body, Bounded, Ctx,
    Entry, Form, Layout, Member, VariantBounds,
};

/// The layout of MessagePack for `ser::generate`.
pub struct MsgpackLayout;

/// `bytes` as a byte string literal.
fn literal(bytes: &[u8]) -> syn::LitByteStr {
    syn::LitByteStr::new(bytes, Span::call_site())
}

/// The statement writing `prefix` and then the member's value, spanned on the field's type;
/// a field with a `#[wire(with = "...")]` module is written by the module after the prefix.
fn encode_after(cx: &Ctx, member: &Member, prefix: &[u8]) -> TokenStream {
    let fmt = &cx.fmt;
    let access = &member.access;
    let prefix = literal(prefix);
    if let Some(module) = native_with(member.field) {
        let call = crate::ser::with_call(module, quote!(#module::msgpack::encode(#access, __w);));
        return quote! {
            #fmt::Writer::write_raw(__w, #prefix);
            #call
        };
    }
    if member.field.attrs.serialize_with.is_some() {
        let value = crate::ser::encode_value(cx, member);
        return quote! {
            #fmt::Writer::write_raw(__w, #prefix);
            #value
        };
    }
    let call = field_op(
        cx,
        member.field,
        quote!(msgpack::encode_after(#access, #prefix, __w)),
        quote!(#fmt::Encode::encode_after(#access, #prefix, __w)),
    );
    crate::ser::spanned_call(member, quote!(#call;))
}

/// The constant expression of a field's largest size (`Option<usize>`).
fn max_size(cx: &Ctx, member: &Member) -> TokenStream {
    let fmt = &cx.fmt;
    let ty = member.field.ty;
    field_op(
        cx,
        member.field,
        quote!(msgpack::MAX_SIZE::<#ty>),
        quote!(<#ty as #fmt::Encode>::MAX_SIZE),
    )
}

/// Whether a member can be seen to have no size bound: its type (see [`surely_unbounded`]),
/// or a `with` module, whose output has no declared bound.
fn member_unbounded(member: &Member) -> bool {
    member.field.attrs.encoded_by_function()
        || member.field.attrs.via_serde.is_some()
        || surely_unbounded(member.field.ty)
}

/// Whether a field of type `ty` can be seen, from its spelling, to have no size bound (a
/// string, a collection): then its container needs no bounded form. Anything else (numbers,
/// user types, type parameters) might be bounded, which the constants decide when compiling.
fn surely_unbounded(ty: &syn::Type) -> bool {
    const UNBOUNDED: &[&str] = &[
        "String", "str", "Vec", "VecDeque", "HashMap", "BTreeMap", "HashSet", "BTreeSet", "Value",
        "Cow",
    ];
    match ty {
        syn::Type::Reference(reference) => surely_unbounded(&reference.elem),
        syn::Type::Slice(_) => true,
        syn::Type::Group(group) => surely_unbounded(&group.elem),
        syn::Type::Paren(paren) => surely_unbounded(&paren.elem),
        syn::Type::Path(path) => {
            let Some(last) = path.path.segments.last() else {
                return false;
            };
            if UNBOUNDED.iter().any(|name| last.ident == name) {
                return true;
            }
            // Wrappers are as bounded as what they wrap.
            let wrapper = ["Option", "Box", "Rc", "Arc"]
                .iter()
                .any(|name| last.ident == name);
            match &last.arguments {
                syn::PathArguments::AngleBracketed(args) if wrapper => {
                    args.args.iter().any(|arg| match arg {
                        syn::GenericArgument::Type(inner) => surely_unbounded(inner),
                        _ => false,
                    })
                }
                _ => false,
            }
        }
        _ => false,
    }
}

/// The statements writing `prefix` and then the member's value into the slot `__s`.
fn put_bounded(cx: &Ctx, member: &Member, prefix: &[u8]) -> TokenStream {
    let fmt = &cx.fmt;
    let access = &member.access;
    let bytes = literal(prefix);
    let call = field_op(
        cx,
        member.field,
        quote!(msgpack::encode_bounded(#access, __s)),
        quote!(#fmt::Encode::encode_bounded(#access, __s)),
    );
    let put_value = crate::ser::spanned_call(member, quote!(#call;));
    if prefix.is_empty() {
        return put_value;
    }
    quote!(__s.put(#bytes); #put_value)
}

impl MsgpackLayout {
    /// A run of fields always written, each after its prefix: through one slot when all their
    /// types are bounded and the total is small enough, otherwise one by one.
    fn run(&self, cx: &Ctx, members: &[&Member], prefixes: &[Vec<u8>]) -> TokenStream {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        let fixed: usize = prefixes.iter().map(Vec::len).sum();
        let maxes = members.iter().map(|m| max_size(cx, m));
        let puts = members
            .iter()
            .zip(prefixes)
            .map(|(member, prefix)| put_bounded(cx, member, prefix));
        let singles = members
            .iter()
            .zip(prefixes)
            .map(|(member, prefix)| encode_after(cx, member, prefix));
        quote! {
            match const { #fmt::__sum_bounds(#fixed, &[#(#maxes),*]) } {
                #krate::__private::Some(__max) if __max <= #fmt::__BOUNDED_LIMIT => {
                    #fmt::Writer::write_bounded(__w, __max, |__s| { #(#puts)* });
                }
                _ => { #(#singles)* }
            }
        }
    }

    /// A map (with keys) or array (without) of `members`. The header says how many follow, so
    /// `skip_serializing_if` predicates are evaluated once, before anything is written.
    fn collection(&self, cx: &Ctx, map: bool, members: &[&Member]) -> Body {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        let keys: Vec<Vec<u8>> = members
            .iter()
            .map(|m| {
                if map {
                    encode_str(&m.field.attrs.name.serialize)
                } else {
                    Vec::new()
                }
            })
            .collect();
        let skips: Vec<Option<(syn::Ident, TokenStream)>> = members
            .iter()
            .enumerate()
            .map(|(i, m)| conditional(m).map(|skip| (format_ident!("__skip{}", i), skip)))
            .collect();
        let fixed = skips.iter().filter(|s| s.is_none()).count();
        let all_fixed = fixed == members.len();

        // The header: pre-encoded when the count is known, counted at run time otherwise
        // (after evaluating every predicate once).
        let mut count = TokenStream::new();
        let (header, header_max) = if all_fixed {
            let header = encode_header(map, members.len());
            let len = header.len();
            (header, len)
        } else {
            let tests = skips
                .iter()
                .flatten()
                .map(|(ident, skip)| quote!(let #ident: #krate::__private::bool = #skip;));
            let present = skips
                .iter()
                .flatten()
                .map(|(ident, _)| quote!(+ (!#ident) as #krate::__private::usize));
            count = quote! {
                #(#tests)*
                let __count: #krate::__private::usize = #fixed #(#present)*;
            };
            (Vec::new(), 5)
        };
        let put_header = if map {
            quote!(__s.put_map_len(__count);)
        } else {
            quote!(__s.put_array_len(__count);)
        };
        let write_header = if map {
            quote!(#fmt::Writer::write_map_len(__w, __count);)
        } else {
            quote!(#fmt::Writer::write_array_len(__w, __count);)
        };

        let mut encode = count.clone();
        let mut bounded = count;
        if !all_fixed {
            encode.extend(write_header);
            bounded.extend(put_header);
        }
        let mut hint = quote!(5);
        let mut maxes = Vec::new();
        let mut pending = header;
        let mut index = 0;
        while index < members.len() {
            // A run of fields always written and possibly bounded (numbers, booleans, units)
            // is written through one slot when the bounds allow: one capacity check for all.
            let run_end = (index..members.len())
                .find(|&i| skips[i].is_some() || member_unbounded(members[i]))
                .unwrap_or(members.len());
            if run_end - index >= 2 {
                let run = index..run_end;
                let mut prefixes: Vec<Vec<u8>> = keys[run.clone()].to_vec();
                let mut first = std::mem::take(&mut pending);
                first.extend_from_slice(&prefixes[0]);
                prefixes[0] = first;
                encode.extend(self.run(cx, &members[run.clone()], &prefixes));
                for (member, prefix) in members[run].iter().zip(&prefixes) {
                    bounded.extend(put_bounded(cx, member, prefix));
                }
                for (member, key) in members[index..run_end].iter().zip(&keys[index..run_end]) {
                    let key_len = key.len();
                    let member_hint = value_hint(cx, member);
                    hint.extend(quote!(+ #key_len + #member_hint));
                    maxes.push(max_size(cx, member));
                }
                index = run_end;
                continue;
            }
            let (member, key, skip) = (members[index], &keys[index], &skips[index]);
            index += 1;
            let key_len = key.len();
            let member_hint = value_hint(cx, member);
            hint.extend(quote!(+ #key_len + #member_hint));
            maxes.push(max_size(cx, member));
            match skip {
                None => {
                    pending.extend_from_slice(key);
                    encode.extend(encode_after(cx, member, &pending));
                    bounded.extend(put_bounded(cx, member, &pending));
                    pending.clear();
                }
                Some((ident, _)) => {
                    let write = encode_after(cx, member, key);
                    let put = put_bounded(cx, member, key);
                    encode.extend(quote!(if !#ident { #write }));
                    bounded.extend(quote!(if !#ident { #put }));
                }
            }
        }
        if !pending.is_empty() {
            // No members at all: just the header.
            let bytes = literal(&pending);
            encode.extend(quote!(#fmt::Writer::write_raw(__w, #bytes);));
            bounded.extend(quote!(__s.put(#bytes);));
        }
        let fixed_bytes = header_max + keys.iter().map(Vec::len).sum::<usize>();
        let bounded = if members.iter().any(|m| member_unbounded(m)) {
            None
        } else {
            Some(Bounded {
                max: quote!(#fmt::__sum_bounds(#fixed_bytes, &[#(#maxes),*])),
                write: bounded,
            })
        };
        Body {
            encode,
            hint,
            bounded,
            entries: None,
        }
    }
}

impl Layout for MsgpackLayout {
    fn fields(&self, cx: &Ctx, members: &[&Member]) -> Body {
        self.collection(cx, cx.cont.attrs.as_array.is_none(), members)
    }

    fn tuple(&self, cx: &Ctx, members: &[&Member]) -> Body {
        self.collection(cx, false, members)
    }

    /// `[]`, as rmp-serde writes unit structs.
    fn unit_struct(&self, cx: &Ctx) -> Body {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        Body {
            encode: quote!(#fmt::Writer::write_raw(__w, b"\x90");),
            hint: quote!(1),
            bounded: Some(Bounded {
                max: quote!(#krate::__private::Some(1)),
                write: quote!(__s.put(b"\x90");),
            }),
            entries: None,
        }
    }

    /// Externally tagged, serde's default: the variant's name alone for a unit variant,
    /// otherwise a map of one entry from the name to the content.
    fn variant(&self, cx: &Ctx, variant: &Variant, content: Option<Body>) -> Body {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        let mut tag = encode_str(&variant.attrs.name.serialize);
        if content.is_some() {
            tag.insert(0, 0x81);
        }
        let len = tag.len();
        let bytes = literal(&tag);
        let write_tag = quote!(#fmt::Writer::write_raw(__w, #bytes););
        let put_tag = quote!(__s.put(#bytes););
        match content {
            None => Body {
                encode: write_tag,
                hint: quote!(#len),
                bounded: Some(Bounded {
                    max: quote!(#krate::__private::Some(#len)),
                    write: put_tag,
                }),
                entries: None,
            },
            Some(Body {
                encode,
                hint,
                bounded,
                ..
            }) => Body {
                encode: quote!(#write_tag #encode),
                hint: quote!(#len + #hint),
                bounded: bounded.map(|Bounded { max, write }| Bounded {
                    max: quote!(#fmt::__sum_bounds(#len, &[#max])),
                    write: quote!(#put_tag #write),
                }),
                entries: None,
            },
        }
    }

    fn newtype(&self, cx: &Ctx, member: &Member) -> Body {
        Body {
            encode: encode_after(cx, member, &[]),
            hint: value_hint(cx, member),
            bounded: (!member_unbounded(member)).then(|| Bounded {
                max: max_size(cx, member),
                write: put_bounded(cx, member, &[]),
            }),
            entries: None,
        }
    }

    /// A map of fields, tags, contents and flattened values. Its header counts every entry, so
    /// the count comes first: the entries always written, each `skip_serializing_if`
    /// predicate (evaluated once), and each flattened value's own count. The flat form writes
    /// the entries alone and gives the count separately (`EncodeFlat::flat_len`).
    fn object(&self, cx: &Ctx, entries: Vec<Entry>, form: Form) -> Body {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        let mut tests = TokenStream::new();
        let mut fixed = 0usize;
        let mut counted = TokenStream::new();
        let mut writes = TokenStream::new();
        let mut hint = quote!(5);
        for (index, entry) in entries.into_iter().enumerate() {
            match entry {
                Entry::Field(member) => {
                    let key = encode_str(&member.field.attrs.name.serialize);
                    let key_len = key.len();
                    let value_hint = value_hint(cx, member);
                    hint.extend(quote!(+ #key_len + #value_hint));
                    let write = encode_after(cx, member, &key);
                    match conditional(member) {
                        None => {
                            fixed += 1;
                            writes.extend(write);
                        }
                        Some(skip) => {
                            let ident = format_ident!("__skip{}", index);
                            tests.extend(quote!(let #ident: #krate::__private::bool = #skip;));
                            counted.extend(quote!(+ (!#ident) as #krate::__private::usize));
                            writes.extend(quote!(if !#ident { #write }));
                        }
                    }
                }
                Entry::Flat(member) => {
                    let value = flat_value(cx, member);
                    counted.extend(spanned_call(
                        member,
                        quote!(+ #fmt::EncodeFlat::flat_len(#value)),
                    ));
                    writes.extend(spanned_call(
                        member,
                        quote!(#fmt::EncodeFlat::encode_flat(#value, __w);),
                    ));
                    let value_hint = value_hint(cx, member);
                    hint.extend(quote!(+ #value_hint));
                }
                Entry::Tag { key, value } => {
                    fixed += 1;
                    let mut bytes = encode_str(&key);
                    bytes.extend(encode_str(&value));
                    let len = bytes.len();
                    let bytes = literal(&bytes);
                    writes.extend(quote!(#fmt::Writer::write_raw(__w, #bytes);));
                    hint.extend(quote!(+ #len));
                }
                Entry::Content { key, body } => {
                    fixed += 1;
                    let key = encode_str(&key);
                    let len = key.len();
                    let key = literal(&key);
                    let (encode, content_hint) = (body.encode, body.hint);
                    // A block: the content's own names must not shadow this map's.
                    writes.extend(quote!(#fmt::Writer::write_raw(__w, #key); { #encode }));
                    hint.extend(quote!(+ #len + #content_hint));
                }
            }
        }
        let count = quote!(#fixed #counted);
        match form {
            Form::Whole => Body {
                encode: quote! {
                    #tests
                    let __count: #krate::__private::usize = #count;
                    #fmt::Writer::write_map_len(__w, __count);
                    #writes
                },
                hint,
                bounded: None,
                entries: None,
            },
            Form::Flat => Body {
                encode: quote!(#tests #writes),
                hint,
                bounded: None,
                entries: Some(quote!({ #tests #count })),
            },
        }
    }

    fn flat_items(&self, cx: &Ctx, body: Body) -> TokenStream {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        let encode = body.encode;
        let entries = body.entries.expect("a flat body counts its entries");
        quote! {
            #[inline]
            fn flat_len(&self) -> #krate::__private::usize {
                #entries
            }

            #[inline]
            fn encode_flat<__W: #fmt::Writer>(&self, __w: &mut __W) {
                #encode
            }
        }
    }

    fn flat_enum(&self, _cx: &Ctx, arms: Vec<(TokenStream, Body)>) -> Body {
        let mut encode = TokenStream::new();
        let mut hint = TokenStream::new();
        let mut entries = TokenStream::new();
        for (pattern, body) in arms {
            let (write, size, count) = (body.encode, body.hint, body.entries);
            encode.extend(quote!(#pattern => { #write }));
            hint.extend(quote!(#pattern => #size,));
            entries.extend(quote!(#pattern => #count,));
        }
        Body {
            encode: quote!(match self { #encode }),
            hint: quote!(match self { #hint }),
            bounded: None,
            entries: Some(quote!(match self { #entries })),
        }
    }

    /// `nil`, as rmp-serde writes `()`.
    fn unit(&self, cx: &Ctx) -> Body {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        Body {
            encode: quote!(#fmt::Writer::write_raw(__w, b"\xc0");),
            hint: quote!(1),
            bounded: Some(Bounded {
                max: quote!(#krate::__private::Some(1)),
                write: quote!(__s.put(b"\xc0");),
            }),
            entries: None,
        }
    }

    /// With a bounded form, `MAX_SIZE` and `encode_bounded`, and `encode` writes through one
    /// slot whenever the bound is small enough.
    fn finish(&self, cx: &Ctx, body: Body) -> (TokenStream, TokenStream) {
        let Some(Bounded { max, write }) = body.bounded else {
            return (body.encode, TokenStream::new());
        };
        let fmt = &cx.fmt;
        let krate = cx.krate;
        let encode = body.encode;
        let encode = quote! {
            match <Self as #fmt::Encode>::MAX_SIZE {
                #krate::__private::Some(__max) if __max <= #fmt::__BOUNDED_LIMIT => {
                    #fmt::Writer::write_bounded(__w, __max, |__s| #fmt::Encode::encode_bounded(self, __s));
                }
                _ => { #encode }
            }
        };
        let items = quote! {
            const MAX_SIZE: #krate::__private::Option<#krate::__private::usize> = #max;

            #[inline]
            fn encode_bounded(&self, __s: &mut #fmt::Slot<'_>) {
                #write
            }
        };
        (encode, items)
    }

    /// The largest of the variants' sizes, and a `match` over them.
    fn bounded_enum(&self, cx: &Ctx, variants: VariantBounds) -> Option<Bounded> {
        let fmt = &cx.fmt;
        let (maxes, arms) = (variants.maxes, variants.arms);
        Some(Bounded {
            max: quote!(#fmt::__max_bounds(&[#(#maxes),*])),
            write: quote!(match self { #arms }),
        })
    }
}
