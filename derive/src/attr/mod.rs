//! Parsing of `#[serde(...)]` and `#[wire(...)]` into plain settings. Both take serde's
//! vocabulary; a `wire` setting overrides a `serde` one for the same thing, and the same word
//! twice in one namespace is an error. Parsing never stops at the first mistake: each one is
//! recorded in the [`Ctxt`] and the rest of the attribute is still read.

mod container;
mod field;
mod variant;

pub use container::Container;
pub use field::Field;
pub use variant::Variant;

use std::collections::BTreeSet;
use std::fmt::{self, Display};

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::{Token, WherePredicate};

use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::symbol::*;

/// Which attribute a setting came from.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Source {
    Serde,
    Wire,
}

impl Display for Source {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(match self {
            Source::Serde => "serde",
            Source::Wire => "wire",
        })
    }
}

/// One setting while attributes are read: remembers where its value came from so that `wire`
/// can override `serde` and duplicates within one namespace are reported.
struct Setting<'c, T> {
    cx: &'c Ctxt,
    name: Symbol,
    value: Option<(T, Source)>,
    tokens: TokenStream,
}

impl<'c, T> Setting<'c, T> {
    fn none(cx: &'c Ctxt, name: Symbol) -> Self {
        Setting {
            cx,
            name,
            value: None,
            tokens: TokenStream::new(),
        }
    }

    fn set<A: ToTokens>(&mut self, source: Source, tokens: A, value: T) {
        let tokens = tokens.into_token_stream();
        match &self.value {
            Some((_, previous)) if *previous == source => {
                let message = format!("duplicate {source} attribute `{}`", self.name);
                self.cx.error_spanned_tokens(tokens, message);
            }
            // `wire` already spoke; a `serde` attribute written after it loses.
            Some((_, Source::Wire)) => {}
            _ => {
                self.value = Some((value, source));
                self.tokens = tokens;
            }
        }
    }

    fn get(self) -> Option<T> {
        self.value.map(|(value, _)| value)
    }

    fn get_with_tokens(self) -> Option<(T, TokenStream)> {
        let tokens = self.tokens;
        self.value.map(|(value, _)| (value, tokens))
    }
}

/// A flag such as `transparent`: present or not.
struct Flag<'c>(Setting<'c, ()>);

impl<'c> Flag<'c> {
    fn none(cx: &'c Ctxt, name: Symbol) -> Self {
        Flag(Setting::none(cx, name))
    }

    fn set_true<A: ToTokens>(&mut self, source: Source, tokens: A) {
        self.0.set(source, tokens, ());
    }

    fn get(self) -> bool {
        self.0.value.is_some()
    }

    fn get_with_tokens(self) -> Option<TokenStream> {
        self.0.get_with_tokens().map(|((), tokens)| tokens)
    }
}

/// A pair of settings for words that can differ by direction:
/// `rename = "x"` or `rename(serialize = "x", deserialize = "y")`.
struct Pair<'c, T> {
    serialize: Setting<'c, T>,
    deserialize: Setting<'c, T>,
}

impl<'c, T: Clone> Pair<'c, T> {
    fn none(cx: &'c Ctxt, name: Symbol) -> Self {
        Pair {
            serialize: Setting::none(cx, name),
            deserialize: Setting::none(cx, name),
        }
    }

    fn set(&mut self, source: Source, tokens: &TokenStream, (ser, de): (Option<T>, Option<T>)) {
        if let Some(ser) = ser {
            self.serialize.set(source, tokens, ser);
        }
        if let Some(de) = de {
            self.deserialize.set(source, tokens, de);
        }
    }
}

/// How an enum's variant is written, serde's four representations (`tag` on a struct adds the
/// struct's name under that key).
#[derive(Clone)]
pub enum TagKind {
    /// `{"Variant": content}` (serde's default).
    External,
    /// `{"tag": "Variant", ...fields}`: `#[serde(tag = "...")]`.
    Internal { tag: String },
    /// `{"tag": "Variant", "content": content}`: `#[serde(tag = "...", content = "...")]`.
    Adjacent { tag: String, content: String },
    /// The content alone: `#[serde(untagged)]`.
    Untagged,
}

/// `#[serde(field_identifier)]` or `#[serde(variant_identifier)]`: a fieldless enum read from
/// (and written as) a field or variant name, with serde's identifier rules.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Identifier {
    No,
    Field,
    Variant,
}

/// What `with` names: a module of fastwire's own (`#[wire(with = "m")]`: `m::json` and
/// `m::msgpack` with `encode` and `decode` functions) or a serde module (`#[serde(with =
/// "m")]`: `m::serialize` and `m::deserialize`, through the serde bridge).
#[derive(Clone)]
pub enum Codec {
    Native(syn::Path),
    Serde(syn::Path),
}

