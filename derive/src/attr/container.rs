//! Settings read from a struct's or enum's own attributes.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::WherePredicate;

use super::*;
use crate::ctxt::Ctxt;
use crate::symbol::*;

/// Settings read from a struct's or enum's own attributes.
pub struct Container {
    pub name: Name,
    pub rename_all: RenameRules,
    /// The tokens of `rename_all`, for errors where it means nothing.
    pub rename_all_tokens: Option<TokenStream>,
    pub rename_all_fields: RenameRules,
    /// Present with the attribute's tokens, for error spans.
    pub transparent: Option<TokenStream>,
    pub ser_bound: Option<Vec<WherePredicate>>,
    pub de_bound: Option<Vec<WherePredicate>>,
    pub crate_path: Option<syn::Path>,
    pub deny_unknown_fields: bool,
    pub default: DefaultValue,
    /// The tokens of `default`, for errors.
    pub default_tokens: Option<TokenStream>,
    /// `#[wire(as_array)]`: MessagePack writes the struct (or an enum's struct variants) as
    /// an array of the fields, as `rmp_serde::to_vec` does. Present with its tokens.
    pub as_array: Option<TokenStream>,
    /// The representation: `tag`, `content`, `untagged`.
    pub tag: TagKind,
    /// The tokens of the words that chose the representation, for errors.
    pub tag_tokens: Vec<TokenStream>,
    /// `#[serde(from = "Type")]`: decoded as `Type`, then converted with `From`.
    pub from: Option<syn::Type>,
    /// `#[serde(try_from = "Type")]`: decoded as `Type`, then converted with `TryFrom`.
    pub try_from: Option<syn::Type>,
    /// `#[serde(into = "Type")]`: cloned, converted with `Into`, and encoded as `Type`.
    pub into: Option<syn::Type>,
    /// `#[serde(expecting = "...")]`: what "invalid type" errors say was expected.
    pub expecting: Option<String>,
    /// `#[serde(field_identifier)]`, `#[serde(variant_identifier)]`, with the word's tokens.
    pub identifier: Identifier,
    pub identifier_tokens: Option<TokenStream>,
    /// `#[wire(repr)]`: a fieldless enum written as its integer discriminant (serde_repr's
    /// encoding), with the word's tokens.
    pub repr: Option<TokenStream>,
    /// `remote = "Type"`: a definition of another crate's type for serde's derive, whose
    /// generated functions fields name with `with`; fastwire generates nothing for it. With
    /// the attribute's tokens.
    pub remote: Option<TokenStream>,
}

