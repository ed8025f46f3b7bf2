//! The case fastwire was made for: a list of 20,000 users (an id, a registration date, a name,
//! a decimal score, and two instants, one with a fixed offset, one in the process's time zone),
//! written and read back in both formats, must come back unchanged, whatever time zone the
//! process runs in. A serializer that converts a date through the local zone shifts every
//! registration by a day in UTC+8; each zone below is one where such a conversion shows
//! (a half-hour offset, UTC+14, and UTC itself). The round trip runs in a child process per
//! zone, with `TZ` set.

use std::process::Command;

use chrono::{DateTime, FixedOffset, Local, NaiveDate, Offset, TimeZone};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
#[serde(rename_all = "PascalCase")]
struct User {
    id: Uuid,
    reg_date: NaiveDate,
    name: String,
    score: Decimal,
    /// Local midnight of the registration day in UTC+8, the instant the shifted dates came from.
    registered_at: DateTime<FixedOffset>,
    last_seen: DateTime<Local>,
}

fn users(count: usize) -> Vec<User> {
    let first = NaiveDate::from_ymd_opt(2019, 1, 1).unwrap();
    let utc8 = FixedOffset::east_opt(8 * 3600).unwrap();
    (0..count)
        .map(|i| {
            let n = i as u64;
            let reg_date = first + chrono::Days::new(n % 2500);
            let registered_at = utc8
                .from_local_datetime(&reg_date.and_hms_opt(0, 0, 0).unwrap())
                .single()
                .unwrap();
            let seen = DateTime::from_timestamp(1_700_000_000 + (n * 7919) as i64, 0).unwrap();
            User {
                id: Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0000_0000 + u128::from(n)),
                reg_date,
                name: format!("User{i}"),
                score: Decimal::new((n * 37 % 100_000) as i64, 2),
                registered_at,
                last_seen: seen.with_timezone(&Local),
            }
        })
        .collect()
}

/// How a user is shown in the check of one element: `User1024 / 2021-10-21 / 98.88`.
fn show(user: &User) -> String {
    format!("{} / {} / {}", user.name, user.reg_date, user.score)
}

#[test]
#[ignore = "run by `users_survive_every_time_zone`, once per time zone, in a child process"]
fn users_round_trip_in_this_time_zone() {
    let users = users(20_000);
    // The zone in effect, for the parent to check that `TZ` took hold.
    let probe = chrono::Utc.with_ymd_and_hms(2024, 1, 15, 12, 0, 0).unwrap();
    println!(
        "offset={}",
        Local.offset_from_utc_datetime(&probe.naive_utc()).fix()
    );

    let text = fastwire::json::to_string(&users);
    assert_eq!(text, serde_json::to_string(&users).unwrap());
    let back: Vec<User> = fastwire::json::from_str(&text).unwrap();
    let differences = users.iter().zip(&back).filter(|(a, b)| a != b).count();
    assert_eq!((back.len(), differences), (users.len(), 0), "JSON");
    let theirs: Vec<User> = serde_json::from_str(&text).unwrap();
    assert_eq!(theirs, back);

    let bytes = fastwire::msgpack::to_vec(&users);
    assert_eq!(bytes, rmp_serde::to_vec_named(&users).unwrap());
    let back: Vec<User> = fastwire::msgpack::from_slice(&bytes).unwrap();
    let differences = users.iter().zip(&back).filter(|(a, b)| a != b).count();
    assert_eq!((back.len(), differences), (users.len(), 0), "MessagePack");

    // The dates are the days written, as text, in both formats: no zone moved them.
    assert!(text.contains(r#""RegDate":"2021-10-21","Name":"User1024""#));
    assert!(text.contains(r#""RegisteredAt":"2021-10-21T00:00:00+08:00""#));
    assert_eq!(show(&back[1024]), "User1024 / 2021-10-21 / 378.88");
}

#[test]
fn users_survive_every_time_zone() {
    let zones = [
        ("Asia/Taipei", "+08:00"),
        ("America/St_Johns", "-03:30"),
        ("Pacific/Kiritimati", "+14:00"),
        ("UTC", "+00:00"),
    ];
    let exe = std::env::current_exe().unwrap();
    for (zone, offset) in zones {
        let output = Command::new(&exe)
            .args([
                "--ignored",
                "--exact",
                "users_round_trip_in_this_time_zone",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("TZ", zone)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success() && stdout.contains("1 passed"),
            "TZ={zone}:\n{stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        // Where the system has the zone's rules, the child ran in that zone (without them
        // chrono falls back to UTC, and only the UTC case is shown).
        if std::path::Path::new("/usr/share/zoneinfo")
            .join(zone)
            .exists()
        {
            assert!(
                stdout.contains(&format!("offset={offset}")),
                "TZ={zone} did not take effect:\n{stdout}"
            );
        }
    }
}