/// Reads `with = "path"`: fastwire's own module in `wire`, a serde module in `serde`.
fn get_codec(cx: &Ctxt, source: Source, meta: &ParseNestedMeta) -> syn::Result<Option<Codec>> {
    Ok(
        get_module_path(cx, source, WITH, meta)?.map(|path| match source {
            Source::Wire => Codec::Native(path),
            Source::Serde => Codec::Serde(path),
        }),
    )
}

/// What `default` says: nothing, `Default::default()`, or a function path.
#[derive(Clone)]
pub enum DefaultValue {
    None,
    Default,
    Path(syn::ExprPath),
}

/// A serialized name for each direction.
pub struct Name {
    pub serialize: String,
    pub deserialize: String,
    serialize_renamed: bool,
    deserialize_renamed: bool,
    pub aliases: BTreeSet<String>,
}

impl Name {
    fn from_settings(original: String, renames: Pair<String>, aliases: BTreeSet<String>) -> Self {
        let serialize = renames.serialize.get();
        let deserialize = renames.deserialize.get();
        Name {
            serialize_renamed: serialize.is_some(),
            deserialize_renamed: deserialize.is_some(),
            serialize: serialize.unwrap_or_else(|| original.clone()),
            deserialize: deserialize.unwrap_or(original),
            aliases,
        }
    }

    fn apply_rules(&mut self, rules: &RenameRules, apply: fn(RenameRule, &str) -> String) {
        if !self.serialize_renamed {
            self.serialize = apply(rules.serialize, &self.serialize);
        }
        if !self.deserialize_renamed {
            self.deserialize = apply(rules.deserialize, &self.deserialize);
        }
    }
}

/// `rename_all` rules for each direction.
#[derive(Copy, Clone, Default)]
pub struct RenameRules {
    pub serialize: RenameRule,
    pub deserialize: RenameRule,
}

impl RenameRules {
    /// Each direction's rule, or `fallback`'s where this one has none (a variant's own
    /// `rename_all` over the container's `rename_all_fields`).
    pub fn or(&self, fallback: &RenameRules) -> RenameRules {
        let pick =
            |own: RenameRule, other: RenameRule| if own == RenameRule::None { other } else { own };
        RenameRules {
            serialize: pick(self.serialize, fallback.serialize),
            deserialize: pick(self.deserialize, fallback.deserialize),
        }
    }

    fn from_pair(pair: Pair<RenameRule>) -> Self {
        RenameRules {
            serialize: pair.serialize.get().unwrap_or_default(),
            deserialize: pair.deserialize.get().unwrap_or_default(),
        }
    }
}

/// Runs `parse_one` on every word of every `#[serde(...)]` attribute, then of every
/// `#[wire(...)]` one (so `wire` is read last and wins).
fn for_each_meta(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    mut parse_one: impl FnMut(Source, &ParseNestedMeta) -> syn::Result<()>,
) {
    for (namespace, source) in [(SERDE, Source::Serde), (WIRE, Source::Wire)] {
        for attr in attrs.iter().filter(|attr| attr.path() == namespace) {
            if let syn::Meta::List(list) = &attr.meta {
                if list.tokens.is_empty() {
                    continue;
                }
            } else {
                cx.error_spanned_by(
                    attr,
                    format!("expected a list of settings: `#[{namespace}(...)]`"),
                );
                continue;
            }
            if let Err(err) = attr.parse_nested_meta(|meta| parse_one(source, &meta)) {
                cx.syn_error(err);
            }
        }
    }
}

/// Reports a word that is not supported where it stands, and skips its value so the rest of
/// the attribute is still read.
fn reject_word(
    cx: &Ctxt,
    source: Source,
    meta: &ParseNestedMeta,
    position: &str,
) -> syn::Result<()> {
    let word = meta.path.to_token_stream().to_string().replace(' ', "");
    let message = if is_known_elsewhere(&word) {
        format!("`#[{source}({word})]` cannot be used on a {position}")
    } else {
        format!("unknown {source} {position} attribute `{word}`")
    };
    cx.error_spanned_by(&meta.path, message);
    skip_value(meta)
}

fn is_known_elsewhere(word: &str) -> bool {
    [
        CONTENT,
        EXPECTING,
        FIELD_IDENTIFIER,
        FLATTEN,
        FROM,
        GETTER,
        INTO,
        OTHER,
        REMOTE,
        REPR,
        TAG,
        TRY_FROM,
        UNTAGGED,
        VARIANT_IDENTIFIER,
        WITH,
        ALIAS,
        AS_ARRAY,
        BORROW,
        BOUND,
        CRATE,
        DEFAULT,
        DENY_UNKNOWN_FIELDS,
        RENAME,
        RENAME_ALL,
        RENAME_ALL_FIELDS,
        SKIP,
        SKIP_DESERIALIZING,
        SKIP_SERIALIZING,
        SKIP_SERIALIZING_IF,
        TRANSPARENT,
    ]
    .iter()
    .any(|symbol| symbol.0 == word)
}