impl Container {
    pub fn from_ast(cx: &Ctxt, item: &syn::DeriveInput) -> Self {
        let mut rename = Pair::none(cx, RENAME);
        let mut rename_all = Pair::none(cx, RENAME_ALL);
        let mut rename_all_tokens = None;
        let mut rename_all_fields = Pair::none(cx, RENAME_ALL_FIELDS);
        let mut transparent = Flag::none(cx, TRANSPARENT);
        let mut bound = Pair::none(cx, BOUND);
        let mut crate_path = Setting::none(cx, CRATE);
        let mut deny_unknown_fields = Flag::none(cx, DENY_UNKNOWN_FIELDS);
        let mut default = Setting::none(cx, DEFAULT);
        let mut as_array = Flag::none(cx, AS_ARRAY);
        let mut tag = Setting::none(cx, TAG);
        let mut content = Setting::none(cx, CONTENT);
        let mut untagged = Flag::none(cx, UNTAGGED);
        let mut from = Setting::none(cx, FROM);
        let mut try_from = Setting::none(cx, TRY_FROM);
        let mut into = Setting::none(cx, INTO);
        let mut expecting = Setting::none(cx, EXPECTING);
        let mut field_identifier = Flag::none(cx, FIELD_IDENTIFIER);
        let mut variant_identifier = Flag::none(cx, VARIANT_IDENTIFIER);
        let mut repr = Flag::none(cx, REPR);
        let mut remote = Setting::none(cx, REMOTE);

        for_each_meta(cx, &item.attrs, |source, meta| {
            let tokens = meta.path.to_token_stream();
            if meta.path == RENAME {
                // #[serde(rename = "foo")]
                // #[serde(rename(serialize = "foo", deserialize = "bar"))]
                let names = get_ser_and_de(cx, source, RENAME, meta, get_string)?;
                rename.set(source, &tokens, names);
            } else if meta.path == RENAME_ALL {
                // #[serde(rename_all = "camelCase")]
                // #[serde(rename_all(serialize = "camelCase", deserialize = "snake_case"))]
                let rules = get_ser_and_de(cx, source, RENAME_ALL, meta, get_rename_rule)?;
                rename_all.set(source, &tokens, rules);
                rename_all_tokens = Some(tokens);
            } else if meta.path == RENAME_ALL_FIELDS {
                // #[serde(rename_all_fields = "camelCase")]
                if !matches!(item.data, syn::Data::Enum(_)) {
                    let message = "`rename_all_fields` applies to the struct variants of an enum; on a struct, use `rename_all`";
                    cx.error_spanned_by(&meta.path, message);
                }
                let rules = get_ser_and_de(cx, source, RENAME_ALL_FIELDS, meta, get_rename_rule)?;
                rename_all_fields.set(source, &tokens, rules);
            } else if meta.path == TRANSPARENT {
                // #[serde(transparent)]
                transparent.set_true(source, &meta.path);
            } else if meta.path == BOUND {
                // #[serde(bound = "T: MyTrait")]
                // #[serde(bound(serialize = "...", deserialize = "..."))]
                let bounds = get_ser_and_de(cx, source, BOUND, meta, get_where_predicates)?;
                bound.set(source, &tokens, bounds);
            } else if meta.path == CRATE {
                // #[wire(crate = "path::to::fastwire")]
                // #[serde(crate = "...")] names serde's crate, which is serde's business.
                if let Some(path) = get_lit_str(cx, source, CRATE, meta)? {
                    match path.parse::<syn::Path>() {
                        Ok(parsed) if source == Source::Wire => {
                            crate_path.set(source, &tokens, parsed)
                        }
                        Ok(_) => {}
                        Err(_) => cx.error_spanned_by(
                            &path,
                            format!("expected a crate path, found {:?}", path.value()),
                        ),
                    }
                }
            } else if meta.path == DENY_UNKNOWN_FIELDS {
                // #[serde(deny_unknown_fields)]
                deny_unknown_fields.set_true(source, &meta.path);
            } else if meta.path == DEFAULT {
                // #[serde(default)]
                // #[serde(default = "path")]
                let value = get_default(cx, source, meta)?;
                default.set(source, &tokens, value);
            } else if meta.path == AS_ARRAY {
                // #[wire(as_array)]
                if source == Source::Serde {
                    let message = "`as_array` is fastwire's own attribute, which serde would refuse: write it as `#[wire(as_array)]`";
                    cx.error_spanned_by(&meta.path, message);
                }
                as_array.set_true(source, &meta.path);
            } else if meta.path == TAG {
                // #[serde(tag = "type")]
                if let Some(name) = get_string(cx, source, TAG, meta)? {
                    tag.set(source, &tokens, name);
                }
            } else if meta.path == CONTENT {
                // #[serde(tag = "t", content = "c")]
                if let Some(name) = get_string(cx, source, CONTENT, meta)? {
                    content.set(source, &tokens, name);
                }
            } else if meta.path == UNTAGGED {
                // #[serde(untagged)]
                untagged.set_true(source, &meta.path);
            } else if meta.path == FROM {
                // #[serde(from = "Type")]
                if let Some(ty) = get_type(cx, source, FROM, meta)? {
                    from.set(source, &tokens, ty);
                }
            } else if meta.path == TRY_FROM {
                // #[serde(try_from = "Type")]
                if let Some(ty) = get_type(cx, source, TRY_FROM, meta)? {
                    try_from.set(source, &tokens, ty);
                }
            } else if meta.path == INTO {
                // #[serde(into = "Type")]
                if let Some(ty) = get_type(cx, source, INTO, meta)? {
                    into.set(source, &tokens, ty);
                }
            } else if meta.path == EXPECTING {
                // #[serde(expecting = "a point as [x, y]")]
                if let Some(text) = get_string(cx, source, EXPECTING, meta)? {
                    expecting.set(source, &tokens, text);
                }
            } else if meta.path == FIELD_IDENTIFIER {
                // #[serde(field_identifier)]
                field_identifier.set_true(source, &meta.path);
            } else if meta.path == VARIANT_IDENTIFIER {
                // #[serde(variant_identifier)]
                variant_identifier.set_true(source, &meta.path);
            } else if meta.path == REMOTE {
                // #[serde(remote = "Duration")]
                if let Some(ty) = get_type(cx, source, REMOTE, meta)? {
                    remote.set(source, &tokens, ty);
                }
            } else if meta.path == REPR {
                // #[wire(repr)]
                if source == Source::Serde {
                    let message = "`repr` is fastwire's own attribute, which serde would refuse: write it as `#[wire(repr)]` (serde_repr's `Serialize_repr` writes the same)";
                    cx.error_spanned_by(&meta.path, message);
                }
                repr.set_true(source, &meta.path);
            } else {
                reject_word(cx, source, meta, "container")?;
            }
            Ok(())
        });

        let mut tag_tokens = Vec::new();
        let (identifier, identifier_tokens) = match (
            field_identifier.get_with_tokens(),
            variant_identifier.get_with_tokens(),
        ) {
            (Some(field), Some(variant)) => {
                let message = "`field_identifier` and `variant_identifier` exclude each other";
                cx.error_spanned_tokens(field, message);
                (Identifier::Variant, Some(variant))
            }
            (Some(tokens), None) => (Identifier::Field, Some(tokens)),
            (None, Some(tokens)) => (Identifier::Variant, Some(tokens)),
            (None, None) => (Identifier::No, None),
        };
        let original = unraw(&item.ident);
        let (default, default_tokens) = match default.get_with_tokens() {
            Some((value, tokens)) => (value, Some(tokens)),
            None => (DefaultValue::None, None),
        };
        Container {
            name: Name::from_settings(original, rename, BTreeSet::new()),
            rename_all: RenameRules::from_pair(rename_all),
            rename_all_tokens,
            rename_all_fields: RenameRules::from_pair(rename_all_fields),
            transparent: transparent.get_with_tokens(),
            ser_bound: bound.serialize.get(),
            de_bound: bound.deserialize.get(),
            crate_path: crate_path.get(),
            deny_unknown_fields: deny_unknown_fields.get(),
            default,
            default_tokens,
            as_array: as_array.get_with_tokens(),
            tag: decide_tag(cx, tag, content, untagged, &mut tag_tokens),
            tag_tokens,
            from: from.get(),
            try_from: try_from.get(),
            into: into.get(),
            expecting: expecting.get(),
            identifier,
            identifier_tokens,
            repr: repr.get_with_tokens(),
            remote: remote.get_with_tokens().map(|(_, tokens)| tokens),
        }
    }
}

