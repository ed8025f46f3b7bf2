//! The workloads: their data, their contenders, and the checks that run before anything is
//! timed.

use fastwire_benches::book::{self, book, Book};
use fastwire_benches::events::{self, envelopes, Envelope};
use fastwire_benches::msgpack::{rmp_encode, Form, Model, SerdeModel};
use fastwire_benches::records::{self, dated_records, typed_users, DatedRecord, TypedUser};
use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker, TsCjk, TsShort, TsTicker};
use fastwire_benches::twin::ArrayTwin;
use fastwire_benches::{data, Canada, CitmCatalog, Twitter};

use crate::contender::{Contender, Subject};
use crate::report::{Findings, Format};
use crate::{json, msgpack};

/// How many times the `Ts` workloads stand for: a loop of 100,000 round trips.
pub const TS_ROUND_TRIPS: usize = 100_000;

/// The user list's sizes: the motivating case, the size at which one library never finished,
/// and (behind `--million`) a million rows.
pub const USERS_MILLION: usize = 1_000_000;

/// Every workload's id, in run order: what `--filter` matches (`--list` prints them).
pub fn ids(million: bool) -> Vec<String> {
    let mut ids = Vec::new();
    let typed = ["twitter", "citm", "canada"];
    let mut users = vec!["users_20k", "users_300k"];
    if million {
        users.push("users_1m");
    }
    let small = ["ts_short", "ts_cjk", "ts_ticker"];
    for name in typed {
        ids.push(format!("json/{name}"));
    }
    for name in typed {
        ids.push(format!("json/{name}/value"));
    }
    for name in users.iter().chain(&small) {
        ids.push(format!("json/{name}"));
    }
    for name in ["book", "events", "records_10k"] {
        ids.push(format!("json/{name}"));
    }
    for name in typed {
        ids.push(format!("msgpack/{name}/map"));
        ids.push(format!("msgpack/{name}/array"));
    }
    for name in typed {
        ids.push(format!("msgpack/{name}/value"));
    }
    for name in &users {
        ids.push(format!("msgpack/{name}"));
    }
    for name in small {
        ids.push(format!("msgpack/{name}/map"));
        ids.push(format!("msgpack/{name}/array"));
    }
    for name in ["book", "events", "records_10k"] {
        ids.push(format!("msgpack/{name}"));
    }
    ids
}

/// A workload ready to be timed: checked, with its contenders (fastwire first).
pub struct Workload<'a> {
    pub id: String,
    pub format: Format,
    pub title: String,
    pub encode_bytes: usize,
    pub decode_bytes: usize,
    pub rows: Option<usize>,
    pub repeat: Option<usize>,
    pub contenders: Vec<Contender<'a>>,
}

