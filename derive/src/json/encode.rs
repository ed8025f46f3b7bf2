//! JSON encoding: the layout behind `impl fastwire::json::Encode`, with every key pre-encoded
//! together with its punctuation (`{"id":`, `,"name":`) as one static string.

use proc_macro2::TokenStream;
use quote::quote;

use super::quote_json_string;
use crate::ast::{Style, Variant};
use crate::ser::{conditional, encode_value, value_hint, Body, Ctx, Layout, Member};

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
}