/// serde's rules for the representation words: `content` needs `tag`, and `untagged` excludes
/// both. Every conflicting word is reported.
fn decide_tag(
    cx: &Ctxt,
    tag: Setting<String>,
    content: Setting<String>,
    untagged: Flag,
    tokens: &mut Vec<TokenStream>,
) -> TagKind {
    let tag = tag.get_with_tokens();
    let content = content.get_with_tokens();
    let untagged = untagged.get_with_tokens();
    tokens.extend(tag.iter().map(|(_, t)| t.clone()));
    tokens.extend(content.iter().map(|(_, t)| t.clone()));
    tokens.extend(untagged.iter().cloned());
    match (tag, content, untagged) {
        (None, None, None) => TagKind::External,
        (Some((tag, _)), None, None) => TagKind::Internal { tag },
        (Some((tag, _)), Some((content, _)), None) => TagKind::Adjacent { tag, content },
        (None, None, Some(_)) => TagKind::Untagged,
        (None, Some((_, tokens)), None) => {
            cx.error_spanned_tokens(
                tokens,
                "`content` names where an adjacently tagged enum puts the variant's content; add `tag = \"...\"` for the variant's name",
            );
            TagKind::External
        }
        (tag, content, Some(untagged)) => {
            let message = "`untagged` writes no tag: remove it, or remove `tag`/`content`";
            if let Some((_, tokens)) = tag {
                cx.error_spanned_tokens(tokens, message);
            }
            if let Some((_, tokens)) = content {
                cx.error_spanned_tokens(tokens, message);
            }
            cx.error_spanned_tokens(untagged, message);
            TagKind::Untagged
        }
    }
}
