//! Settings read from a field's attributes.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::{Token, WherePredicate};

use super::*;
use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::symbol::*;

/// Settings read from a field's attributes.
pub struct Field {
    pub name: Name,
    pub skip_serializing: bool,
    pub skip_deserializing: bool,
    pub skip_serializing_if: Option<syn::ExprPath>,
    pub default: DefaultValue,
    pub ser_bound: Option<Vec<WherePredicate>>,
    pub de_bound: Option<Vec<WherePredicate>>,
    /// The tokens of a `rename`, for the error when it is used where it means nothing.
    pub rename_tokens: Option<TokenStream>,
    /// `#[serde(borrow)]` (or `borrow = "'a + 'b"`): the lifetimes a `Cow` field borrows for
    /// (empty: all of the field's), with the word's tokens.
    pub borrow: Option<(BTreeSet<syn::Lifetime>, TokenStream)>,
    /// `#[serde(flatten)]`, with its tokens.
    pub flatten: Option<TokenStream>,
    /// `with`, with its tokens.
    pub with: Option<(Codec, TokenStream)>,
    /// The serde function writing the field: `serialize_with`, or a serde `with` module's
    /// `serialize`; with the attribute's tokens.
    pub serialize_with: Option<(syn::ExprPath, TokenStream)>,
    /// The serde function reading the field: `deserialize_with`, or a serde `with` module's
    /// `deserialize`; with the attribute's tokens.
    pub deserialize_with: Option<(syn::ExprPath, TokenStream)>,
    /// `#[wire(serde)]`: the field goes through its serde impls, whatever others it has.
    pub via_serde: Option<TokenStream>,
    /// `getter = "path"`: in a `remote` definition, how serde's generated functions read the
    /// field; the attribute's tokens.
    pub getter: Option<TokenStream>,
}

