//! Where-clauses for generated impls: a bound only on the type parameters that appear in the
//! fields being encoded (never on a parameter used only in skipped fields or in
//! `PhantomData`), unless the user's `bound` attribute replaces inference. A `bound` names the
//! traits generically, as serde's does: `Serialize` (or any format's `Encode`) means the
//! encode trait of the format whose impl is being written, `Deserialize<'de>` and
//! `DeserializeOwned` (or `Decode<'de>`, `DecodeOwned`) its decode traits.

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
    for field in cont.data.all_fields() {
        if (source.uses_field)(&field.attrs) {
            if let Some(bounds) = (source.field_bound)(&field.attrs) {
                explicit.extend(for_format(bounds));
            }
        }
    }
    generics.make_where_clause().predicates.extend(explicit);
    let infer =
        |field: &attr::Field| (source.uses_field)(field) && (source.field_bound)(field).is_none();
    add_inferred_bounds(&mut generics, cont, infer, trait_path);
    generics
}

/// Adds `T: trait_path` for every type parameter that appears in a field `selects` picks (and
/// `T::Assoc: trait_path` for associated types), in declaration order.
pub fn add_inferred_bounds(
    generics: &mut syn::Generics,
    cont: &Container,
    selects: impl Fn(&attr::Field) -> bool,
    trait_path: &syn::Path,
) {
    let type_params: HashSet<syn::Ident> = cont
        .generics
        .type_params()
        .map(|param| param.ident.clone())
        .collect();
    let mut finder = FindTypeParams {
        type_params: &type_params,
        used: HashSet::new(),
        associated: Vec::new(),
    };
    for field in cont.data.all_fields() {
        if selects(&field.attrs) {
            finder.visit_type(field.ty);
        }
    }
    let predicates = &mut generics.make_where_clause().predicates;
    for param in cont.generics.type_params() {
        if finder.used.contains(&param.ident) {
            let ident = &param.ident;
            predicates.push(parse_quote!(#ident: #trait_path));
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
        associated: Vec::new(),
    };
    finder.visit_type(ty);
    !finder.used.is_empty() || !finder.associated.is_empty()
}

struct FindTypeParams<'p, 'ast> {
    type_params: &'p HashSet<syn::Ident>,
    used: HashSet<syn::Ident>,
    /// Paths like `T::Item`, which need a bound of their own.
    associated: Vec<&'ast syn::TypePath>,
}

impl<'ast> Visit<'ast> for FindTypeParams<'_, 'ast> {
    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        if let Some(last) = ty.path.segments.last() {
            // `PhantomData<T>` encodes as `null` whatever `T` is.
            if last.ident == "PhantomData" {
                return;
            }
        }
        if ty.qself.is_none() && ty.path.leading_colon.is_none() {
            if let Some(first) = ty.path.segments.first() {
                if self.type_params.contains(&first.ident) {
                    if ty.path.segments.len() == 1 {
                        self.used.insert(first.ident.clone());
                    } else {
                        self.associated.push(ty);
                    }
                }
            }
        }
        visit::visit_type_path(self, ty);
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
