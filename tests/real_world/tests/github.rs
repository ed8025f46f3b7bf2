//! octocrab's models on GitHub REST API and webhook payloads.

mod common;

use common::{check_document, check_rejected};
use fastwire_real_world::github::{AuthorAssociation, Issue, Repository, WebhookEvent};

fn user(login: &str, id: u64, kind: &str) -> String {
    format!(
        r#"{{"login":"{login}","id":{id},"node_id":"MDQ6VXNlcj{id}","avatar_url":"https://avatars.githubusercontent.com/u/{id}?v=4","gravatar_id":"","url":"https://api.github.com/users/{login}","html_url":"https://github.com/{login}","followers_url":"https://api.github.com/users/{login}/followers","following_url":"https://api.github.com/users/{login}/following{{/other_user}}","gists_url":"https://api.github.com/users/{login}/gists{{/gist_id}}","starred_url":"https://api.github.com/users/{login}/starred{{/owner}}{{/repo}}","subscriptions_url":"https://api.github.com/users/{login}/subscriptions","organizations_url":"https://api.github.com/users/{login}/orgs","repos_url":"https://api.github.com/users/{login}/repos","events_url":"https://api.github.com/users/{login}/events{{/privacy}}","received_events_url":"https://api.github.com/users/{login}/received_events","type":"{kind}","user_view_type":"public","site_admin":false}}"#
    )
}

fn repository(owner: &str, name: &str, extra: &str) -> String {
    format!(
        r#"{{"id":1296269,"node_id":"MDEwOlJlcG9zaXRvcnkxMjk2MjY5","name":"{name}","full_name":"{owner}/{name}","owner":{},"private":false,"html_url":"https://github.com/{owner}/{name}","description":"This your first repo! 🎉","fork":{},"url":"https://api.github.com/repos/{owner}/{name}","homepage":null,"language":"Rust","forks_count":9,"stargazers_count":80,"default_branch":"main","topics":["octocat","atom","electron","api"],"archived":false,"permissions":{{"admin":false,"push":false,"pull":true}},"license":{{"key":"mit","name":"MIT License","url":"https://api.github.com/licenses/mit","spdx_id":"MIT","node_id":"MDc6TGljZW5zZW1pdA=="}},"pushed_at":"2011-01-26T19:06:43Z","created_at":"2011-01-26T19:01:12Z","updated_at":"2011-01-26T19:14:43Z"{extra}}}"#,
        user(owner, 1, "Organization"),
        !extra.is_empty(),
    )
}

fn issue(state: &str, closed: &str) -> String {
    format!(
        r#"{{"id":1,"node_id":"MDU6SXNzdWUx","url":"https://api.github.com/repos/octocat/Hello-World/issues/1347","repository_url":"https://api.github.com/repos/octocat/Hello-World","labels_url":"https://api.github.com/repos/octocat/Hello-World/issues/1347/labels{{/name}}","comments_url":"https://api.github.com/repos/octocat/Hello-World/issues/1347/comments","events_url":"https://api.github.com/repos/octocat/Hello-World/issues/1347/events","html_url":"https://github.com/octocat/Hello-World/issues/1347","number":1347,"state":"{state}","state_reason":{closed},"title":"Found a bug","body":"I'm having a problem with this.\r\n\r\n```\r\n$ cargo build\r\n```","user":{},"labels":[{{"id":208045946,"node_id":"MDU6TGFiZWwyMDgwNDU5NDY=","url":"https://api.github.com/repos/octocat/Hello-World/labels/bug","name":"bug","description":"Something isn't working","color":"f29513","default":true}}],"assignee":null,"assignees":[{}],"milestone":{{"url":"https://api.github.com/repos/octocat/Hello-World/milestones/1","html_url":"https://github.com/octocat/Hello-World/milestones/v1.0","labels_url":"https://api.github.com/repos/octocat/Hello-World/milestones/1/labels","id":1002604,"node_id":"MDk6TWlsZXN0b25lMTAwMjYwNA==","number":1,"state":"open","title":"v1.0","description":"Tracking milestone for version 1.0","creator":{},"open_issues":4,"closed_issues":8,"created_at":"2011-04-10T20:09:31Z","updated_at":"2014-03-03T18:58:10Z","closed_at":null,"due_on":"2012-10-09T23:39:01Z"}},"locked":true,"active_lock_reason":"too heated","comments":0,"pull_request":{{"url":"https://api.github.com/repos/octocat/Hello-World/pulls/1347","html_url":"https://github.com/octocat/Hello-World/pull/1347","diff_url":"https://github.com/octocat/Hello-World/pull/1347.diff","patch_url":"https://github.com/octocat/Hello-World/pull/1347.patch"}},"closed_at":{},"created_at":"2011-04-22T13:33:48Z","updated_at":"2011-04-22T13:33:48Z","closed_by":{},"author_association":"COLLABORATOR","reactions":{{"+1":1,"-1":0,"laugh":0,"total_count":1}}}}"#,
        user("octocat", 583231, "User"),
        user("hubot", 2, "Bot"),
        user("monalisa", 3, "User"),
        if state == "closed" {
            r#""2011-04-23T10:00:00Z""#
        } else {
            "null"
        },
        user("octocat", 583231, "User"),
    )
}