/// Consumes `= value` or `(...)` after a word, whatever it holds.
fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.value()?.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.input.parse::<proc_macro2::Group>()?;
    }
    Ok(())
}

/// Reads `word = value` (both directions) or `word(serialize = value, deserialize = value)`.
fn get_ser_and_de<T, F>(
    cx: &Ctxt,
    source: Source,
    word: Symbol,
    meta: &ParseNestedMeta,
    parse_value: F,
) -> syn::Result<(Option<T>, Option<T>)>
where
    T: Clone,
    F: Fn(&Ctxt, Source, Symbol, &ParseNestedMeta) -> syn::Result<Option<T>>,
{
    if meta.input.peek(Token![=]) {
        let value = parse_value(cx, source, word, meta)?;
        return Ok((value.clone(), value));
    }
    let mut ser = None;
    let mut de = None;
    let mut ser_seen = false;
    let mut de_seen = false;
    meta.parse_nested_meta(|inner| {
        if inner.path == SERIALIZE {
            if ser_seen {
                cx.error_spanned_by(
                    &inner.path,
                    format!("duplicate `serialize` in `{word}(...)`"),
                );
            }
            ser_seen = true;
            ser = parse_value(cx, source, word, &inner)?;
        } else if inner.path == DESERIALIZE {
            if de_seen {
                cx.error_spanned_by(
                    &inner.path,
                    format!("duplicate `deserialize` in `{word}(...)`"),
                );
            }
            de_seen = true;
            de = parse_value(cx, source, word, &inner)?;
        } else {
            let found = inner.path.to_token_stream().to_string();
            cx.error_spanned_by(
                &inner.path,
                format!("expected `serialize` or `deserialize` in `{word}(...)`, found `{found}`"),
            );
            skip_value(&inner)?;
        }
        Ok(())
    })?;
    Ok((ser, de))
}

/// Reads `= "string"`; a value of another kind is reported on its own span.
fn get_lit_str(
    cx: &Ctxt,
    source: Source,
    word: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<syn::LitStr>> {
    let expr: syn::Expr = meta.value()?.parse()?;
    let mut value = &expr;
    while let syn::Expr::Group(group) = value {
        value = &group.expr;
    }
    if let syn::Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Str(lit),
        ..
    }) = value
    {
        if lit.suffix().is_empty() {
            return Ok(Some(lit.clone()));
        }
    }
    cx.error_spanned_by(
        &expr,
        format!("expected {source} {word} attribute to be a string: `{word} = \"...\"`"),
    );
    Ok(None)
}

