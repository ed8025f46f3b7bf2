//! The model the generators read: a container with its variants and fields, every attribute
//! already parsed and every rename rule already applied. Each node keeps the syn node it came
//! from so later stages can still point at the user's code.

use crate::attr;
use crate::ctxt::Ctxt;
use crate::Direction;

/// A struct or enum being derived.
pub struct Container<'a> {
    pub ident: syn::Ident,
    pub attrs: attr::Container,
    pub data: Data<'a>,
    pub generics: &'a syn::Generics,
    /// The item as written, for what the attributes do not say (`#[repr(u8)]`, discriminants).
    pub original: &'a syn::DeriveInput,
}

pub enum Data<'a> {
    Enum(Vec<Variant<'a>>),
    Struct(Style, Vec<Field<'a>>),
}

pub struct Variant<'a> {
    pub ident: syn::Ident,
    pub attrs: attr::Variant,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
    /// For a variant written or read by a variant-level serde function in the derived
    /// direction: its shape and fields as declared. The variant is then modelled as a newtype
    /// variant whose one field stands for all of them (see [`Container::spread_variants`]).
    pub spread: Option<(Style, Vec<Field<'a>>)>,
}

pub struct Field<'a> {
    pub member: syn::Member,
    pub attrs: attr::Field,
    pub ty: &'a syn::Type,
    pub original: &'a syn::Field,
    /// For the field standing for a variant's fields under a variant-level function: their
    /// types, which the function takes one reference each of when writing.
    pub spread: Option<Vec<&'a syn::Type>>,
}

/// The shape of a struct or variant.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Style {
    /// `{ a: A, b: B }`
    Struct,
    /// `(A, B)`
    Tuple,
    /// `(A)`
    Newtype,
    /// no fields
    Unit,
}

impl<'a> Container<'a> {
    /// Builds the model, or `None` for input fastwire cannot take at all (a union); errors
    /// go to `cx`.
    pub fn from_ast(cx: &Ctxt, item: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = attr::Container::from_ast(cx, item);
        let mut data = match &item.data {
            syn::Data::Enum(data) => Data::Enum(enum_from_ast(cx, &data.variants)),
            syn::Data::Struct(data) => {
                let (style, fields) = struct_from_ast(cx, &data.fields);
                Data::Struct(style, fields)
            }
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "fastwire cannot derive for a union: its active field is not known at run time; use an enum or implement the traits by hand",
                );
                return None;
            }
        };

        match &mut data {
            Data::Enum(variants) => {
                for variant in variants {
                    variant.attrs.rename_by_rules(&attrs.rename_all);
                    let field_rules = variant.attrs.rename_all.or(&attrs.rename_all_fields);
                    for field in &mut variant.fields {
                        field.attrs.rename_by_rules(&field_rules);
                    }
                }
            }
            Data::Struct(_, fields) => {
                for field in fields {
                    field.attrs.rename_by_rules(&attrs.rename_all);
                }
            }
        }

        Some(Container {
            ident: item.ident.clone(),
            attrs,
            data,
            generics: &item.generics,
            original: item,
        })
    }
}

impl Data<'_> {
    /// Every field, of every variant.
    pub fn all_fields(&self) -> Box<dyn Iterator<Item = &Field<'_>> + '_> {
        match self {
            Data::Enum(variants) => Box::new(variants.iter().flat_map(|v| v.fields.iter())),
            Data::Struct(_, fields) => Box::new(fields.iter()),
        }
    }
}

fn enum_from_ast<'a>(
    cx: &Ctxt,
    variants: &'a syn::punctuated::Punctuated<syn::Variant, syn::Token![,]>,
) -> Vec<Variant<'a>> {
    variants
        .iter()
        .map(|variant| {
            let attrs = attr::Variant::from_ast(cx, variant);
            let (style, fields) = struct_from_ast(cx, &variant.fields);
            Variant {
                ident: variant.ident.clone(),
                attrs,
                style,
                fields,
                spread: None,
            }
        })
        .collect()
}

fn struct_from_ast<'a>(cx: &Ctxt, fields: &'a syn::Fields) -> (Style, Vec<Field<'a>>) {
    match fields {
        syn::Fields::Named(fields) => (Style::Struct, fields_from_ast(cx, &fields.named)),
        syn::Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
            (Style::Newtype, fields_from_ast(cx, &fields.unnamed))
        }
        syn::Fields::Unnamed(fields) => (Style::Tuple, fields_from_ast(cx, &fields.unnamed)),
        syn::Fields::Unit => (Style::Unit, Vec::new()),
    }
}

