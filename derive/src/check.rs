//! Rules that span several attributes or fields, one `check_*` function per rule, each with the
//! reason it exists. Every violation is reported on the user's tokens; checks never stop early.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::ToTokens;

use crate::attr::{Codec, Identifier, TagKind};

use crate::ast::{Container, Data, Field, Style};
use crate::ctxt::Ctxt;
use crate::Direction;

pub fn check(cx: &Ctxt, cont: &Container, direction: Direction) {
    check_remote(cx, cont);
    if cont.attrs.remote.is_some() {
        // Nothing is generated for a remote definition: serde's derive reads it.
        return;
    }
    check_transparent(cx, cont, direction);
    check_container_default(cx, cont);
    if direction == Direction::Decode {
        check_input_lifetime_name(cx, cont);
    }
    check_duplicate_keys(cx, cont);
    check_positional_rename(cx, cont);
    check_newtype_skip(cx, cont);
    check_as_array(cx, cont);
    check_tagging(cx, cont);
    check_flatten(cx, cont);
    check_other(cx, cont);
    check_repr(cx, cont);
    check_identifier(cx, cont, direction);
    check_variant_functions(cx, cont);
}

/// `getter` tells serde's generated functions of a `remote` definition how to read a field
/// of the remote type; anywhere else it means nothing (serde refuses it too).
fn check_remote(cx: &Ctxt, cont: &Container) {
    if cont.attrs.remote.is_some() {
        return;
    }
    for field in cont.data.all_fields() {
        if let Some(tokens) = &field.attrs.getter {
            cx.error_spanned_tokens(
                tokens.clone(),
                "`#[serde(getter = \"...\")]` is only meaningful in a `#[serde(remote = \"...\")]` definition; remove it",
            );
        }
    }
}

/// `#[wire(repr)]` writes a variant as its discriminant, an integer of the enum's
/// `#[repr(...)]` type (serde_repr's encoding): that needs an enum, of unit variants only, with
/// an integer representation; the words that choose another representation or rename
/// variants would mean nothing.
fn check_repr(cx: &Ctxt, cont: &Container) {
    let Some(tokens) = &cont.attrs.repr else {
        return;
    };
    let Data::Enum(variants) = &cont.data else {
        cx.error_spanned_tokens(
            tokens.clone(),
            "`#[wire(repr)]` applies to enums of unit variants, written as their discriminant; a struct has none: remove it",
        );
        return;
    };
    for variant in variants.iter().filter(|v| v.style != Style::Unit) {
        cx.error_spanned_by(
            &variant.ident,
            format!("`#[wire(repr)]` writes each variant as its discriminant, so no variant can have fields: make `{}` a unit variant, or remove `#[wire(repr)]`", variant.ident),
        );
    }
    if crate::repr::int_repr(&cont.original.attrs).is_none() {
        cx.error_spanned_tokens(
            tokens.clone(),
            "`#[wire(repr)]` writes the discriminant as the integer type of the enum's representation: add `#[repr(u8)]` (or another integer type) to the enum",
        );
    }
    let meaningless = |tokens: &TokenStream, word: &str| {
        cx.error_spanned_tokens(
            tokens.clone(),
            format!("`{word}` has no effect on a `#[wire(repr)]` enum, which is written as its discriminant: remove it, or remove `#[wire(repr)]`"),
        );
    };
    for tokens in &cont.attrs.tag_tokens {
        meaningless(tokens, &tokens.to_string());
    }
    if let Some(tokens) = &cont.attrs.rename_all_tokens {
        meaningless(tokens, "rename_all");
    }
    if let Some(tokens) = &cont.attrs.identifier_tokens {
        meaningless(tokens, &tokens.to_string());
    }
    for tokens in variants.iter().flat_map(|v| &v.attrs.name_tokens) {
        meaningless(tokens, &tokens.to_string());
    }
    let others: Vec<&TokenStream> = variants
        .iter()
        .filter_map(|v| v.attrs.other.as_ref())
        .collect();
    if others.len() > 1 {
        for tokens in others {
            cx.error_spanned_tokens(
                tokens.clone(),
                "only one variant can be `#[serde(other)]`, the one any unknown integer decodes to",
            );
        }
    }
}