fn get_string(
    cx: &Ctxt,
    source: Source,
    word: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<String>> {
    Ok(get_lit_str(cx, source, word, meta)?.map(|lit| lit.value()))
}

fn get_rename_rule(
    cx: &Ctxt,
    source: Source,
    word: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<RenameRule>> {
    let Some(lit) = get_lit_str(cx, source, word, meta)? else {
        return Ok(None);
    };
    match RenameRule::from_str(&lit.value()) {
        Ok(rule) => Ok(Some(rule)),
        Err(message) => {
            cx.error_spanned_by(&lit, message);
            Ok(None)
        }
    }
}

fn get_where_predicates(
    cx: &Ctxt,
    source: Source,
    word: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<Vec<WherePredicate>>> {
    let Some(lit) = get_lit_str(cx, source, word, meta)? else {
        return Ok(None);
    };
    match lit.parse_with(Punctuated::<WherePredicate, Token![,]>::parse_terminated) {
        Ok(predicates) => Ok(Some(predicates.into_iter().collect())),
        Err(err) => {
            cx.error_spanned_by(
                &lit,
                format!("expected where-clause predicates such as `T: Trait`: {err}"),
            );
            Ok(None)
        }
    }
}

/// Reads `= "Type"` (for `from`, `try_from`, `into`), spanned on the string.
fn get_type(
    cx: &Ctxt,
    source: Source,
    word: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<syn::Type>> {
    let Some(lit) = get_lit_str(cx, source, word, meta)? else {
        return Ok(None);
    };
    match lit.parse::<syn::Type>() {
        Ok(ty) => Ok(Some(respan_type(ty, lit.span()))),
        Err(_) => {
            cx.error_spanned_by(&lit, format!("expected a type, found {:?}", lit.value()));
            Ok(None)
        }
    }
}

/// `ty` with every token spanned at `span`, so errors about it point at the attribute.
fn respan_type(ty: syn::Type, span: proc_macro2::Span) -> syn::Type {
    let tokens = crate::ser::respan(ty.to_token_stream(), span);
    syn::parse2(tokens).expect("respanning keeps a type a type")
}

/// Reads `= "path::to::module"` (for `with`), spanned on the string.
fn get_module_path(
    cx: &Ctxt,
    source: Source,
    word: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<syn::Path>> {
    let Some(lit) = get_lit_str(cx, source, word, meta)? else {
        return Ok(None);
    };
    match lit.parse::<syn::Path>() {
        Ok(mut path) => {
            respan_path(&mut path, lit.span());
            Ok(Some(path))
        }
        Err(_) => {
            cx.error_spanned_by(
                &lit,
                format!("expected a module path, found {:?}", lit.value()),
            );
            Ok(None)
        }
    }
}

fn get_expr_path(
    cx: &Ctxt,
    source: Source,
    word: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<syn::ExprPath>> {
    let Some(lit) = get_lit_str(cx, source, word, meta)? else {
        return Ok(None);
    };
    match lit.parse::<syn::ExprPath>() {
        Ok(mut path) => {
            // Point errors in the generated call (say, a wrong signature) at the string.
            respan_path(&mut path.path, lit.span());
            Ok(Some(path))
        }
        Err(_) => {
            cx.error_spanned_by(
                &lit,
                format!("expected a function path, found {:?}", lit.value()),
            );
            Ok(None)
        }
    }
}

fn respan_path(path: &mut syn::Path, span: proc_macro2::Span) {
    if let Some(colon) = &mut path.leading_colon {
        colon.spans = [span, span];
    }
    for segment in &mut path.segments {
        segment.ident.set_span(span);
    }
}

fn get_default(cx: &Ctxt, source: Source, meta: &ParseNestedMeta) -> syn::Result<DefaultValue> {
    if meta.input.peek(Token![=]) {
        Ok(match get_expr_path(cx, source, DEFAULT, meta)? {
            Some(path) => DefaultValue::Path(path),
            None => DefaultValue::Default,
        })
    } else {
        Ok(DefaultValue::Default)
    }
}

fn get_lifetimes(
    cx: &Ctxt,
    source: Source,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<BTreeSet<syn::Lifetime>>> {
    let Some(lit) = get_lit_str(cx, source, BORROW, meta)? else {
        return Ok(None);
    };
    match lit.parse_with(Punctuated::<syn::Lifetime, Token![+]>::parse_separated_nonempty) {
        Ok(lifetimes) => Ok(Some(lifetimes.into_iter().collect())),
        Err(_) => {
            cx.error_spanned_by(&lit, "expected lifetimes such as `borrow = \"'a + 'b\"`");
            Ok(None)
        }
    }
}

/// The identifier as users see it in data: `r#type` is `type`.
pub fn unraw(ident: &syn::Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(rest) => rest.to_owned(),
        None => name,
    }
}

/// `module::name` for a serde `with` module, with the attribute's tokens.
pub(super) fn serde_module_fn(
    with: &Option<(Codec, TokenStream)>,
    name: &str,
) -> Option<(syn::ExprPath, TokenStream)> {
    let Some((Codec::Serde(module), tokens)) = with else {
        return None;
    };
    let mut path = module.clone();
    let span = path
        .segments
        .last()
        .map_or_else(proc_macro2::Span::call_site, |s| s.ident.span());
    path.segments.push(syn::Ident::new(name, span).into());
    Some((
        syn::ExprPath {
            attrs: Vec::new(),
            qself: None,
            path,
        },
        tokens.clone(),
    ))
}

/// Reads `serialize_with = "path"` or `deserialize_with = "path"` (`meta`, whose `tokens` are
/// its word) into the setting of that direction; in `#[wire(...)]` it is an error that says
/// where serde functions go.
fn get_function(
    cx: &Ctxt,
    source: Source,
    meta: &ParseNestedMeta,
    tokens: &TokenStream,
    (serialize_with, deserialize_with): (&mut Setting<syn::ExprPath>, &mut Setting<syn::ExprPath>),
) -> syn::Result<()> {
    let word = if meta.path == SERIALIZE_WITH {
        SERIALIZE_WITH
    } else {
        DESERIALIZE_WITH
    };
    if let Source::Wire = source {
        cx.error_spanned_by(
            &meta.path,
            format!("`{word}` names a serde function: write it in `#[serde(...)]`; fastwire's own functions go in a module named by `#[wire(with = \"...\")]`"),
        );
    }
    if let Some(path) = get_expr_path(cx, source, word, meta)? {
        if word == SERIALIZE_WITH {
            serialize_with.set(source, tokens, path);
        } else {
            deserialize_with.set(source, tokens, path);
        }
    }
    Ok(())
}
