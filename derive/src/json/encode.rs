//! JSON encoding: the layout behind `impl fastwire::json::Encode`, with every key pre-encoded
//! together with its punctuation (`{"id":`, `,"name":`) as one static string.

use proc_macro2::TokenStream;
use quote::quote;

use super::quote_json_string;
use crate::ast::{Style, Variant};
use crate::ser::{
    conditional, encode_value, flat_value, spanned_call, value_hint, Body, Ctx, Entry, Form,
    Layout, Member,
};

/// The layout of JSON for `ser::generate`.
pub struct JsonLayout;

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

impl Layout for JsonLayout {
    /// `{"a":1,"b":2}`: the object opens with its first key in one fragment when that field is
    /// always present; `skip_serializing_if` fields before the first unconditional one make
    /// the comma a run-time decision.
    fn fields(&self, cx: &Ctx, members: &[&Member]) -> Body {
        let Some(first) = members.first() else {
            return Body::unbounded(
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
            let value = encode_value(cx, member);
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
            let value_hint = value_hint(cx, member);
            hint.extend(quote!(+ #key_len + #value_hint));
        }
        let nonempty = match written {
            Written::Unknown => quote!(!__first),
            _ => quote!(true),
        };
        body.extend(quote!(__w.end_object(#nonempty);));
        Body::unbounded(body, hint)
    }

    /// `[a,b]`: elements in order; `skip_serializing_if` makes the commas a run-time decision.
    fn tuple(&self, cx: &Ctx, members: &[&Member]) -> Body {
        let any_conditional = members.iter().any(|m| conditional(m).is_some());
        let mut body = quote!(__w.begin_array(););
        if any_conditional {
            body.extend(quote!(let mut __first = true;));
        }
        let mut hint = quote!(2);
        for (index, member) in members.iter().enumerate() {
            let value = encode_value(cx, member);
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
            let value_hint = value_hint(cx, member);
            hint.extend(quote!(+ 1 + #value_hint));
        }
        let nonempty = if any_conditional {
            quote!(!__first)
        } else {
            let nonempty = !members.is_empty();
            quote!(#nonempty)
        };
        body.extend(quote!(__w.end_array(#nonempty);));
        Body::unbounded(body, hint)
    }

    /// `null`, as serde_json writes unit structs.
    fn unit_struct(&self, _cx: &Ctx) -> Body {
        Body::unbounded(quote!(__w.write_null();), quote!(4))
    }

    /// Externally tagged, serde's default: `"Unit"`, `{"Newtype":value}`, `{"Tuple":[...]}`,
    /// `{"Struct":{...}}`.
    fn variant(&self, _cx: &Ctx, variant: &Variant, content: Option<Body>) -> Body {
        let tag = quote_json_string(&variant.attrs.name.serialize);
        match content {
            None => {
                let tag_len = tag.len();
                Body::unbounded(quote!(__w.write_fragment(#tag);), quote!(#tag_len))
            }
            Some(Body { encode, hint, .. }) => {
                debug_assert!(variant.style != Style::Unit);
                let open = format!("{{{tag}:");
                let open_len = open.len() + 1;
                Body::unbounded(
                    quote!(__w.field_open(#open); #encode __w.end_object(true);),
                    quote!(#open_len + #hint),
                )
            }
        }
    }

    fn newtype(&self, cx: &Ctx, member: &Member) -> Body {
        Body::unbounded(encode_value(cx, member), value_hint(cx, member))
    }

    /// An object of fields, tags, contents and flattened values. Whether a comma goes before
    /// the next member is known while generating until a flattened value or a
    /// `skip_serializing_if` field makes it a run-time question, tracked in `__first` from
    /// then on. The flat form starts there, since the enclosing object says (`__first`, the
    /// parameter of `encode_flat`), and is an expression giving `__first` at the end.
    fn object(&self, cx: &Ctx, entries: Vec<Entry>, form: Form) -> Body {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        let mut body = TokenStream::new();
        let mut hint = quote!(2);
        let (mut written, mut opened, mut declared) = match form {
            Form::Whole => (Written::Nothing, false, false),
            Form::Flat => (Written::Unknown, true, true),
        };
        if form == Form::Flat {
            body.extend(quote!(let mut __first: #krate::__private::bool = __first;));
        }
        for entry in entries {
            let (key, value, skip) = match entry {
                Entry::Flat(member) => {
                    if !opened {
                        body.extend(quote!(__w.begin_object();));
                        opened = true;
                    }
                    let first = written.first_tokens();
                    let value = flat_value(cx, member);
                    let call = spanned_call(
                        member,
                        quote!(#fmt::EncodeFlat::encode_flat(#value, __w, #first)),
                    );
                    body.extend(if declared {
                        quote!(__first = #call;)
                    } else {
                        quote!(let mut __first: #krate::__private::bool = #call;)
                    });
                    declared = true;
                    written = Written::Unknown;
                    let value_hint = value_hint(cx, member);
                    hint.extend(quote!(+ #value_hint));
                    continue;
                }
                Entry::Field(member) => {
                    let value_hint = value_hint(cx, member);
                    hint.extend(quote!(+ #value_hint));
                    let key = quote_json_string(&member.field.attrs.name.serialize);
                    (key, encode_value(cx, member), conditional(member))
                }
                Entry::Tag { key, value } => {
                    let value = quote_json_string(&value);
                    let value_len = value.len();
                    hint.extend(quote!(+ #value_len));
                    (
                        quote_json_string(&key),
                        quote!(__w.write_fragment(#value);),
                        None,
                    )
                }
                Entry::Content { key, body: content } => {
                    let (encode, content_hint) = (content.encode, content.hint);
                    hint.extend(quote!(+ #content_hint));
                    // A block: the content's own `__first` must not shadow this object's.
                    (quote_json_string(&key), quote!({ #encode }), None)
                }
            };
            let comma_key = format!(",{key}:");
            let key_len = comma_key.len();
            hint.extend(quote!(+ #key_len));
            if skip.is_some() && written == Written::Nothing {
                // Whether this field is written, and so where the first comma goes, is known
                // only at run time.
                body.extend(
                    quote!(__w.begin_object(); let mut __first: #krate::__private::bool = true;),
                );
                (opened, declared, written) = (true, true, Written::Unknown);
            }
            let write_key = match written {
                Written::Nothing => {
                    let open = format!("{{{key}:");
                    opened = true;
                    quote!(__w.field_open(#open);)
                }
                Written::Something => quote!(__w.field(#comma_key);),
                Written::Unknown => quote! {
                    if __first { __w.field_first(#comma_key) } else { __w.field(#comma_key) }
                    __first = false;
                },
            };
            match skip {
                None => {
                    body.extend(quote!(#write_key #value));
                    written = Written::Something;
                }
                Some(skip) => body.extend(quote!(if !#skip { #write_key #value })),
            }
        }
        match form {
            Form::Whole => {
                body.extend(match (opened, written) {
                    (false, _) => quote!(__w.begin_object(); __w.end_object(false);),
                    (true, Written::Unknown) => quote!(__w.end_object(!__first);),
                    (true, _) => quote!(__w.end_object(true);),
                });
                Body::unbounded(body, hint)
            }
            Form::Flat => {
                let first = written.first_tokens();
                Body::unbounded(quote!({ #body #first }), hint)
            }
        }
    }

    fn flat_items(&self, cx: &Ctx, body: Body) -> TokenStream {
        let fmt = &cx.fmt;
        let krate = cx.krate;
        let encode = body.encode;
        quote! {
            #[inline]
            fn encode_flat<__W: #fmt::Writer>(&self, __w: &mut __W, __first: #krate::__private::bool) -> #krate::__private::bool {
                #encode
            }
        }
    }

    fn flat_enum(&self, _cx: &Ctx, arms: Vec<(TokenStream, Body)>) -> Body {
        let encode = arms.iter().map(|(pattern, body)| {
            let encode = &body.encode;
            quote!(#pattern => #encode,)
        });
        let hint = arms.iter().map(|(pattern, body)| {
            let hint = &body.hint;
            quote!(#pattern => #hint,)
        });
        Body::unbounded(
            quote!(match self { #(#encode)* }),
            quote!(match self { #(#hint)* }),
        )
    }

    /// `null`, as serde_json writes `()`.
    fn unit(&self, _cx: &Ctx) -> Body {
        Body::unbounded(quote!(__w.write_null();), quote!(4))
    }
}

impl Written {
    /// Whether nothing has been written, as an expression.
    fn first_tokens(self) -> TokenStream {
        match self {
            Written::Nothing => quote!(true),
            Written::Something => quote!(false),
            Written::Unknown => quote!(__first),
        }
    }
}
