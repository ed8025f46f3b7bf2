//! Names as decoders match them, whatever the format: a variant's accepted names (its name and
//! aliases), the `match` from a name's bytes to the variant, and serde's wording of what was
//! expected when a name matches none.

use std::collections::BTreeSet;

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::ast::Variant;

/// A variant's name and aliases, in the order serde lists them in errors (sorted).
pub fn accepted_names<'v>(variant: &'v Variant) -> BTreeSet<&'v str> {
    let name = &variant.attrs.name;
    let mut names: BTreeSet<&str> = name.aliases.iter().map(String::as_str).collect();
    names.insert(&name.deserialize);
    names
}

/// Every accepted name of `variants`, variant by variant, as serde lists them in "unknown
/// variant" errors.
pub fn listed_names(variants: &[&Variant]) -> Vec<String> {
    variants
        .iter()
        .flat_map(|variant| accepted_names(variant))
        .map(str::to_owned)
        .collect()
}

/// An expression of type `Option<Self>`: the unit variant of `variants` whose name or alias is
/// `__bytes` (a `&[u8]` in scope), or `None`.
pub fn match_name(krate: &syn::Path, variants: &[&Variant]) -> TokenStream {
    let arms = variants.iter().map(|variant| {
        let ident = &variant.ident;
        let names = accepted_names(variant)
            .into_iter()
            .map(|name| syn::LitByteStr::new(name.as_bytes(), Span::call_site()));
        quote!(#(#names)|* => #krate::__private::Some(Self::#ident),)
    });
    quote! {
        match __bytes {
            #(#arms)*
            _ => #krate::__private::None,
        }
    }
}

/// What a name was, in serde's words: a field or an enum's variant.
#[derive(Copy, Clone)]
pub enum Kind {
    Field,
    Variant,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Field => "field",
            Kind::Variant => "variant",
        }
    }
}

/// The end of serde's "unknown variant `x`, ..." message, after the name found: what was
/// expected among `names` (`expected `a``, `expected `a` or `b``, `expected one of `a`, `b`,
/// `c``), or that there is nothing to expect.
pub fn expected_phrase(kind: Kind, names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    match quoted.as_slice() {
        [] => format!("there are no {}s", kind.word()),
        [only] => format!("expected {only}"),
        [first, second] => format!("expected {first} or {second}"),
        all => format!("expected one of {}", all.join(", ")),
    }
}

/// An expression building serde's "unknown variant `found`, expected ..." message as a
/// `String` at run time; `found` is a `&str` expression.
pub fn unknown_message(
    krate: &syn::Path,
    kind: Kind,
    names: &[String],
    found: TokenStream,
) -> TokenStream {
    let head = format!("unknown {} `", kind.word());
    let tail = format!("`, {}", expected_phrase(kind, names));
    quote! {{
        let mut __message = #krate::__private::string_from(#head);
        #krate::__private::String::push_str(&mut __message, #found);
        #krate::__private::String::push_str(&mut __message, #tail);
        __message
    }}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_phrases_read_like_serde() {
        let names = |list: &[&str]| list.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        assert_eq!(
            expected_phrase(Kind::Variant, &names(&[])),
            "there are no variants"
        );
        assert_eq!(expected_phrase(Kind::Field, &names(&["a"])), "expected `a`");
        assert_eq!(
            expected_phrase(Kind::Variant, &names(&["A", "B"])),
            "expected `A` or `B`"
        );
        assert_eq!(
            expected_phrase(Kind::Variant, &names(&["A", "B", "C"])),
            "expected one of `A`, `B`, `C`"
        );
    }
}
