//! Where-clauses for generated impls: a bound only on the type parameters that appear in the
//! fields being encoded (never on a parameter used only in skipped fields or in
//! `PhantomData`), unless the user's `bound` attribute replaces inference. A `bound` names the
//! traits generically, as serde's does: `Serialize` (or any format's `Encode`) means the
//! encode trait of the format whose impl is being written, `Deserialize<'de>` and
//! `DeserializeOwned` (or `Decode<'de>`, `DecodeOwned`) its decode traits.
//!
//! A parameter in a map's key position (`K` in `BTreeMap<K, V>`, or anywhere inside the key
//! type) gets the trait that position needs: JSON writes and reads keys through `EncodeKey` /
//! `DecodeKey<'de>`, not `Encode` / `Decode<'de>`; MessagePack keys are values.

use std::collections::HashSet;

use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{parse_quote, WherePredicate};

use crate::ast::Container;
use crate::attr;

/// Which attributes decide the bounds for one direction.
pub struct BoundSource {
    /// Whether a field takes part (is encoded, or decoded).
    pub uses_field: fn(&attr::Field) -> bool,
    /// A field's own `bound` for this direction, which replaces inference for that field.
    pub field_bound: fn(&attr::Field) -> Option<&[WherePredicate]>,
    /// A variant's `bound` for this direction, which replaces inference for its fields.
    pub variant_bound: fn(&attr::Variant) -> Option<&[WherePredicate]>,
    /// The container's `bound` for this direction, which replaces inference entirely.
    pub container_bound: fn(&attr::Container) -> Option<&[WherePredicate]>,
}

/// `cont`'s generics with the where-clause an impl of `trait_path` needs; `fmt` is the path of
/// the format's module (`::fastwire::json`), whose traits the user's bounds are rewritten to.
pub fn with_bound(
    cont: &Container,
    source: &BoundSource,
    trait_path: &syn::Path,
    fmt: &syn::Path,
) -> syn::Generics {
    let mut generics = cont.generics.clone();
    let for_format = |bounds: &[WherePredicate]| -> Vec<WherePredicate> {
        bounds
            .iter()
            .cloned()
            .map(|mut predicate| {
                FormatTraits { fmt }.visit_where_predicate_mut(&mut predicate);
                predicate
            })
            .collect()
    };
    if let Some(bounds) = (source.container_bound)(&cont.attrs) {
        generics
            .make_where_clause()
            .predicates
            .extend(for_format(bounds));
        return generics;
    }
    let mut explicit = Vec::new();
    // The fields of variants with a `bound` of their own: that bound replaces what their
    // fields would add (serde's rule), their own `bound`s included.
    let mut covered: Vec<*const attr::Field> = Vec::new();
    if let crate::ast::Data::Enum(variants) = &cont.data {
        for variant in variants {
            if let Some(bounds) = (source.variant_bound)(&variant.attrs) {
                explicit.extend(for_format(bounds));
                covered.extend(
                    variant
                        .fields
                        .iter()
                        .map(|f| &f.attrs as *const attr::Field),
                );
            }
        }
    }
    let is_covered = |field: &attr::Field| covered.contains(&(field as *const attr::Field));
    for field in cont.data.all_fields() {
        if (source.uses_field)(&field.attrs) && !is_covered(&field.attrs) {
            if let Some(bounds) = (source.field_bound)(&field.attrs) {
                explicit.extend(for_format(bounds));
            }
        }
    }
    generics.make_where_clause().predicates.extend(explicit);
    let infer = |field: &attr::Field| {
        (source.uses_field)(field) && (source.field_bound)(field).is_none() && !is_covered(field)
    };
    let key_trait = key_trait(trait_path, fmt);
    add_bounds(&mut generics, cont, infer, trait_path, key_trait.as_ref());
    generics
}

