//! Settings read from an enum variant's attributes.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::WherePredicate;

use super::*;
use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::symbol::*;

/// Settings read from a variant's attributes.
pub struct Variant {
    pub name: Name,
    /// The tokens of `rename` and `alias` words, for errors where names mean nothing.
    pub name_tokens: Vec<TokenStream>,
    pub rename_all: RenameRules,
    /// `skip` or `skip_serializing`, with its tokens (refused when encoding).
    pub skip_serializing: Option<TokenStream>,
    /// `skip` or `skip_deserializing`: the variant is not read from input.
    pub skip_deserializing: bool,
    /// `#[serde(other)]`: the unit variant any unknown tag decodes to, with its tokens.
    pub other: Option<TokenStream>,
    /// `#[serde(untagged)]` on a variant: written without its tag, tried when no tag matches.
    pub untagged: Option<TokenStream>,
    /// `with`, with its tokens: a serde module's functions are also in `serialize_with` and
    /// `deserialize_with`; a fastwire module works on a newtype variant's field.
    pub with: Option<(Codec, TokenStream)>,
    /// The serde function writing the variant's content from its fields (`serialize_with`, or
    /// a serde `with` module's `serialize`), with its tokens.
    pub serialize_with: Option<(syn::ExprPath, TokenStream)>,
    /// The serde function reading the variant's content as its fields (`deserialize_with`, or
    /// a serde `with` module's `deserialize`), with its tokens.
    pub deserialize_with: Option<(syn::ExprPath, TokenStream)>,
    pub ser_bound: Option<Vec<WherePredicate>>,
    pub de_bound: Option<Vec<WherePredicate>>,
}

impl Variant {
    pub fn from_ast(cx: &Ctxt, variant: &syn::Variant) -> Self {
        let mut rename = Pair::none(cx, RENAME);
        let mut rename_all = Pair::none(cx, RENAME_ALL);
        let mut aliases = BTreeSet::new();
        let mut name_tokens = Vec::new();
        let mut skip_serializing = Setting::none(cx, SKIP_SERIALIZING);
        let mut skip_deserializing = Flag::none(cx, SKIP_DESERIALIZING);
        let mut other = Flag::none(cx, OTHER);
        let mut untagged = Flag::none(cx, UNTAGGED);
        let mut with = Setting::none(cx, WITH);
        let mut serialize_with = Setting::none(cx, SERIALIZE_WITH);
        let mut deserialize_with = Setting::none(cx, DESERIALIZE_WITH);
        let mut bound = Pair::none(cx, BOUND);

        for_each_meta(cx, &variant.attrs, |source, meta| {
            let tokens = meta.path.to_token_stream();
            if meta.path == RENAME {
                // #[serde(rename = "foo")]
                // #[serde(rename(serialize = "foo", deserialize = "bar"))]
                let names = get_ser_and_de(cx, source, RENAME, meta, get_string)?;
                rename.set(source, &tokens, names);
                name_tokens.push(tokens);
            } else if meta.path == RENAME_ALL {
                // #[serde(rename_all = "camelCase")]
                let rules = get_ser_and_de(cx, source, RENAME_ALL, meta, get_rename_rule)?;
                rename_all.set(source, &tokens, rules);
            } else if meta.path == ALIAS {
                // #[serde(alias = "foo")]
                if let Some(alias) = get_lit_str(cx, source, ALIAS, meta)? {
                    aliases.insert(alias.value());
                }
                name_tokens.push(tokens);
            } else if meta.path == SKIP {
                // #[serde(skip)]
                skip_serializing.set(source, &tokens, ());
                skip_deserializing.set_true(source, &meta.path);
            } else if meta.path == SKIP_SERIALIZING {
                // #[serde(skip_serializing)]
                skip_serializing.set(source, &tokens, ());
            } else if meta.path == SKIP_DESERIALIZING {
                // #[serde(skip_deserializing)]
                skip_deserializing.set_true(source, &meta.path);
            } else if meta.path == OTHER {
                // #[serde(other)]
                other.set_true(source, &meta.path);
            } else if meta.path == UNTAGGED {
                // #[serde(untagged)]
                untagged.set_true(source, &meta.path);
            } else if meta.path == WITH {
                // #[wire(with = "module")], #[serde(with = "module")]
                if let Some(codec) = get_codec(cx, source, meta)? {
                    with.set(source, &tokens, codec);
                }
            } else if meta.path == SERIALIZE_WITH || meta.path == DESERIALIZE_WITH {
                // #[serde(serialize_with = "path")], #[serde(deserialize_with = "path")]
                let functions = (&mut serialize_with, &mut deserialize_with);
                get_function(cx, source, meta, &tokens, functions)?;
            } else if meta.path == BOUND {
                // #[serde(bound = "T: MyTrait")]
                let bounds = get_ser_and_de(cx, source, BOUND, meta, get_where_predicates)?;
                bound.set(source, &tokens, bounds);
            } else if meta.path == BORROW {
                // #[serde(borrow)]: every lifetime of the type may borrow from the input in
                // fastwire, so a variant's `borrow` needs nothing more.
                skip_value(meta)?;
            } else {
                reject_word(cx, source, meta, "variant")?;
            }
            Ok(())
        });

        let with_codec = with.get_with_tokens();
        let original = unraw(&variant.ident);
        Variant {
            name: Name::from_settings(original, rename, aliases),
            name_tokens,
            rename_all: RenameRules::from_pair(rename_all),
            skip_serializing: skip_serializing
                .get_with_tokens()
                .map(|((), tokens)| tokens),
            skip_deserializing: skip_deserializing.get(),
            other: other.get_with_tokens(),
            untagged: untagged.get_with_tokens(),
            serialize_with: serialize_with
                .get_with_tokens()
                .or_else(|| serde_module_fn(&with_codec, "serialize")),
            deserialize_with: deserialize_with
                .get_with_tokens()
                .or_else(|| serde_module_fn(&with_codec, "deserialize")),
            with: with_codec,
            ser_bound: bound.serialize.get(),
            de_bound: bound.deserialize.get(),
        }
    }

    /// Applies the container's `rename_all` to this variant's name.
    pub fn rename_by_rules(&mut self, rules: &RenameRules) {
        self.name.apply_rules(rules, RenameRule::apply_to_variant);
    }
}
