//! A typed model of `canada.json`: a GeoJSON feature collection holding the outline of Canada
//! as one polygon of 480 rings and about 56,000 points (float-heavy).
//!
//! Declared with [`models!`](crate::models): [`array`](mod@array) holds the array-form twins.

crate::models! {
    /// A GeoJSON `FeatureCollection`.
    pub struct Canada {
        /// `"FeatureCollection"`.
        #[serde(rename = "type")]
        #[msgpack(key = "type")]
        pub kind: String,
        /// The features (one in the corpus).
        pub features: Vec<Feature>,
    }

    /// A GeoJSON `Feature`.
    pub struct Feature {
        /// `"Feature"`.
        #[serde(rename = "type")]
        #[msgpack(key = "type")]
        pub kind: String,
        /// The feature's properties.
        pub properties: Properties,
        /// The feature's shape.
        pub geometry: Geometry,
    }

    /// Properties of a feature.
    pub struct Properties {
        /// Name of the feature (`"Canada"`).
        pub name: String,
    }

    /// A GeoJSON `Polygon` geometry.
    pub struct Geometry {
        /// `"Polygon"`.
        #[serde(rename = "type")]
        #[msgpack(key = "type")]
        pub kind: String,
        /// Rings of `[longitude, latitude]` points.
        pub coordinates: Vec<Vec<[f64; 2]>>,
    }
}

/// Reads and parses `canada.json` with serde_json.
///
/// # Panics
///
/// If the corpus file is missing or does not match the model.
pub fn load_canada() -> Canada {
    crate::data::load_corpus("canada.json")
}