/// The predicates of the user's `bound`s for `direction` (the container's, or else every
/// variant's and field's) that name none of the traits [`with_bound`] rewrites: they hold in
/// the generated impl as written, so a wrapper implementing serde's traits inside it (for a
/// field or variant written by a serde function) can state them, as the function may need
/// them (`T: Display`).
pub fn plain_predicates(cont: &Container, direction: crate::Direction) -> Vec<WherePredicate> {
    let pick =
        |ser: &'_ Option<Vec<WherePredicate>>, de: &'_ Option<Vec<WherePredicate>>| match direction
        {
            crate::Direction::Encode => ser.clone(),
            crate::Direction::Decode => de.clone(),
        };
    let mut all: Vec<WherePredicate> = Vec::new();
    match pick(&cont.attrs.ser_bound, &cont.attrs.de_bound) {
        Some(bounds) => all.extend(bounds),
        None => {
            if let crate::ast::Data::Enum(variants) = &cont.data {
                for v in variants {
                    all.extend(pick(&v.attrs.ser_bound, &v.attrs.de_bound).unwrap_or_default());
                }
            }
            for f in cont.data.all_fields() {
                all.extend(pick(&f.attrs.ser_bound, &f.attrs.de_bound).unwrap_or_default());
            }
        }
    }
    let fmt: syn::Path = parse_quote!(__fmt);
    all.into_iter()
        .filter(|predicate| {
            let mut rewritten = predicate.clone();
            FormatTraits { fmt: &fmt }.visit_where_predicate_mut(&mut rewritten);
            rewritten == *predicate
        })
        .collect()
}

