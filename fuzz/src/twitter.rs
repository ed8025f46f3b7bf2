//! A typed model of `twitter.json` (one page of Twitter search results), as the benchmarks
//! declare it, with serde's derives (the oracle), fastwire's derives and `Arbitrary`.

use arbitrary::Arbitrary;

/// Declares each struct with every derive the targets need.
macro_rules! models {
    (
        $(
            $(#[$attr:meta])*
            pub struct $name:ident {
                $(
                    $(#[$field_attr:meta])*
                    pub $field:ident: $ty:ty,
                )*
            }
        )*
    ) => {
        $(
            #[derive(
                serde::Serialize,
                serde::Deserialize,
                fastwire::Encode,
                fastwire::Decode,
                Arbitrary,
                Debug,
                Clone,
                PartialEq,
            )]
            $(#[$attr])*
            pub struct $name {
                $(
                    $(#[$field_attr])*
                    pub $field: $ty,
                )*
            }
        )*
    };
}

models! {
    /// The whole document: the statuses found and the metadata of the search.
    pub struct Twitter {
        /// The tweets matching the query.
        pub statuses: Vec<Status>,
        /// Paging and timing information about the search.
        pub search_metadata: SearchMetadata,
    }

    /// One tweet, possibly a retweet of another.
    pub struct Status {
        /// How the search engine classified this result.
        pub metadata: StatusMetadata,
        /// Creation time, as Twitter writes it (`"Sun Aug 31 00:29:15 +0000 2014"`).
        pub created_at: String,
        /// Numeric id.
        pub id: u64,
        /// The id as a decimal string.
        pub id_str: String,
        /// The text of the tweet.
        pub text: String,
        /// An HTML link to the client that posted it.
        pub source: String,
        /// Whether the text was truncated.
        pub truncated: bool,
        /// The status this one replies to.
        pub in_reply_to_status_id: Option<u64>,
        /// [`Status::in_reply_to_status_id`] as a string.
        pub in_reply_to_status_id_str: Option<String>,
        /// The user this status replies to.
        pub in_reply_to_user_id: Option<u64>,
        /// [`Status::in_reply_to_user_id`] as a string.
        pub in_reply_to_user_id_str: Option<String>,
        /// The screen name of the user this status replies to.
        pub in_reply_to_screen_name: Option<String>,
        /// The author.
        pub user: User,
        /// Always `null` in the corpus.
        pub geo: (),
        /// Always `null` in the corpus.
        pub coordinates: (),
        /// Always `null` in the corpus.
        pub place: (),
        /// Always `null` in the corpus.
        pub contributors: (),
        /// The original tweet, when this one is a retweet.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub retweeted_status: Option<Box<Status>>,
        /// How many times it was retweeted.
        pub retweet_count: u32,
        /// How many times it was marked as a favourite.
        pub favorite_count: u32,
        /// Hashtags, links and mentions found in the text.
        pub entities: StatusEntities,
        /// Whether the searching user marked it as a favourite.
        pub favorited: bool,
        /// Whether the searching user retweeted it.
        pub retweeted: bool,
        /// Present only on tweets that carry a link.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub possibly_sensitive: Option<bool>,
        /// Detected language (BCP 47).
        pub lang: String,
    }

    /// Search classification of a status.
    pub struct StatusMetadata {
        /// `"recent"` or `"popular"`.
        pub result_type: String,
        /// Language code.
        pub iso_language_code: String,
    }

    /// A Twitter account.
    pub struct User {
        /// Numeric id.
        pub id: u64,
        /// The id as a decimal string.
        pub id_str: String,
        /// Display name.
        pub name: String,
        /// Handle, without the `@`.
        pub screen_name: String,
        /// Free-text location.
        pub location: String,
        /// Profile text.
        pub description: String,
        /// Home page.
        pub url: Option<String>,
        /// Links found in the profile.
        pub entities: UserEntities,
        /// Whether the account's tweets are protected.
        pub protected: bool,
        /// Number of followers.
        pub followers_count: u32,
        /// Number of accounts followed.
        pub friends_count: u32,
        /// Number of public lists the account is on.
        pub listed_count: u32,
        /// Creation time of the account.
        pub created_at: String,
        /// Number of favourites.
        pub favourites_count: u32,
        /// Offset from UTC in seconds.
        pub utc_offset: Option<i32>,
        /// Time zone name.
        pub time_zone: Option<String>,
        /// Whether geotagging is enabled.
        pub geo_enabled: bool,
        /// Whether the account is verified.
        pub verified: bool,
        /// Number of tweets posted.
        pub statuses_count: u32,
        /// Interface language.
        pub lang: String,
        /// Whether contributor mode is enabled.
        pub contributors_enabled: bool,
        /// Whether the user is a volunteer translator.
        pub is_translator: bool,
        /// Whether the user has translation enabled.
        pub is_translation_enabled: bool,
        /// Profile background colour (hex, no `#`).
        pub profile_background_color: String,
        /// Profile background image (http).
        pub profile_background_image_url: String,
        /// Profile background image (https).
        pub profile_background_image_url_https: String,
        /// Whether the background image is tiled.
        pub profile_background_tile: bool,
        /// Avatar (http).
        pub profile_image_url: String,
        /// Avatar (https).
        pub profile_image_url_https: String,
        /// Banner image; absent for some accounts.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub profile_banner_url: Option<String>,
        /// Link colour.
        pub profile_link_color: String,
        /// Sidebar border colour.
        pub profile_sidebar_border_color: String,
        /// Sidebar fill colour.
        pub profile_sidebar_fill_color: String,
        /// Text colour.
        pub profile_text_color: String,
        /// Whether the background image is shown.
        pub profile_use_background_image: bool,
        /// Whether the profile is left at its defaults.
        pub default_profile: bool,
        /// Whether the avatar is the default one.
        pub default_profile_image: bool,
        /// Whether the searching user follows this one.
        pub following: bool,
        /// Whether a follow request is pending.
        pub follow_request_sent: bool,
        /// Whether the searching user gets notifications from this one.
        pub notifications: bool,
    }

    /// Links found in a user's profile.
    pub struct UserEntities {
        /// Links in the home page field; absent when the user has none.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub url: Option<UserUrls>,
        /// Links in the profile text.
        pub description: UserUrls,
    }

    /// A list of links in one profile field.
    pub struct UserUrls {
        /// The links.
        pub urls: Vec<Url>,
    }

    /// A shortened link and where it appears in the text.
    pub struct Url {
        /// The `t.co` link.
        pub url: String,
        /// The original link.
        pub expanded_url: String,
        /// The link as shown.
        pub display_url: String,
        /// Start and end offsets in the text.
        pub indices: [u32; 2],
    }

    /// Entities found in a tweet's text.
    pub struct StatusEntities {
        /// `#hashtags`.
        pub hashtags: Vec<Hashtag>,
        /// `$cashtags` (same shape as hashtags; empty in the corpus).
        pub symbols: Vec<Hashtag>,
        /// Links.
        pub urls: Vec<Url>,
        /// `@mentions`.
        pub user_mentions: Vec<UserMention>,
        /// Attached photos; absent when there are none.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub media: Option<Vec<Media>>,
    }

    /// A hashtag and where it appears in the text.
    pub struct Hashtag {
        /// The tag, without the `#`.
        pub text: String,
        /// Start and end offsets in the text.
        pub indices: [u32; 2],
    }

    /// A mention of another user.
    pub struct UserMention {
        /// Handle of the mentioned user.
        pub screen_name: String,
        /// Display name of the mentioned user.
        pub name: String,
        /// Numeric id of the mentioned user.
        pub id: u64,
        /// The id as a decimal string.
        pub id_str: String,
        /// Start and end offsets in the text.
        pub indices: [u32; 2],
    }

    /// An attached photo.
    pub struct Media {
        /// Numeric id.
        pub id: u64,
        /// The id as a decimal string.
        pub id_str: String,
        /// Start and end offsets in the text.
        pub indices: [u32; 2],
        /// Image location (http).
        pub media_url: String,
        /// Image location (https).
        pub media_url_https: String,
        /// The `t.co` link.
        pub url: String,
        /// The link as shown.
        pub display_url: String,
        /// The link to the photo page.
        pub expanded_url: String,
        /// Media kind (`"photo"`).
        #[serde(rename = "type")]
        pub kind: String,
        /// The available renditions.
        pub sizes: Sizes,
        /// The status the photo was first posted with, for reposted photos.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub source_status_id: Option<u64>,
        /// [`Media::source_status_id`] as a string.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub source_status_id_str: Option<String>,
    }

    /// The renditions of a photo.
    pub struct Sizes {
        /// Medium rendition.
        pub medium: Size,
        /// Small rendition.
        pub small: Size,
        /// Thumbnail.
        pub thumb: Size,
        /// Large rendition.
        pub large: Size,
    }

    /// One rendition of a photo.
    pub struct Size {
        /// Width in pixels.
        pub w: u32,
        /// Height in pixels.
        pub h: u32,
        /// `"fit"` or `"crop"`.
        pub resize: String,
    }

    /// Paging and timing information about a search.
    pub struct SearchMetadata {
        /// Seconds the search took.
        pub completed_in: f64,
        /// Highest status id returned.
        pub max_id: u64,
        /// [`SearchMetadata::max_id`] as a string.
        pub max_id_str: String,
        /// Query string of the next page.
        pub next_results: String,
        /// The query, URL-encoded.
        pub query: String,
        /// Query string that refreshes this page.
        pub refresh_url: String,
        /// Statuses per page.
        pub count: u32,
        /// Lowest status id asked for.
        pub since_id: u64,
        /// [`SearchMetadata::since_id`] as a string.
        pub since_id_str: String,
    }
}