/// serde's rules for identifiers: an enum whose variants are names, all units except what
/// takes every other name, which comes last: in a `field_identifier`, a `#[serde(other)]`
/// unit variant or a newtype holding the name. serde refuses to serialize identifiers, so
/// only `Decode` derives for them.
fn check_identifier(cx: &Ctxt, cont: &Container, direction: Direction) {
    let Some(tokens) = &cont.attrs.identifier_tokens else {
        return;
    };
    let word = tokens.to_string();
    if direction == Direction::Encode {
        cx.error_spanned_tokens(
            tokens.clone(),
            format!("a `{word}` enum is only ever decoded (serde refuses to serialize one too): derive `Decode` alone"),
        );
        return;
    }
    let Data::Enum(variants) = &cont.data else {
        cx.error_spanned_tokens(
            tokens.clone(),
            format!("`{word}` applies to enums, whose variants are the names"),
        );
        return;
    };
    for tokens in &cont.attrs.tag_tokens {
        cx.error_spanned_tokens(
            tokens.clone(),
            format!("`{tokens}` has no effect on a `{word}` enum, which is read from a name alone: remove it"),
        );
    }
    let last = variants.len().saturating_sub(1);
    for (index, variant) in variants.iter().enumerate() {
        let ident = &variant.ident;
        match (&variant.attrs.other, cont.attrs.identifier, variant.style) {
            (Some(other), Identifier::Variant, _) => cx.error_spanned_tokens(
                other.clone(),
                "`#[serde(other)]` cannot be used in a `variant_identifier`: an unknown variant name is an error; use `field_identifier` to take unknown names",
            ),
            (Some(other), _, Style::Unit) if index != last => cx.error_spanned_tokens(
                other.clone(),
                "`#[serde(other)]` must be on the last variant: it takes every unknown name, so no variant can come after it",
            ),
            (Some(_), _, Style::Unit) => {}
            (Some(other), _, _) => cx.error_spanned_tokens(
                other.clone(),
                "`#[serde(other)]` must be on a unit variant; to keep the unknown name, make the last variant a newtype such as `Other(String)` without `other`",
            ),
            (None, _, Style::Unit) => {}
            (None, Identifier::Field, Style::Newtype) if index == last => {}
            (None, Identifier::Field, Style::Newtype) => cx.error_spanned_by(
                ident,
                format!("`{ident}` takes every unknown name, so it must be the last variant"),
            ),
            (None, Identifier::Field, _) => cx.error_spanned_by(
                ident,
                "a `field_identifier` may only contain unit variants, and a newtype last (such as `Other(String)`) for unknown names",
            ),
            (None, _, _) => cx.error_spanned_by(
                ident,
                format!("a `variant_identifier` may only contain unit variants: remove the fields of `{ident}`"),
            ),
        }
    }
}

/// serde's rules for `#[serde(other)]` on an enum's variant (identifiers and repr enums have
/// their own, above): the last variant, a unit one, in an enum with a tag.
fn check_other(cx: &Ctxt, cont: &Container) {
    if cont.attrs.identifier_tokens.is_some() || cont.attrs.repr.is_some() {
        return;
    }
    let Data::Enum(variants) = &cont.data else {
        return;
    };
    for (index, variant) in variants.iter().enumerate() {
        let Some(tokens) = &variant.attrs.other else {
            continue;
        };
        let message = if matches!(cont.attrs.tag, TagKind::Untagged) {
            "`#[serde(other)]` cannot be used in an untagged enum, which has no tag to compare; remove it"
        } else if variant.style != Style::Unit {
            "`#[serde(other)]` must be on a unit variant: it stands for any unknown tag, whose content is not read"
        } else if index + 1 != variants.len() {
            "`#[serde(other)]` must be on the last variant; move this variant to the end"
        } else {
            continue;
        };
        cx.error_spanned_tokens(tokens.clone(), message);
    }
}