/// Everything the workloads borrow, made once.
pub struct Data {
    corpus: Vec<(&'static str, &'static str, Vec<u8>)>,
    twitter: Twitter,
    citm: CitmCatalog,
    canada: Canada,
    twins: (
        <Twitter as ArrayTwin>::Twin,
        <CitmCatalog as ArrayTwin>::Twin,
        <Canada as ArrayTwin>::Twin,
    ),
    json_values: Vec<json::Values>,
    msgpack_inputs: Vec<Vec<u8>>,
    msgpack_values: Vec<msgpack::Values>,
    users: Vec<(&'static str, Vec<TypedUser>, Vec<u8>)>,
    ts: (TsShort, TsCjk, TsTicker),
    ts_json: [Vec<u8>; 3],
    ts_twins: (
        <TsShort as ArrayTwin>::Twin,
        <TsCjk as ArrayTwin>::Twin,
        <TsTicker as ArrayTwin>::Twin,
    ),
    book: Book,
    book_json: Vec<u8>,
    events: Vec<Envelope>,
    events_json: Vec<u8>,
    records: Vec<DatedRecord>,
    records_json: Vec<u8>,
}

impl Data {
    /// Reads the corpus and generates the rest; the user lists only at the sizes `wanted`
    /// asks for.
    pub fn load(wanted: &dyn Fn(&str) -> bool, million: bool, findings: &mut Findings) -> Data {
        let corpus: Vec<(&str, &str, Vec<u8>)> = [
            ("twitter", "twitter.json"),
            ("citm", "citm_catalog.json"),
            ("canada", "canada.json"),
        ]
        .into_iter()
        .map(|(name, file)| (name, file, data::read_corpus(file).into_bytes()))
        .collect();
        let twitter: Twitter = serde_json::from_slice(&corpus[0].2).expect("twitter.json parses");
        let citm: CitmCatalog = serde_json::from_slice(&corpus[1].2).expect("citm parses");
        let canada: Canada = serde_json::from_slice(&corpus[2].2).expect("canada.json parses");
        let twins = (twitter.to_twin(), citm.to_twin(), canada.to_twin());
        let json_values = corpus
            .iter()
            .map(|(name, _, text)| json::decode_values(name, text, findings))
            .collect();
        let msgpack_inputs: Vec<Vec<u8>> = corpus
            .iter()
            .map(|(_, _, text)| {
                let value: serde_json::Value = serde_json::from_slice(text).expect("parses");
                rmp_serde::to_vec_named(&value).expect("rmp-serde encodes a Value")
            })
            .collect();
        let msgpack_values = corpus
            .iter()
            .zip(&msgpack_inputs)
            .map(|((name, _, _), bytes)| msgpack::decode_values(name, bytes, findings))
            .collect();
        let mut sizes = vec![
            ("users_20k", records::STANDARD_USERS),
            ("users_300k", records::LARGE_USERS),
        ];
        if million {
            sizes.push(("users_1m", USERS_MILLION));
        }
        let users = sizes
            .into_iter()
            .filter(|(name, _)| {
                wanted(&format!("json/{name}")) || wanted(&format!("msgpack/{name}"))
            })
            .map(|(name, n)| {
                let list = typed_users(n);
                let json = serde_json::to_vec(&list).expect("serde_json encodes the users");
                (name, list, json)
            })
            .collect();
        let ts = (ts_short(), ts_cjk(), ts_ticker());
        let ts_json = [
            serde_json::to_vec(&ts.0).expect("encodes"),
            serde_json::to_vec(&ts.1).expect("encodes"),
            serde_json::to_vec(&ts.2).expect("encodes"),
        ];
        let ts_twins = (ts.0.to_twin(), ts.1.to_twin(), ts.2.to_twin());
        let book = book();
        let book_json = serde_json::to_vec(&book).expect("encodes");
        let events = envelopes(events::STANDARD_COUNT);
        let events_json = serde_json::to_vec(&events).expect("encodes");
        let records = dated_records(records::STANDARD_RECORDS);
        let records_json = serde_json::to_vec(&records).expect("encodes");
        Data {
            corpus,
            twitter,
            citm,
            canada,
            twins,
            json_values,
            msgpack_inputs,
            msgpack_values,
            users,
            ts,
            ts_json,
            ts_twins,
            book,
            book_json,
            events,
            events_json,
            records,
            records_json,
        }
    }
}

/// The display string of a user list's element 1024, as the original test printed it.
// A `&Vec`: it is the `describe` of a `Subject<Vec<TypedUser>>`, a `fn(&T)`.
#[allow(clippy::ptr_arg)]
fn element_1024(users: &Vec<TypedUser>) -> String {
    users
        .get(1024)
        .map_or("(fewer than 1,025 rows)".to_owned(), |u| {
            format!("{} / {} / {}", u.name, u.reg_date, u.score)
        })
}

/// Builds the workloads `wanted` picks, checking each (fastwire against serde_json and
/// rmp-serde: errors go to `findings`).
pub fn build<'a>(
    d: &'a Data,
    wanted: &dyn Fn(&str) -> bool,
    findings: &mut Findings,
) -> Vec<Workload<'a>> {
    let mut out = Vec::new();
    let mut add = |w: Workload<'a>| out.push(w);

    // JSON, typed corpus models.
    let (tw, ci, ca) = (&d.twitter, &d.citm, &d.canada);
    let corpus = |i: usize| (d.corpus[i].0, d.corpus[i].1, &d.corpus[i].2[..]);
    // simd-json-derive can express citm's and canada's models, not twitter's: it has no
    // `default`, so it cannot read back the `Option`s that `skip_serializing_if` leaves out
    // (`missing field: url`).
    macro_rules! typed_corpus {
        ($i:expr, $model:expr, $simd_derive:expr) => {{
            let (name, file, input) = corpus($i);
            let id = format!("json/{name}");
            if wanted(&id) {
                json::agree(&id, $model, input, findings);
                let subject = Subject::new($model, Some(input));
                let mut contenders = json::typed(subject);
                if $simd_derive {
                    contenders.push(json::simd_derive(subject));
                }
                add(json_workload(
                    id,
                    format!("{file}, typed"),
                    $model,
                    input,
                    contenders,
                ));
            }
        }};
    }
    typed_corpus!(0, tw, false);
    typed_corpus!(1, ci, true);
    typed_corpus!(2, ca, true);

    // JSON, untyped values.
    for i in 0..3 {
        let (name, file, input) = corpus(i);
        let id = format!("json/{name}/value");
        if wanted(&id) {
            let contenders = json::values(input, &d.json_values[i]);
            let encode_bytes = fastwire::json::to_vec(&d.json_values[i].fastwire_value()).len();
            add(Workload {
                id,
                format: Format::Json,
                title: format!("{file} into `Value` and back"),
                encode_bytes,
                decode_bytes: input.len(),
                rows: None,
                repeat: None,
                contenders,
            });
        }
    }

    // JSON, the user lists.
    for (name, list, input) in &d.users {
        let id = format!("json/{name}");
        if wanted(&id) {
            json::agree(&id, list, input, findings);
            let mut subject = Subject::new(list, Some(&input[..]));
            subject.describe = Some(element_1024);
            let mut contenders = json::typed(subject);
            contenders.push(crate::handwritten::json_users(subject));
            let mut w = json_workload(id, users_title(list.len()), list, input, contenders);
            w.rows = Some(list.len());
            add(w);
        }
    }

    // JSON, the `Ts` shapes: round trips.
    macro_rules! ts_json {
        ($name:literal, $title:literal, $model:expr, $input:expr, $hand:path) => {{
            let id = concat!("json/", $name).to_owned();
            if wanted(&id) {
                json::agree(&id, $model, $input, findings);
                let mut subject = Subject::new($model, Some(&$input[..]));
                subject.round_trip = true;
                let mut contenders = json::typed(subject);
                contenders.push(json::simd_derive(subject));
                contenders.push($hand(subject));
                let mut w = json_workload(id, $title.to_owned(), $model, $input, contenders);
                w.repeat = Some(TS_ROUND_TRIPS);
                add(w);
            }
        }};
    }
    ts_json!(
        "ts_short",
        "`Ts`: short ASCII + \"中文\"",
        &d.ts.0,
        &d.ts_json[0],
        crate::handwritten::json_ts_short
    );
    ts_json!(
        "ts_cjk",
        "`Ts`: long CJK strings",
        &d.ts.1,
        &d.ts_json[1],
        crate::handwritten::json_ts_cjk
    );
    ts_json!(
        "ts_ticker",
        "`Ts`: 14 fields",
        &d.ts.2,
        &d.ts_json[2],
        crate::handwritten::json_ts_ticker
    );

    // JSON, the rest.
    if wanted("json/book") {
        json::agree("json/book", &d.book, &d.book_json, findings);
        let mut subject = Subject::new(&d.book, Some(&d.book_json[..]));
        subject.round_trip = true;
        let title = "`Book`: an enum as its integer, a date, nested authors, optional fields";
        let mut w = json_workload(
            "json/book".into(),
            title.into(),
            &d.book,
            &d.book_json,
            json::typed(subject),
        );
        w.repeat = Some(book::ROUND_TRIPS);
        add(w);
    }
    if wanted("json/events") {
        json::agree("json/events", &d.events, &d.events_json, findings);
        let subject = Subject::new(&d.events, Some(&d.events_json[..]));
        let title = events_title();
        add(json_workload(
            "json/events".into(),
            title,
            &d.events,
            &d.events_json,
            json::typed(subject),
        ));
    }
    if wanted("json/records_10k") {
        json::agree("json/records_10k", &d.records, &d.records_json, findings);
        let subject = Subject::new(&d.records, Some(&d.records_json[..]));
        let mut w = json_workload(
            "json/records_10k".into(),
            records_title(),
            &d.records,
            &d.records_json,
            json::typed(subject),
        );
        w.rows = Some(d.records.len());
        add(w);
    }

    // MessagePack, typed corpus models in both forms.
    macro_rules! both_forms {
        ($i:expr, $model:expr, $twin:expr) => {{
            let (name, file, _) = corpus($i);
            for (form, id) in [
                (Form::Map, format!("msgpack/{name}/map")),
                (Form::Array, format!("msgpack/{name}/array")),
            ] {
                if !wanted(&id) {
                    continue;
                }
                let title = format!("{file}, {} form", form.name());
                add(match form {
                    Form::Map => msgpack_typed(id, title, form, $model, findings, false),
                    Form::Array => msgpack_typed(id, title, form, $twin, findings, false),
                });
            }
        }};
    }
    both_forms!(0, tw, &d.twins.0);
    both_forms!(1, ci, &d.twins.1);
    both_forms!(2, ca, &d.twins.2);

    for i in 0..3 {
        let (name, file, _) = corpus(i);
        let id = format!("msgpack/{name}/value");
        if wanted(&id) {
            let input = &d.msgpack_inputs[i];
            add(Workload {
                id,
                format: Format::MessagePack,
                title: format!("{file} into `Value` and back"),
                encode_bytes: input.len(),
                decode_bytes: input.len(),
                rows: None,
                repeat: None,
                contenders: msgpack::values(input, &d.msgpack_values[i]),
            });
        }
    }

    for (name, list, _) in &d.users {
        let id = format!("msgpack/{name}");
        if wanted(&id) {
            let rmp = msgpack::agree(&id, Form::Map, list, findings);
            let mut subject = Subject::new(list, None);
            subject.describe = Some(element_1024);
            let mut contenders = msgpack::serde_based(Form::Map, subject);
            contenders.push(crate::handwritten::msgpack_users(subject));
            add(Workload {
                id,
                format: Format::MessagePack,
                title: users_title(list.len()),
                encode_bytes: rmp.len(),
                decode_bytes: rmp.len(),
                rows: Some(list.len()),
                repeat: None,
                contenders,
            });
        }
    }

    macro_rules! ts_msgpack {
        ($name:literal, $title:literal, $model:expr, $twin:expr, $hand:path) => {{
            let id = concat!("msgpack/", $name, "/map").to_owned();
            if wanted(&id) {
                let mut w = msgpack_typed(
                    id,
                    concat!($title, ", map form").into(),
                    Form::Map,
                    $model,
                    findings,
                    true,
                );
                let mut subject = Subject::new($model, None);
                subject.round_trip = true;
                w.contenders.push($hand(subject));
                add(w);
            }
            let id = concat!("msgpack/", $name, "/array").to_owned();
            if wanted(&id) {
                add(msgpack_typed(
                    id,
                    concat!($title, ", array form").into(),
                    Form::Array,
                    $twin,
                    findings,
                    true,
                ));
            }
        }};
    }
    ts_msgpack!(
        "ts_short",
        "`Ts`: short ASCII + \"中文\"",
        &d.ts.0,
        &d.ts_twins.0,
        crate::handwritten::msgpack_ts_short
    );
    ts_msgpack!(
        "ts_cjk",
        "`Ts`: long CJK strings",
        &d.ts.1,
        &d.ts_twins.1,
        crate::handwritten::msgpack_ts_cjk
    );
    ts_msgpack!(
        "ts_ticker",
        "`Ts`: 14 fields",
        &d.ts.2,
        &d.ts_twins.2,
        crate::handwritten::msgpack_ts_ticker
    );

    if wanted("msgpack/book") {
        let title = "`Book`: an enum as its integer, a date, nested authors, optional fields";
        let mut w = msgpack_serde(
            "msgpack/book".into(),
            title.into(),
            Form::Map,
            &d.book,
            findings,
            true,
        );
        w.repeat = Some(book::ROUND_TRIPS);
        add(w);
    }
    if wanted("msgpack/events") {
        add(msgpack_serde(
            "msgpack/events".into(),
            events_title(),
            Form::Map,
            &d.events,
            findings,
            false,
        ));
    }
    if wanted("msgpack/records_10k") {
        let mut w = msgpack_serde(
            "msgpack/records_10k".into(),
            records_title(),
            Form::Map,
            &d.records,
            findings,
            false,
        );
        w.rows = Some(d.records.len());
        add(w);
    }
    out
}

