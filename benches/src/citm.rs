//! A typed model of `citm_catalog.json`: a concert hall's catalogue of events and performances.
//!
//! Keys are camelCase. The lookup tables are objects keyed by numeric ids written as strings,
//! modelled as `BTreeMap<String, _>`. Fields that are always `null` in the corpus are
//! `Option<String>`.
//!
//! Declared with [`models!`](crate::models): [`array`](mod@array) holds the array-form twins.

use std::collections::BTreeMap;

crate::models! {
    /// The whole catalogue.
    #[serde(rename_all = "camelCase")]
    pub struct CitmCatalog {
        /// Area id to area name.
        #[msgpack(key = "areaNames")]
        pub area_names: BTreeMap<String, String>,
        /// Audience sub-category id to name.
        #[msgpack(key = "audienceSubCategoryNames")]
        pub audience_sub_category_names: BTreeMap<String, String>,
        /// Block id to block name (empty in the corpus).
        #[msgpack(key = "blockNames")]
        pub block_names: BTreeMap<String, String>,
        /// Event id to event.
        pub events: BTreeMap<String, Event>,
        /// Every performance of every event.
        pub performances: Vec<Performance>,
        /// Seat category id to name.
        #[msgpack(key = "seatCategoryNames")]
        pub seat_category_names: BTreeMap<String, String>,
        /// Sub-topic id to name.
        #[msgpack(key = "subTopicNames")]
        pub sub_topic_names: BTreeMap<String, String>,
        /// Subject id to name (empty in the corpus).
        #[msgpack(key = "subjectNames")]
        pub subject_names: BTreeMap<String, String>,
        /// Topic id to name.
        #[msgpack(key = "topicNames")]
        pub topic_names: BTreeMap<String, String>,
        /// Topic id to the ids of its sub-topics.
        #[msgpack(key = "topicSubTopics")]
        pub topic_sub_topics: BTreeMap<String, Vec<u64>>,
        /// Venue code to venue name.
        #[msgpack(key = "venueNames")]
        pub venue_names: BTreeMap<String, String>,
    }

    /// An event (a concert programme), performed one or more times.
    #[serde(rename_all = "camelCase")]
    pub struct Event {
        /// Description (always `null` in the corpus).
        pub description: Option<String>,
        /// Numeric id.
        pub id: u64,
        /// Logo image path.
        pub logo: Option<String>,
        /// Event name.
        pub name: String,
        /// Sub-topics the event belongs to.
        #[msgpack(key = "subTopicIds")]
        pub sub_topic_ids: Vec<u64>,
        /// Subject code (always `null` in the corpus).
        #[msgpack(key = "subjectCode")]
        pub subject_code: Option<String>,
        /// Subtitle (always `null` in the corpus).
        pub subtitle: Option<String>,
        /// Topics the event belongs to.
        #[msgpack(key = "topicIds")]
        pub topic_ids: Vec<u64>,
    }

    /// One performance of an event.
    #[serde(rename_all = "camelCase")]
    pub struct Performance {
        /// The event performed.
        #[msgpack(key = "eventId")]
        pub event_id: u64,
        /// Numeric id.
        pub id: u64,
        /// Logo image path.
        pub logo: Option<String>,
        /// Name (always `null` in the corpus).
        pub name: Option<String>,
        /// Prices by seat category and audience.
        pub prices: Vec<Price>,
        /// Seat categories on sale and their areas.
        #[msgpack(key = "seatCategories")]
        pub seat_categories: Vec<SeatCategory>,
        /// Seat map image (always `null` in the corpus).
        #[msgpack(key = "seatMapImage")]
        pub seat_map_image: Option<String>,
        /// Start time, milliseconds since the Unix epoch.
        pub start: u64,
        /// Venue code (a key of [`CitmCatalog::venue_names`]).
        #[msgpack(key = "venueCode")]
        pub venue_code: String,
    }

    /// A price for one seat category and audience.
    #[serde(rename_all = "camelCase")]
    pub struct Price {
        /// Amount in hundredths of the currency unit.
        pub amount: u64,
        /// Audience sub-category the price applies to.
        #[msgpack(key = "audienceSubCategoryId")]
        pub audience_sub_category_id: u64,
        /// Seat category the price applies to.
        #[msgpack(key = "seatCategoryId")]
        pub seat_category_id: u64,
    }

    /// A seat category and the areas it covers.
    #[serde(rename_all = "camelCase")]
    pub struct SeatCategory {
        /// The areas.
        pub areas: Vec<Area>,
        /// Seat category id.
        #[msgpack(key = "seatCategoryId")]
        pub seat_category_id: u64,
    }

    /// An area of the hall and its blocks.
    #[serde(rename_all = "camelCase")]
    pub struct Area {
        /// Area id.
        #[msgpack(key = "areaId")]
        pub area_id: u64,
        /// Block ids (empty in the corpus).
        #[msgpack(key = "blockIds")]
        pub block_ids: Vec<u64>,
    }
}

/// Reads and parses `citm_catalog.json` with serde_json.
///
/// # Panics
///
/// If the corpus file is missing or does not match the model.
pub fn load_citm() -> CitmCatalog {
    crate::data::load_corpus("citm_catalog.json")
}