/// serde's rules for enum representations: which shapes each can write.
fn check_tagging(cx: &Ctxt, cont: &Container) {
    let tokens = cont.attrs.tag_tokens.first();
    match (&cont.data, &cont.attrs.tag) {
        (_, TagKind::External) => {}
        // A struct may carry its name under a tag (`{"type": "Name", ...}`), nothing else.
        (Data::Struct(Style::Struct, _), TagKind::Internal { .. }) => {}
        (Data::Struct(..), TagKind::Internal { .. }) => {
            if let Some(tokens) = tokens {
                cx.error_spanned_tokens(
                    tokens.clone(),
                    "`#[serde(tag = \"...\")]` on a struct needs named fields (the tag is written beside them); remove it from this tuple or unit struct",
                );
            }
        }
        (Data::Struct(..), _) => {
            if let Some(tokens) = tokens {
                cx.error_spanned_tokens(
                    tokens.clone(),
                    format!("`#[serde({tokens})]` can only be used on enums; remove it from this struct"),
                );
            }
        }
        (Data::Enum(variants), TagKind::Internal { .. }) => {
            for variant in variants {
                if variant.style == Style::Tuple && variant.attrs.untagged.is_none() {
                    cx.error_spanned_by(
                        &variant.ident,
                        "an internally tagged enum (`#[serde(tag = \"...\")]`) cannot have tuple variants: the tag goes inside the variant's object; give the variant named fields, or use `#[serde(tag = \"...\", content = \"...\")]`",
                    );
                }
            }
        }
        (Data::Enum(_), _) => {}
    }
    // Untagged variants are tried after the tagged forms, so serde wants them last.
    if let Data::Enum(variants) = &cont.data {
        let mut seen_untagged = false;
        for variant in variants {
            match &variant.attrs.untagged {
                Some(_) => seen_untagged = true,
                None if seen_untagged => cx.error_spanned_by(
                    &variant.ident,
                    "variants marked `#[serde(untagged)]` must come after all the other variants; move this variant before them",
                ),
                None => {}
            }
        }
    }
    if let (Some(as_array), false) = (
        &cont.attrs.as_array,
        matches!(cont.attrs.tag, TagKind::External),
    ) {
        cx.error_spanned_tokens(
            as_array.clone(),
            "`#[wire(as_array)]` cannot be combined with `tag`, `content` or `untagged`: those write objects; remove one of them",
        );
    }
}

/// serde's rules for `flatten`: only named fields of structs and struct variants, and not
/// with layouts that have no keys.
fn check_flatten(cx: &Ctxt, cont: &Container) {
    let shapes: Vec<(Style, &[Field])> = match &cont.data {
        Data::Struct(style, fields) => vec![(*style, fields.as_slice())],
        Data::Enum(variants) => variants
            .iter()
            .map(|v| (v.style, v.fields.as_slice()))
            .collect(),
    };
    for (style, fields) in shapes {
        for field in fields {
            let Some(tokens) = &field.attrs.flatten else {
                continue;
            };
            if style != Style::Struct {
                cx.error_spanned_tokens(
                    tokens.clone(),
                    "`#[serde(flatten)]` can only be used on named fields; a tuple field has no key to flatten into",
                );
            } else if cont.attrs.as_array.is_some() {
                cx.error_spanned_tokens(
                    tokens.clone(),
                    "`#[serde(flatten)]` cannot be used with `#[wire(as_array)]`: an array has no keys to flatten into; remove one of them",
                );
            } else if cont.attrs.transparent.is_some() {
                cx.error_spanned_tokens(
                    tokens.clone(),
                    "`#[serde(flatten)]` cannot be used in a `#[serde(transparent)]` struct; remove one of them",
                );
            } else if let Some((Codec::Native(_), with)) = &field.attrs.with {
                cx.error_spanned_tokens(
                    with.clone(),
                    "a `#[wire(with = \"...\")]` module cannot write a `#[serde(flatten)]` field: its functions write one value, not members of the enclosing object; remove one of them, or name a serde module with `#[serde(with = \"...\")]`",
                );
            }
        }
    }
}

/// serde's rules for a variant written or read by a function of its own: the function is
/// given (or gives) every field, so none of them can be left out; and a fastwire `with` module
/// writes one value, a newtype variant's field.
fn check_variant_functions(cx: &Ctxt, cont: &Container) {
    let Data::Enum(variants) = &cont.data else {
        return;
    };
    for variant in variants {
        let ident = &variant.ident;
        if let Some((Codec::Native(_), tokens)) = &variant.attrs.with {
            if variant.style != Style::Newtype {
                cx.error_spanned_tokens(
                    tokens.clone(),
                    format!("a `#[wire(with = \"...\")]` module on a variant writes the field of a newtype variant, and `{ident}` is not one; put the module on its fields, or name a serde module with `#[serde(with = \"...\")]`, whose functions take every field"),
                );
            }
        }
        if let Some((_, tokens)) = &variant.attrs.serialize_with {
            let word = function_word(tokens, "serialize_with");
            if variant.attrs.skip_serializing.is_some() {
                cx.error_spanned_tokens(
                    tokens.clone(),
                    format!("variant `{ident}` cannot be both skipped when serializing and written by `#[serde({word})]`; remove one of them"),
                );
            }
            for field in &variant.fields {
                let member = field_words(&field.member);
                if field.attrs.skip_serializing {
                    cx.error_spanned_tokens(
                        tokens.clone(),
                        format!("`#[serde({word})]` on variant `{ident}` is given every field, so {member} cannot be `#[serde(skip_serializing)]`; remove one of them"),
                    );
                }
                if field.attrs.skip_serializing_if.is_some() {
                    cx.error_spanned_tokens(
                        tokens.clone(),
                        format!("`#[serde({word})]` on variant `{ident}` is given every field, so {member} cannot be `#[serde(skip_serializing_if = \"...\")]`; remove one of them"),
                    );
                }
            }
        }
        if let Some((_, tokens)) = &variant.attrs.deserialize_with {
            let word = function_word(tokens, "deserialize_with");
            if variant.attrs.skip_deserializing {
                cx.error_spanned_tokens(
                    tokens.clone(),
                    format!("variant `{ident}` cannot be both skipped when deserializing and read by `#[serde({word})]`; remove one of them"),
                );
            }
            for field in &variant.fields {
                if field.attrs.skip_deserializing {
                    let member = field_words(&field.member);
                    cx.error_spanned_tokens(
                        tokens.clone(),
                        format!("`#[serde({word})]` on variant `{ident}` gives every field, so {member} cannot be `#[serde(skip_deserializing)]`; remove one of them"),
                    );
                }
            }
        }
    }
}