fn users_title(n: usize) -> String {
    format!(
        "{} users {{ Id: Uuid, RegDate: NaiveDate, Name, Score: Decimal }}",
        crate::report::count(n as u64)
    )
}

fn events_title() -> String {
    format!(
        "{} log events: tagged and untagged enums, `flatten`",
        crate::report::count(events::STANDARD_COUNT as u64)
    )
}

fn records_title() -> String {
    format!(
        "{} records: instants, dates, a decimal, a uuid",
        crate::report::count(records::STANDARD_RECORDS as u64)
    )
}

/// A JSON workload of a typed `model` decoded from `input`.
fn json_workload<'a, T: json::JsonModel>(
    id: String,
    title: String,
    model: &T,
    input: &[u8],
    contenders: Vec<Contender<'a>>,
) -> Workload<'a> {
    Workload {
        id,
        format: Format::Json,
        title,
        encode_bytes: fastwire::json::to_vec(model).len(),
        decode_bytes: input.len(),
        rows: None,
        repeat: None,
        contenders,
    }
}

/// A MessagePack workload of a model zerompk can express, in `form`: [`msgpack_serde`]'s
/// libraries and zerompk, with 100,000 round trips when `round_trip`.
fn msgpack_typed<'a, T: Model>(
    id: String,
    title: String,
    form: Form,
    model: &'a T,
    findings: &mut Findings,
    round_trip: bool,
) -> Workload<'a> {
    let mut w = msgpack_serde(id, title, form, model, findings, round_trip);
    w.repeat = round_trip.then_some(TS_ROUND_TRIPS);
    msgpack::agree_zerompk(&w.id, model, &rmp_encode(form, model), findings);
    let mut subject = Subject::new(model, None);
    subject.round_trip = round_trip;
    w.contenders.push(msgpack::zerompk(subject));
    w
}

/// A MessagePack workload of fastwire and rmp-serde in `form`, after checking that fastwire
/// writes rmp-serde's bytes.
fn msgpack_serde<'a, T: SerdeModel>(
    id: String,
    title: String,
    form: Form,
    model: &'a T,
    findings: &mut Findings,
    round_trip: bool,
) -> Workload<'a> {
    let rmp = msgpack::agree(&id, form, model, findings);
    let mut subject = Subject::new(model, None);
    subject.round_trip = round_trip;
    Workload {
        id,
        format: Format::MessagePack,
        title,
        encode_bytes: rmp.len(),
        decode_bytes: rmp.len(),
        rows: None,
        repeat: None,
        contenders: msgpack::serde_based(form, subject),
    }
}
