//! GitHub REST API and webhook payloads after `octocrab` 0.44's models (`models`
//! and `models::webhook_events`), with fastwire's derives next to serde's. `url::Url` fields
//! are `String`s here, and so are octocrab's `chrono::DateTime<Utc>` fields: the MessagePack
//! decoder the derive generates for a struct needs `msgpack::Decode` of every field, which a
//! type with only serde's traits lacks (the original form is in `pending/`).

use serde::{Deserialize, Serialize};

/// Original: `chrono::DateTime<chrono::Utc>`, whose serde impls write RFC 3339 strings.
pub type Timestamp = String;

#[derive(
    Debug, Copy, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(transparent)]
pub struct UserId(pub u64);

#[derive(
    Debug, Copy, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(transparent)]
pub struct RepositoryId(pub u64);

#[derive(
    Debug, Copy, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(transparent)]
pub struct IssueId(pub u64);

/// A user or organization, as it appears inside other payloads.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct Author {
    pub login: String,
    pub id: UserId,
    pub node_id: String,
    pub avatar_url: String,
    pub gravatar_id: String,
    pub url: String,
    pub html_url: String,
    pub followers_url: String,
    pub following_url: String,
    pub gists_url: String,
    pub starred_url: String,
    pub subscriptions_url: String,
    pub organizations_url: String,
    pub repos_url: String,
    pub events_url: String,
    pub received_events_url: String,
    pub r#type: String,
    pub site_admin: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patch_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct License {
    pub key: String,
    pub name: String,
    pub node_id: String,
    pub spdx_id: String,
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html_url: Option<String>,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct Permissions {
    #[serde(default)]
    pub admin: bool,
    pub push: bool,
    pub pull: bool,
    #[serde(default)]
    pub triage: bool,
    #[serde(default)]
    pub maintain: bool,
}

/// A repository; forks carry their parent and source, themselves repositories.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct Repository {
    pub id: RepositoryId,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_id: Option<String>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub full_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<Author>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub private: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fork: Option<bool>,
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub homepage: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forks_count: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stargazers_count: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_branch: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub topics: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub archived: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permissions: Option<Permissions>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub license: Option<License>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template_repository: Option<Box<Repository>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pushed_at: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<Box<Repository>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<Box<Repository>>,
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum IssueState {
    Open,
    Closed,
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum IssueStateReason {
    Completed,
    NotPlanned,
    Reopened,
}

/// How the author of an issue or comment is related to the repository; values GitHub adds
/// later are kept as strings.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[non_exhaustive]
pub enum AuthorAssociation {
    Collaborator,
    Contributor,
    FirstTimer,
    FirstTimeContributor,
    Mannequin,
    Member,
    None,
    Owner,
    #[serde(untagged)]
    Other(String),
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct Label {
    pub id: u64,
    pub node_id: String,
    pub url: String,
    pub name: String,
    pub color: String,
    pub default: bool,
    pub description: Option<String>,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct Milestone {
    pub url: String,
    pub html_url: String,
    pub id: u64,
    pub number: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creator: Option<Author>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_issues: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_issues: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub due_on: Option<Timestamp>,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct PullRequestLink {
    pub url: String,
    pub html_url: String,
    pub diff_url: String,
    pub patch_url: String,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct Issue {
    pub id: IssueId,
    pub node_id: String,
    pub url: String,
    pub repository_url: String,
    pub labels_url: String,
    pub comments_url: String,
    pub events_url: String,
    pub html_url: String,
    pub number: u64,
    pub state: IssueState,
    pub state_reason: Option<IssueStateReason>,
    pub title: String,
    pub body: Option<String>,
    pub user: Author,
    pub labels: Vec<Label>,
    pub assignee: Option<Author>,
    pub assignees: Vec<Author>,
    pub author_association: AuthorAssociation,
    pub milestone: Option<Milestone>,
    pub locked: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_lock_reason: Option<String>,
    pub comments: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pull_request: Option<PullRequestLink>,
    pub closed_at: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_by: Option<Author>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct EventInstallationId {
    pub id: u64,
    pub node_id: String,
}

/// The installation a webhook was sent for: its id alone, or the whole installation.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(untagged)]
#[non_exhaustive]
pub enum EventInstallation {
    Full(Box<Installation>),
    Minimal(Box<EventInstallationId>),
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct Installation {
    pub id: u64,
    pub account: Author,
    pub access_tokens_url: Option<String>,
    pub repositories_url: Option<String>,
    pub html_url: Option<String>,
    pub app_id: Option<u64>,
    pub target_id: Option<u64>,
    pub target_type: Option<String>,
    pub permissions: serde_json::Value,
    pub events: Vec<String>,
    pub created_at: Option<Timestamp>,
    pub updated_at: Option<Timestamp>,
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum IssuesWebhookEventAction {
    Assigned,
    Closed,
    Deleted,
    Edited,
    Labeled,
    Opened,
    Reopened,
    Unassigned,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct IssuesWebhookEventChangesFrom {
    pub from: String,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct IssuesWebhookEventChanges {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<IssuesWebhookEventChangesFrom>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<IssuesWebhookEventChangesFrom>,
}

/// The part of an `issues` webhook that depends on the event.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct IssuesWebhookEventPayload {
    pub action: IssuesWebhookEventAction,
    pub issue: Issue,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<IssuesWebhookEventChanges>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assignee: Option<Author>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
}

/// A webhook delivery: the parts every event has, and the event's own part flattened in.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[non_exhaustive]
pub struct WebhookEvent {
    pub sender: Option<Author>,
    pub repository: Option<Box<Repository>>,
    pub installation: Option<EventInstallation>,
    #[serde(flatten)]
    pub specific: IssuesWebhookEventPayload,
}