impl Field {
    /// `index` names tuple fields (`0`, `1`, ...), which have no identifier.
    pub fn from_ast(cx: &Ctxt, index: usize, field: &syn::Field) -> Self {
        let mut rename = Pair::none(cx, RENAME);
        let mut aliases = BTreeSet::new();
        let mut skip_serializing = Flag::none(cx, SKIP_SERIALIZING);
        let mut skip_deserializing = Flag::none(cx, SKIP_DESERIALIZING);
        let mut skip_serializing_if = Setting::none(cx, SKIP_SERIALIZING_IF);
        let mut default = Setting::none(cx, DEFAULT);
        let mut bound = Pair::none(cx, BOUND);
        let mut borrow = Setting::none(cx, BORROW);
        let mut rename_tokens = None;
        let mut flatten = Flag::none(cx, FLATTEN);
        let mut with = Setting::none(cx, WITH);
        let mut serialize_with = Setting::none(cx, SERIALIZE_WITH);
        let mut deserialize_with = Setting::none(cx, DESERIALIZE_WITH);
        let mut via_serde = Flag::none(cx, SERDE);
        let mut getter = Setting::none(cx, GETTER);

        for_each_meta(cx, &field.attrs, |source, meta| {
            let tokens = meta.path.to_token_stream();
            if meta.path == RENAME {
                // #[serde(rename = "foo")]
                // #[serde(rename(serialize = "foo", deserialize = "bar"))]
                let names = get_ser_and_de(cx, source, RENAME, meta, get_string)?;
                rename.set(source, &tokens, names);
                rename_tokens = Some(tokens);
            } else if meta.path == ALIAS {
                // #[serde(alias = "foo")]
                if let Some(alias) = get_lit_str(cx, source, ALIAS, meta)? {
                    aliases.insert(alias.value());
                }
            } else if meta.path == SKIP {
                // #[serde(skip)]
                skip_serializing.set_true(source, &meta.path);
                skip_deserializing.set_true(source, &meta.path);
            } else if meta.path == SKIP_SERIALIZING {
                // #[serde(skip_serializing)]
                skip_serializing.set_true(source, &meta.path);
            } else if meta.path == SKIP_DESERIALIZING {
                // #[serde(skip_deserializing)]
                skip_deserializing.set_true(source, &meta.path);
            } else if meta.path == SKIP_SERIALIZING_IF {
                // #[serde(skip_serializing_if = "path::to::predicate")]
                if let Some(path) = get_expr_path(cx, source, SKIP_SERIALIZING_IF, meta)? {
                    skip_serializing_if.set(source, &tokens, path);
                }
            } else if meta.path == DEFAULT {
                // #[serde(default)]
                // #[serde(default = "path")]
                let value = get_default(cx, source, meta)?;
                default.set(source, &tokens, value);
            } else if meta.path == BOUND {
                // #[serde(bound = "T: MyTrait")]
                // #[serde(bound(serialize = "...", deserialize = "..."))]
                let bounds = get_ser_and_de(cx, source, BOUND, meta, get_where_predicates)?;
                bound.set(source, &tokens, bounds);
            } else if meta.path == BORROW {
                // #[serde(borrow)]
                // #[serde(borrow = "'a + 'b")]
                let lifetimes = if meta.input.peek(Token![=]) {
                    get_lifetimes(cx, source, meta)?
                } else {
                    Some(BTreeSet::new())
                };
                if let Some(lifetimes) = lifetimes {
                    borrow.set(source, &tokens, lifetimes);
                }
            } else if meta.path == FLATTEN {
                // #[serde(flatten)]
                flatten.set_true(source, &meta.path);
            } else if meta.path == WITH {
                // #[wire(with = "module")], #[serde(with = "module")]
                if let Some(codec) = get_codec(cx, source, meta)? {
                    with.set(source, &tokens, codec);
                }
            } else if meta.path == SERIALIZE_WITH || meta.path == DESERIALIZE_WITH {
                // #[serde(serialize_with = "path")], #[serde(deserialize_with = "path")]
                let functions = (&mut serialize_with, &mut deserialize_with);
                get_function(cx, source, meta, &tokens, functions)?;
            } else if meta.path == GETTER {
                // #[serde(getter = "Duration::as_secs")]
                if let Some(path) = get_expr_path(cx, source, GETTER, meta)? {
                    getter.set(source, &tokens, path);
                }
            } else if meta.path == SERDE && matches!(source, Source::Wire) {
                // #[wire(serde)]
                via_serde.set_true(source, &meta.path);
            } else {
                reject_word(cx, source, meta, "field")?;
            }
            Ok(())
        });

        let with_codec = with.get_with_tokens();
        let original = match &field.ident {
            Some(ident) => unraw(ident),
            None => index.to_string(),
        };
        Field {
            name: Name::from_settings(original, rename, aliases),
            skip_serializing: skip_serializing.get(),
            skip_deserializing: skip_deserializing.get(),
            skip_serializing_if: skip_serializing_if.get(),
            default: default.get().unwrap_or(DefaultValue::None),
            ser_bound: bound.serialize.get(),
            de_bound: bound.deserialize.get(),
            rename_tokens,
            borrow: borrow.get_with_tokens(),
            flatten: flatten.get_with_tokens(),
            serialize_with: serialize_with
                .get_with_tokens()
                .or_else(|| serde_module_fn(&with_codec, "serialize")),
            deserialize_with: deserialize_with
                .get_with_tokens()
                .or_else(|| serde_module_fn(&with_codec, "deserialize")),
            with: with_codec,
            via_serde: via_serde.get_with_tokens(),
            getter: getter.get_with_tokens().map(|(_, tokens)| tokens),
        }
    }

    /// Whether the field is written by functions of its own (a `with` module of either kind,
    /// or `serialize_with`) rather than by its type's impl.
    pub fn encoded_by_function(&self) -> bool {
        self.with.is_some() || self.serialize_with.is_some()
    }

    /// Whether the field is read by functions of its own (a `with` module of either kind, or
    /// `deserialize_with`) rather than by its type's impl.
    pub fn decoded_by_function(&self) -> bool {
        self.with.is_some() || self.deserialize_with.is_some()
    }

    /// Applies the enclosing `rename_all` (container or variant) to this field's name.
    pub fn rename_by_rules(&mut self, rules: &RenameRules) {
        self.name.apply_rules(rules, RenameRule::apply_to_field);
    }
}
