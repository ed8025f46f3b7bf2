//! Borrowing from the input, by serde's rules: `&str` and `&[u8]` fields (and `Option`s of them)
//! borrow implicitly, any
//! other field borrows only under `#[serde(borrow)]` (all its lifetimes, or those named in
//! `borrow = "'a + 'b"`). The decode impl requires `'de` to outlive exactly these lifetimes, so a
//! type borrowing nothing (say, one with a `Cow<'static, str>` field) decodes from input of any
//! lifetime, as with serde. A `Cow<str>` or `Cow<[u8]>` field under `#[serde(borrow)]` borrows
//! where the input allows; without it, it is always owned.

use std::collections::BTreeSet;

use syn::visit::{self, Visit};

use crate::ast::{Container, Field};

/// The lifetimes the input must outlive: those of borrowed fields.
pub fn borrowed_lifetimes(cont: &Container) -> BTreeSet<syn::Lifetime> {
    let mut out = BTreeSet::new();
    for field in cont.data.all_fields() {
        if field.attrs.skip_deserializing {
            continue;
        }
        match &field.attrs.borrow {
            Some((named, _)) if !named.is_empty() => out.extend(named.iter().cloned()),
            Some(_) => out.extend(lifetimes_in(field.ty)),
            None => {
                if let Some(lifetime) = implicitly_borrowed(field.ty) {
                    out.insert(lifetime);
                }
            }
        }
    }
    out
}

/// `'a` for `&'a str`, `&'a [u8]` and an `Option` of either: the types serde borrows without
/// being told.
fn implicitly_borrowed(ty: &syn::Type) -> Option<syn::Lifetime> {
    borrowed_reference(ty).or_else(|| option_inner(ty).and_then(borrowed_reference))
}

/// `T` for `Option<T>`.
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = ungroup(ty) else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(ty) if args.args.len() == 1 => Some(ty),
        _ => None,
    }
}

/// `'a` for `&'a str` and `&'a [u8]`.
fn borrowed_reference(ty: &syn::Type) -> Option<syn::Lifetime> {
    let syn::Type::Reference(reference) = ungroup(ty) else {
        return None;
    };
    if reference.mutability.is_some() {
        return None;
    }
    let is_str_or_bytes = match ungroup(&reference.elem) {
        syn::Type::Path(path) => is_primitive(path, "str"),
        syn::Type::Slice(slice) => {
            matches!(ungroup(&slice.elem), syn::Type::Path(p) if is_primitive(p, "u8"))
        }
        _ => false,
    };
    if is_str_or_bytes {
        reference.lifetime.clone()
    } else {
        None
    }
}

/// Every lifetime mentioned in `ty`.
fn lifetimes_in(ty: &syn::Type) -> BTreeSet<syn::Lifetime> {
    struct Collect(BTreeSet<syn::Lifetime>);
    impl<'ast> Visit<'ast> for Collect {
        fn visit_lifetime(&mut self, lifetime: &'ast syn::Lifetime) {
            if lifetime.ident != "_" {
                self.0.insert(lifetime.clone());
            }
        }
        // Types written by macros cannot be looked into.
        fn visit_macro(&mut self, _mac: &'ast syn::Macro) {}
    }
    let mut collect = Collect(BTreeSet::new());
    visit::visit_type(&mut collect, ty);
    collect.0
}

/// What a `Cow` field holds, when it is one serde borrows under `#[serde(borrow)]`.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum CowKind {
    Str,
    Bytes,
}

/// Whether `field` is a `Cow<str>` or `Cow<[u8]>` under `#[serde(borrow)]`.
pub fn borrowed_cow(field: &Field) -> Option<CowKind> {
    field.attrs.borrow.as_ref()?;
    let syn::Type::Path(path) = ungroup(field.ty) else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Cow" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    let inner = args.args.iter().find_map(|arg| match arg {
        syn::GenericArgument::Type(ty) => Some(ty),
        _ => None,
    })?;
    match ungroup(inner) {
        syn::Type::Path(p) if is_primitive(p, "str") => Some(CowKind::Str),
        syn::Type::Slice(slice) => match ungroup(&slice.elem) {
            syn::Type::Path(p) if is_primitive(p, "u8") => Some(CowKind::Bytes),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `path` names the primitive `name`: `str`, or spelled out as `core::primitive::str`
/// (with or without a leading `::`, or through `std`), as macro-hygienic code writes it.
fn is_primitive(path: &syn::TypePath, name: &str) -> bool {
    if path.qself.is_some() || path.path.segments.iter().any(|s| !s.arguments.is_empty()) {
        return false;
    }
    let segments: Vec<String> = path
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    match segments.as_slice() {
        [only] => path.path.leading_colon.is_none() && only == name,
        [krate, module, last] => {
            (krate == "core" || krate == "std") && module == "primitive" && last == name
        }
        _ => false,
    }
}

fn ungroup(mut ty: &syn::Type) -> &syn::Type {
    loop {
        match ty {
            syn::Type::Group(group) => ty = &group.elem,
            syn::Type::Paren(paren) => ty = &paren.elem,
            _ => return ty,
        }
    }
}