/// The trait a map key's type needs instead of `trait_path`, for a format that writes keys
/// apart from values: JSON's `EncodeKey` for `Encode`, `DecodeKey<'de>` for `Decode<'de>`.
/// `None` for MessagePack, whose keys are values.
fn key_trait(trait_path: &syn::Path, fmt: &syn::Path) -> Option<syn::Path> {
    if fmt.segments.last()?.ident != "json" {
        return None;
    }
    let last = trait_path.segments.last()?;
    let name = match last.ident.to_string().as_str() {
        "Encode" => "EncodeKey",
        "Decode" => "DecodeKey",
        _ => return None,
    };
    let ident = syn::Ident::new(name, last.ident.span());
    let arguments = &last.arguments;
    Some(parse_quote!(#fmt::#ident #arguments))
}

/// Adds `T: trait_path` for every type parameter that appears in a field `selects` picks (and
/// `T::Assoc: trait_path` for associated types), in declaration order.
pub fn add_inferred_bounds(
    generics: &mut syn::Generics,
    cont: &Container,
    selects: impl Fn(&attr::Field) -> bool,
    trait_path: &syn::Path,
) {
    add_bounds(generics, cont, selects, trait_path, None);
}

/// [`add_inferred_bounds`], with `T: key_trait` instead for a parameter that appears in a
/// map's key position (and both for one that appears in both positions). Without a key trait,
/// keys are bound like values.
fn add_bounds(
    generics: &mut syn::Generics,
    cont: &Container,
    selects: impl Fn(&attr::Field) -> bool,
    trait_path: &syn::Path,
    key_trait: Option<&syn::Path>,
) {
    let type_params: HashSet<syn::Ident> = cont
        .generics
        .type_params()
        .map(|param| param.ident.clone())
        .collect();
    let mut finder = FindTypeParams {
        type_params: &type_params,
        used: HashSet::new(),
        keyed: HashSet::new(),
        in_key: false,
        associated: Vec::new(),
    };
    for field in cont.data.all_fields() {
        if selects(&field.attrs) {
            finder.visit_type(field.ty);
        }
    }
    let predicates = &mut generics.make_where_clause().predicates;
    for param in cont.generics.type_params() {
        let ident = &param.ident;
        let keyed = finder.keyed.contains(ident);
        if finder.used.contains(ident) || (keyed && key_trait.is_none()) {
            predicates.push(parse_quote!(#ident: #trait_path));
        }
        if let (true, Some(key_trait)) = (keyed, key_trait) {
            predicates.push(parse_quote!(#ident: #key_trait));
        }
    }
    let mut seen = HashSet::new();
    for path in finder.associated {
        let key = quote::ToTokens::to_token_stream(&path).to_string();
        if seen.insert(key) {
            predicates.push(parse_quote!(#path: #trait_path));
        }
    }
}

/// Whether `ty` mentions one of the container's type parameters (so a bound on it constrains
/// the impl, rather than being checked once where the impl is declared).
pub fn mentions_type_param(cont: &Container, ty: &syn::Type) -> bool {
    let type_params: HashSet<syn::Ident> = cont
        .generics
        .type_params()
        .map(|param| param.ident.clone())
        .collect();
    let mut finder = FindTypeParams {
        type_params: &type_params,
        used: HashSet::new(),
        keyed: HashSet::new(),
        in_key: false,
        associated: Vec::new(),
    };
    finder.visit_type(ty);
    !finder.used.is_empty() || !finder.keyed.is_empty() || !finder.associated.is_empty()
}

/// The map types whose first type argument is the key: std's, and the common crates' that
/// keep std's parameter order.
const MAP_TYPES: &[&str] = &[
    "BTreeMap",
    "HashMap",
    "IndexMap",
    "FxHashMap",
    "AHashMap",
    "DashMap",
];

struct FindTypeParams<'p, 'ast> {
    type_params: &'p HashSet<syn::Ident>,
    /// Parameters seen in value position.
    used: HashSet<syn::Ident>,
    /// Parameters seen in a map's key position.
    keyed: HashSet<syn::Ident>,
    /// Whether the visitor is inside a map's key type.
    in_key: bool,
    /// Paths like `T::Item`, which need a bound of their own.
    associated: Vec<&'ast syn::TypePath>,
}

impl<'ast> Visit<'ast> for FindTypeParams<'_, 'ast> {
    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        let Some(last) = ty.path.segments.last() else {
            return visit::visit_type_path(self, ty);
        };
        // `PhantomData<T>` encodes as `null` whatever `T` is.
        if last.ident == "PhantomData" {
            return;
        }
        if ty.qself.is_none() && ty.path.leading_colon.is_none() {
            if let Some(first) = ty.path.segments.first() {
                if self.type_params.contains(&first.ident) {
                    if ty.path.segments.len() > 1 {
                        self.associated.push(ty);
                    } else if self.in_key {
                        self.keyed.insert(first.ident.clone());
                    } else {
                        self.used.insert(first.ident.clone());
                    }
                }
            }
        }
        let map_arguments = match &last.arguments {
            syn::PathArguments::AngleBracketed(args)
                if MAP_TYPES.iter().any(|name| last.ident == name) =>
            {
                Some(args)
            }
            _ => None,
        };
        let Some(args) = map_arguments else {
            return visit::visit_type_path(self, ty);
        };
        if let Some(qself) = &ty.qself {
            self.visit_qself(qself);
        }
        let before_last = ty.path.segments.len() - 1;
        for segment in ty.path.segments.iter().take(before_last) {
            self.visit_path_segment(segment);
        }
        let mut types = 0;
        for arg in &args.args {
            match arg {
                syn::GenericArgument::Type(inner) if types == 0 => {
                    types += 1;
                    let outer = std::mem::replace(&mut self.in_key, true);
                    self.visit_type(inner);
                    self.in_key = outer;
                }
                syn::GenericArgument::Type(_) => {
                    types += 1;
                    self.visit_generic_argument(arg);
                }
                _ => self.visit_generic_argument(arg),
            }
        }
    }

    // Types written by macros cannot be looked into.
    fn visit_macro(&mut self, _mac: &'ast syn::Macro) {}
}

/// Rewrites the trait bounds of a user's `bound` that name serialization traits to the traits
/// of one format: `Serialize` and `Encode` to `fmt::Encode`, `Deserialize<'x>` and
/// `Decode<'x>` to `fmt::Decode<'x>`, `DeserializeOwned` and `DecodeOwned` to
/// `fmt::DecodeOwned`. Any other predicate is kept as written.
struct FormatTraits<'a> {
    fmt: &'a syn::Path,
}

impl VisitMut for FormatTraits<'_> {
    fn visit_trait_bound_mut(&mut self, bound: &mut syn::TraitBound) {
        let Some(last) = bound.path.segments.last() else {
            return;
        };
        let name = match last.ident.to_string().as_str() {
            "Serialize" | "Encode" => "Encode",
            "Deserialize" | "Decode" => "Decode",
            "DeserializeOwned" | "DecodeOwned" => "DecodeOwned",
            _ => return visit_mut::visit_trait_bound_mut(self, bound),
        };
        // A path of its own with the same last name (`my::Encode`) is the user's trait, unless
        // it goes through serde or one of fastwire's formats.
        let through = bound
            .path
            .segments
            .iter()
            .rev()
            .nth(1)
            .map(|s| s.ident.to_string());
        let ours = match through.as_deref() {
            None => true,
            Some("serde" | "de" | "ser" | "json" | "msgpack" | "fastwire") => true,
            Some(_) => false,
        };
        if !ours {
            return;
        }
        let ident = syn::Ident::new(name, last.ident.span());
        let arguments = last.arguments.clone();
        let fmt = self.fmt;
        bound.path = parse_quote!(#fmt::#ident #arguments);
    }
}
