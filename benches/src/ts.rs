//! The `Ts` workloads: one small struct encoded and decoded over and over, as teams comparing
//! JSON with MessagePack measure it (a loop of 100,000 round trips of the same value; `compare`
//! times encoding and decoding separately, a sample being tens of thousands of calls). Three
//! shapes, each with fixed, deterministic contents:
//!
//! | shape | fields | MessagePack bytes, map / array form |
//! |---|---|---|
//! | [`TsShort`] | an id, five short ASCII strings and `"中文"` | 97 / 54 |
//! | [`TsCjk`] | an id and four strings of Chinese text, up to 1,660 characters | 5,570 / 5,541 |
//! | [`TsTicker`] | `C, K, T, Max, Cn, Cn1..Cn9`: four strings, three integers, seven floats | 162 / 113 |
//!
//! Short strings and keys dominate the first and the last (per-field costs: key matching,
//! headers, number encoding); the second is mostly a copy and a UTF-8 check of long strings.
//!
//! Declared with [`models!`](crate::models): [`array`](mod@array) holds the array-form twins.

crate::models! {
    /// Short ASCII strings plus one short CJK string: a user record as a web form sends it.
    pub struct TsShort {
        /// Row id (`12_345`).
        pub id: u64,
        /// Login name (`"alice"`).
        pub name: String,
        /// E-mail address (`"alice@example.com"`).
        pub email: String,
        /// City (`"Shanghai"`).
        pub city: String,
        /// ISO 3166 country code (`"CN"`).
        pub country: String,
        /// Account status (`"active"`).
        pub status: String,
        /// Preferred language, as shown to the user (`"中文"`).
        pub language: String,
    }

    /// Long CJK strings: an article, three bytes of UTF-8 per character.
    pub struct TsCjk {
        /// Article id (`20_241_201`).
        pub id: u64,
        /// Headline, 13 characters.
        pub title: String,
        /// Author's name, 3 characters.
        pub author: String,
        /// Abstract, 166 characters (two sentences).
        pub summary: String,
        /// Body, 1,660 characters (the two sentences of the abstract, ten times).
        pub body: String,
    }

    /// A market ticker as a quote feed sends it: fourteen fields with one- to three-letter
    /// names (`C, K, T, Max, Cn, Cn1..Cn9`), mostly numbers. Each field is renamed on its
    /// own, where `rename_all = "PascalCase"` would say the same to serde and fastwire, because
    /// simd-json-derive knows only `camelCase` and `lowercase`.
    pub struct TsTicker {
        /// `C`: instrument code (`"600519.SH"`).
        #[serde(rename = "C")]
        #[msgpack(key = "C")]
        pub c: String,
        /// `K`: bar period (`"1d"`).
        #[serde(rename = "K")]
        #[msgpack(key = "K")]
        pub k: String,
        /// `T`: start of the bar, milliseconds since the Unix epoch (a 64-bit integer).
        #[serde(rename = "T")]
        #[msgpack(key = "T")]
        pub t: i64,
        /// `Max`: highest price in the bar.
        #[serde(rename = "Max")]
        #[msgpack(key = "Max")]
        pub max: f64,
        /// `Cn`: the instrument's Chinese name (`"贵州茅台"`).
        #[serde(rename = "Cn")]
        #[msgpack(key = "Cn")]
        pub cn: String,
        /// `Cn1`: opening price.
        #[serde(rename = "Cn1")]
        #[msgpack(key = "Cn1")]
        pub cn1: f64,
        /// `Cn2`: closing (last) price.
        #[serde(rename = "Cn2")]
        #[msgpack(key = "Cn2")]
        pub cn2: f64,
        /// `Cn3`: lowest price.
        #[serde(rename = "Cn3")]
        #[msgpack(key = "Cn3")]
        pub cn3: f64,
        /// `Cn4`: previous close.
        #[serde(rename = "Cn4")]
        #[msgpack(key = "Cn4")]
        pub cn4: f64,
        /// `Cn5`: volume, in shares.
        #[serde(rename = "Cn5")]
        #[msgpack(key = "Cn5")]
        pub cn5: u64,
        /// `Cn6`: turnover, in yuan.
        #[serde(rename = "Cn6")]
        #[msgpack(key = "Cn6")]
        pub cn6: f64,
        /// `Cn7`: change from the previous close, in percent (negative when down).
        #[serde(rename = "Cn7")]
        #[msgpack(key = "Cn7")]
        pub cn7: f64,
        /// `Cn8`: number of trades.
        #[serde(rename = "Cn8")]
        #[msgpack(key = "Cn8")]
        pub cn8: u32,
        /// `Cn9`: quote currency (`"CNY"`).
        #[serde(rename = "Cn9")]
        #[msgpack(key = "Cn9")]
        pub cn9: String,
    }
}