/// The attribute word a variant's function came from: `with`, or `function` itself.
fn function_word(tokens: &TokenStream, function: &'static str) -> &'static str {
    if tokens.to_string() == "with" {
        "with"
    } else {
        function
    }
}

/// "field `name`" or "field 0", for messages.
fn field_words(member: &syn::Member) -> String {
    match member {
        syn::Member::Named(ident) => format!("field `{ident}`"),
        syn::Member::Unnamed(index) => format!("field {}", index.index),
    }
}

/// `as_array` changes how named fields are written in MessagePack (an array instead of a map);
/// on a shape without named fields it would do nothing, and a transparent struct is written
/// as its field.
fn check_as_array(cx: &Ctxt, cont: &Container) {
    let Some(tokens) = &cont.attrs.as_array else {
        return;
    };
    // A field left out of an array moves every later field to another position, so the
    // array could not be read back; only trailing fields may be left out (a short array reads
    // back with their defaults), so a field with `skip_serializing_if` may be followed only
    // by fields that have it too.
    let shapes: Vec<&[Field]> = match &cont.data {
        Data::Struct(Style::Struct, fields) => vec![fields],
        Data::Struct(..) => vec![],
        Data::Enum(variants) => variants
            .iter()
            .filter(|v| v.style == Style::Struct)
            .map(|v| v.fields.as_slice())
            .collect(),
    };
    for fields in shapes {
        let written: Vec<&Field> = fields
            .iter()
            .filter(|f| !f.attrs.skip_serializing)
            .collect();
        let Some(last_always) = written
            .iter()
            .rposition(|f| f.attrs.skip_serializing_if.is_none())
        else {
            continue;
        };
        for field in &written[..last_always] {
            if let Some(path) = &field.attrs.skip_serializing_if {
                cx.error_spanned_by(
                    path,
                    "with `as_array`, a field with `skip_serializing_if` can only be followed by fields that have it too: leaving out this one would move the fields always written after it, and the array could not be read back; move the field to the end, or remove `skip_serializing_if` or `as_array`",
                );
            }
        }
    }
    let message = match &cont.data {
        _ if cont.attrs.transparent.is_some() => {
            "`as_array` has no effect on a `transparent` struct, which is written as its one field; remove one of the two"
        }
        Data::Struct(Style::Struct, _) => return,
        Data::Struct(..) => {
            "`as_array` applies to structs with named fields; tuple, newtype and unit structs are already written without keys, so remove it"
        }
        Data::Enum(variants) if variants.iter().any(|v| v.style == Style::Struct) => return,
        Data::Enum(_) => {
            "`as_array` applies to an enum's struct variants, and this enum has none; remove it"
        }
    };
    cx.error_spanned_tokens(tokens.clone(), message);
}

/// `transparent` makes a struct encode (or decode) as its one field, so exactly one field must
/// be left once `PhantomData` and skipped fields are set aside, and it cannot be conditionally
/// absent (there would be no output at all).
fn check_transparent(cx: &Ctxt, cont: &Container, direction: Direction) {
    let Some(tokens) = &cont.attrs.transparent else {
        return;
    };
    match &cont.data {
        Data::Enum(_) => {
            cx.error_spanned_tokens(
                tokens.clone(),
                "`transparent` applies to structs; an enum has several shapes",
            );
            return;
        }
        Data::Struct(Style::Unit, _) => {
            cx.error_spanned_tokens(
                tokens.clone(),
                "`transparent` needs a struct with one field to stand for it; this one has none",
            );
            return;
        }
        Data::Struct(..) => {}
    }
    match cont.transparent_candidates(direction).as_slice() {
        [] => cx.error_spanned_tokens(
            tokens.clone(),
            "`transparent` needs one field that is not skipped",
        ),
        [field] => {
            if let Some(path) = &field.attrs.skip_serializing_if {
                cx.error_spanned_by(
                    path,
                    "a `transparent` struct's field cannot be skipped conditionally: the struct would encode as nothing",
                );
            }
        }
        [_, rest @ ..] => {
            for field in rest {
                cx.error_spanned_by(
                    field.original,
                    "`transparent` allows one field to stand for the struct; mark the others `#[serde(skip)]`",
                );
            }
        }
    }
}

/// Two fields (or variants) with the same key would write a JSON object with a duplicate
/// member, which serde_json and fastwire both refuse to read back.
fn check_duplicate_keys(cx: &Ctxt, cont: &Container) {
    match &cont.data {
        Data::Struct(Style::Struct, fields) => check_field_keys(cx, fields),
        Data::Struct(..) => {}
        Data::Enum(variants) => {
            let mut seen = BTreeMap::new();
            for variant in variants {
                let key = &variant.attrs.name.serialize;
                if let Some(first) = seen.insert(key.clone(), &variant.ident) {
                    cx.error_spanned_by(
                        &variant.ident,
                        format!("variant `{}` is encoded as {key:?}, which variant `{first}` already uses; rename one of them", variant.ident),
                    );
                }
                if variant.style == Style::Struct {
                    check_field_keys(cx, &variant.fields);
                }
            }
        }
    }
}

fn check_field_keys(cx: &Ctxt, fields: &[Field]) {
    let mut seen = BTreeMap::new();
    for field in fields.iter().filter(|f| !f.attrs.skip_serializing) {
        let key = &field.attrs.name.serialize;
        if let Some(first) = seen.insert(key.clone(), &field.member) {
            let first = first.to_token_stream();
            cx.error_spanned_by(
                &field.member,
                format!(
                    "field `{}` is encoded with the key {key:?}, which field `{first}` already uses; rename one of them",
                    field.member.to_token_stream()
                ),
            );
        }
    }
}

/// Positional fields are written without keys, so a `rename` there would do nothing.
fn check_positional_rename(cx: &Ctxt, cont: &Container) {
    for field in cont.data.all_fields() {
        if let (syn::Member::Unnamed(_), Some(tokens)) = (&field.member, &field.attrs.rename_tokens)
        {
            cx.error_spanned_tokens(
                tokens.clone(),
                "`rename` has no effect on a tuple field: tuple fields are written without keys",
            );
        }
    }
}

/// A newtype is encoded as its single field; skipping that field leaves nothing to encode.
fn check_newtype_skip(cx: &Ctxt, cont: &Container) {
    let newtypes: Vec<&[Field]> = match &cont.data {
        Data::Struct(Style::Newtype, fields) => vec![fields],
        Data::Struct(..) => vec![],
        Data::Enum(variants) => variants
            .iter()
            .filter(|v| v.style == Style::Newtype)
            .map(|v| v.fields.as_slice())
            .collect(),
    };
    for fields in newtypes {
        for field in fields {
            if field.attrs.skip_serializing || field.attrs.skip_serializing_if.is_some() {
                cx.error_spanned_by(
                    field.original,
                    "the only field of a newtype cannot be skipped: it is the whole encoding; use a unit struct or variant instead",
                );
            }
        }
    }
}

/// A container `default` fills missing fields from `Self::default()`: that needs fields with
/// names to fill.
fn check_container_default(cx: &Ctxt, cont: &Container) {
    let Some(tokens) = &cont.attrs.default_tokens else {
        return;
    };
    if !matches!(cont.data, Data::Struct(Style::Struct, _)) {
        cx.error_spanned_tokens(
            tokens.clone(),
            "`#[serde(default)]` on a container applies to structs with named fields only",
        );
    }
}

/// The generated `Decode<'de>` impl names the input's lifetime `'de`; a type parameter with the
/// same name would be shadowed.
fn check_input_lifetime_name(cx: &Ctxt, cont: &Container) {
    for def in cont.generics.lifetimes() {
        if def.lifetime.ident == "de" {
            cx.error_spanned_by(
                &def.lifetime,
                "`Decode` names the input's lifetime `'de`; rename this lifetime (to `'a`, say)",
            );
        }
    }
}