fn fields_from_ast<'a>(
    cx: &Ctxt,
    fields: &'a syn::punctuated::Punctuated<syn::Field, syn::Token![,]>,
) -> Vec<Field<'a>> {
    fields
        .iter()
        .enumerate()
        .map(|(index, field)| Field {
            member: match &field.ident {
                Some(ident) => syn::Member::Named(ident.clone()),
                None => syn::Member::Unnamed(index.into()),
            },
            attrs: attr::Field::from_ast(cx, index, field),
            ty: &field.ty,
            original: field,
            spread: None,
        })
        .collect()
}

/// For each variant of an enum, a field whose type is what a variant-level serde function
/// reads (serde's rule: the one field's type, a tuple of several, `()` for none); the fields
/// [`Container::spread_variants`] gives such variants live here.
pub fn spread_fields(item: &syn::DeriveInput) -> Vec<syn::Field> {
    let syn::Data::Enum(data) = &item.data else {
        return Vec::new();
    };
    data.variants
        .iter()
        .map(|variant| {
            let types = variant.fields.iter().map(|field| &field.ty);
            let ty: syn::Type = if variant.fields.len() == 1 {
                variant.fields.iter().next().expect("one field").ty.clone()
            } else {
                syn::parse_quote_spanned!(variant.ident.span()=> (#(#types),*))
            };
            syn::Field {
                attrs: Vec::new(),
                vis: syn::Visibility::Inherited,
                mutability: syn::FieldMutability::None,
                ident: None,
                colon_token: None,
                ty,
            }
        })
        .collect()
}

impl<'a> Container<'a> {
    /// Models each variant with a variant-level serde function for `direction`
    /// (`serialize_with` / `deserialize_with`, a serde `with` module) as a newtype variant
    /// whose one field, of a type from `spread` (see [`spread_fields`]), is written or read by
    /// that function: serde writes and reads such a variant as a newtype variant whatever its
    /// shape. A `#[wire(with)]` module on a newtype variant goes to its field.
    pub fn spread_variants(&mut self, cx: &Ctxt, direction: Direction, spread: &'a [syn::Field]) {
        let Data::Enum(variants) = &mut self.data else {
            return;
        };
        for (variant, synthetic) in variants.iter_mut().zip(spread) {
            if let Some((attr::Codec::Native(_), _)) = &variant.attrs.with {
                if variant.style == Style::Newtype {
                    variant.fields[0].attrs.with = variant.attrs.with.clone();
                }
                continue;
            }
            let function = match direction {
                Direction::Encode => &variant.attrs.serialize_with,
                Direction::Decode => &variant.attrs.deserialize_with,
            };
            let Some(function) = function.clone() else {
                continue;
            };
            let mut attrs = attr::Field::from_ast(cx, 0, synthetic);
            match direction {
                Direction::Encode => attrs.serialize_with = Some(function),
                Direction::Decode => attrs.deserialize_with = Some(function),
            }
            let types = variant.fields.iter().map(|field| field.ty).collect();
            let field = Field {
                member: syn::Member::Unnamed(0.into()),
                attrs,
                ty: &synthetic.ty,
                original: synthetic,
                spread: Some(types),
            };
            let fields = std::mem::replace(&mut variant.fields, vec![field]);
            variant.spread = Some((variant.style, fields));
            variant.style = Style::Newtype;
        }
    }
}

impl<'a> Container<'a> {
    /// For a `transparent` struct: the field it is encoded or decoded as. serde's rule: every
    /// field but `PhantomData` ones, and fields skipped (or, when decoding, defaulted) in that
    /// direction, is a candidate; the checks make sure there is exactly one.
    pub fn transparent_candidates(&self, direction: Direction) -> Vec<&Field<'a>> {
        match &self.data {
            Data::Struct(_, fields) => fields
                .iter()
                .filter(|field| field.can_be_transparent(direction))
                .collect(),
            Data::Enum(_) => Vec::new(),
        }
    }
}

impl Field<'_> {
    fn can_be_transparent(&self, direction: Direction) -> bool {
        let mut ty = self.ty;
        while let syn::Type::Group(group) = ty {
            ty = &group.elem;
        }
        if let syn::Type::Path(path) = ty {
            if path
                .path
                .segments
                .last()
                .is_some_and(|s| s.ident == "PhantomData")
            {
                return false;
            }
        }
        match direction {
            Direction::Encode => !self.attrs.skip_serializing,
            Direction::Decode => {
                !self.attrs.skip_deserializing
                    && matches!(self.attrs.default, crate::attr::DefaultValue::None)
            }
        }
    }
}