/// The two sentences behind [`TsCjk`]'s abstract and body (82 and 84 characters).
const SENTENCES: [&str; 2] = [
    concat!(
        "消息序列化是服务之间传递数据的基础，同一个结构体既要写成便于阅读的文本，",
        "也要写成紧凑的二进制，两种格式的字段名称和取值必须完全一致，",
        "读回来的值也必须与写出去的相同。",
    ),
    concat!(
        "在行情系统中每秒要处理成千上万条报价，每一条都带有代码、时间、价格和成交量，",
        "编码和解码所花的时间直接决定了整个系统的延迟，",
        "所以每一次内存分配和每一次拷贝都值得仔细推敲。",
    ),
];

/// The [`TsShort`] value of the benchmarks.
pub fn ts_short() -> TsShort {
    TsShort {
        id: 12_345,
        name: "alice".to_owned(),
        email: "alice@example.com".to_owned(),
        city: "Shanghai".to_owned(),
        country: "CN".to_owned(),
        status: "active".to_owned(),
        language: "中文".to_owned(),
    }
}

/// The [`TsCjk`] value of the benchmarks.
pub fn ts_cjk() -> TsCjk {
    let summary = SENTENCES.concat();
    TsCjk {
        id: 20_241_201,
        title: "高性能序列化库的设计与实现".to_owned(),
        author: "王小明".to_owned(),
        body: summary.repeat(10),
        summary,
    }
}

/// The [`TsTicker`] value of the benchmarks.
pub fn ts_ticker() -> TsTicker {
    TsTicker {
        c: "600519.SH".to_owned(),
        k: "1d".to_owned(),
        t: 1_733_011_200_000,
        max: 1_688.88,
        cn: "贵州茅台".to_owned(),
        cn1: 1_652.0,
        cn2: 1_679.5,
        cn3: 1_648.02,
        cn4: 1_650.0,
        cn5: 3_456_789,
        cn6: 5_801_234_567.89,
        cn7: 1.79,
        cn8: 98_765,
        cn9: "CNY".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_as_documented() {
        let cjk = ts_cjk();
        assert_eq!(cjk.title.chars().count(), 13);
        assert_eq!(cjk.author.chars().count(), 3);
        assert_eq!(SENTENCES.map(|s| s.chars().count()), [82, 84]);
        assert_eq!(cjk.summary.chars().count(), 166);
        assert_eq!(cjk.body.chars().count(), 1_660);
        assert!(ts_short().language == "中文");
        let json = serde_json::to_string(&ts_ticker()).unwrap();
        let keys: Vec<&str> = json.split('"').skip(1).step_by(2).collect();
        let expected = [
            "C",
            "600519.SH",
            "K",
            "1d",
            "T",
            "Max",
            "Cn",
            "贵州茅台",
            "Cn1",
            "Cn2",
            "Cn3",
            "Cn4",
            "Cn5",
            "Cn6",
            "Cn7",
            "Cn8",
            "Cn9",
            "CNY",
        ];
        assert_eq!(keys, expected);
    }
}
