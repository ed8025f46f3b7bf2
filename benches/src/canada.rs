//! A typed model of `canada.json`: a GeoJSON feature collection holding the outline of Canada
//! as one polygon of 480 rings and about 56,000 points (float-heavy).

use serde::{Deserialize, Serialize};

/// A GeoJSON `FeatureCollection`.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
pub struct Canada {
    /// `"FeatureCollection"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The features (one in the corpus).
    pub features: Vec<Feature>,
}

/// A GeoJSON `Feature`.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
pub struct Feature {
    /// `"Feature"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The feature's properties.
    pub properties: Properties,
    /// The feature's shape.
    pub geometry: Geometry,
}

/// Properties of a feature.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
pub struct Properties {
    /// Name of the feature (`"Canada"`).
    pub name: String,
}

/// A GeoJSON `Polygon` geometry.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
pub struct Geometry {
    /// `"Polygon"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Rings of `[longitude, latitude]` points.
    pub coordinates: Vec<Vec<[f64; 2]>>,
}

/// Reads and parses `canada.json` with serde_json.
///
/// # Panics
///
/// If the corpus file is missing or does not match the model.
pub fn load_canada() -> Canada {
    crate::data::load_corpus("canada.json")
}