#[test]
fn repositories() {
    let plain = repository("octocat", "Hello-World", "");
    check_document::<Repository>(&plain);
    // A fork: the parent and the source are repositories again (`Option<Box<Repository>>`).
    let parent = format!(r#","parent":{plain},"source":{plain},"template_repository":null"#);
    let fork: Repository = check_document(&repository("monalisa", "Hello-World", &parent));
    assert!(fork.parent.is_some() && fork.template_repository.is_none());
    // The minimal form webhooks of some events carry.
    check_document::<Repository>(r#"{"id":7,"name":"x","url":"https://api.github.com/repos/o/x"}"#);
    check_rejected::<Repository>(r#"{"id":-7,"name":"x","url":"u"}"#);
}

#[test]
fn issues() {
    let open: Issue = check_document(&issue("open", "null"));
    assert_eq!(open.author_association, AuthorAssociation::Collaborator);
    check_document::<Issue>(&issue("closed", r#""not_planned""#));
    // An association GitHub added later comes back as `Other`.
    let text = issue("open", "null").replace("\"COLLABORATOR\"", "\"SPONSOR\"");
    let sponsor: Issue = check_document(&text);
    assert_eq!(
        sponsor.author_association,
        AuthorAssociation::Other("SPONSOR".into())
    );
    check_rejected::<Issue>(&issue("merged", "null"));
}

#[test]
fn webhook_events() {
    let sender = user("octocat", 583231, "User");
    let repo = repository("octocat", "Hello-World", "");
    let installation_full = format!(
        r#"{{"id":1,"account":{},"access_tokens_url":"https://api.github.com/app/installations/1/access_tokens","repositories_url":"https://api.github.com/installation/repositories","html_url":"https://github.com/organizations/github/settings/installations/1","app_id":1,"target_id":1,"target_type":"Organization","permissions":{{"checks":"write","metadata":"read","contents":"read"}},"events":["push","pull_request"],"created_at":"2018-02-09T20:51:14Z","updated_at":"2018-02-09T20:51:14Z","single_file_name":null}}"#,
        user("github", 1, "Organization")
    );
    for (action, extra, installation) in [
        ("opened", "".to_string(), r#"{"id":2,"node_id":"MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMg=="}"#.to_string()),
        ("edited", r#","changes":{"title":{"from":"Found a bug?"},"body":{"from":""}}"#.to_string(), installation_full.clone()),
        ("assigned", format!(r#","assignee":{}"#, user("hubot", 2, "Bot")), "null".to_string()),
        ("labeled", r#","label":{"id":1,"node_id":"L","url":"u","name":"bug","color":"f29513","default":true,"description":null}"#.to_string(), "null".to_string()),
    ] {
        let text = format!(
            r#"{{"action":"{action}","issue":{}{extra},"repository":{repo},"sender":{sender},"installation":{installation}}}"#,
            issue("open", "null")
        );
        check_document::<WebhookEvent>(&text);
    }
    // Deliveries without a repository or sender (organization-level events).
    let text = format!(
        r#"{{"action":"deleted","issue":{},"repository":null,"sender":null,"installation":null}}"#,
        issue("closed", r#""completed""#)
    );
    check_document::<WebhookEvent>(&text);
    let unknown = format!(
        r#"{{"action":"transferred","issue":{},"repository":null,"sender":null,"installation":null}}"#,
        issue("open", "null")
    );
    check_rejected::<WebhookEvent>(&unknown);
}
