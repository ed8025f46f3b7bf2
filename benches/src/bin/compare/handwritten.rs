//! The hand-written encoders and decoders (`fastwire_benches::handwritten`) as contenders: the
//! speed-of-light reference for the user list and the `Ts` shapes.

use fastwire_benches::handwritten::{json, msgpack};
use fastwire_benches::records::TypedUser;
use fastwire_benches::ts::{TsCjk, TsShort, TsTicker};

use crate::contender::{contender, Contender, Subject};

const NAME: &str = "hand-written";

/// Declares a contender function per type from the module's encode and decode pair.
macro_rules! hand_written {
    ($($fn_name:ident: $module:ident, $ty:ty, $encode:ident, $decode:ident;)*) => {
        $(
            #[doc = concat!("The hand-written ", stringify!($module), " codec of `", stringify!($ty), "`.")]
            pub fn $fn_name<'a>(subject: Subject<'a, $ty>) -> Contender<'a> {
                contender(
                    NAME,
                    subject,
                    |v: &$ty| {
                        let mut out = Vec::new();
                        $module::$encode(v, &mut out);
                        Ok(out)
                    },
                    |b: &[u8]| $module::$decode(b).map_err(|e| e.to_string()),
                )
            }
        )*
    };
}

hand_written! {
    json_users: json, Vec<TypedUser>, encode_users, decode_users;
    json_ts_short: json, TsShort, encode_ts_short, decode_ts_short;
    json_ts_cjk: json, TsCjk, encode_ts_cjk, decode_ts_cjk;
    json_ts_ticker: json, TsTicker, encode_ts_ticker, decode_ts_ticker;
    msgpack_users: msgpack, Vec<TypedUser>, encode_users, decode_users;
    msgpack_ts_short: msgpack, TsShort, encode_ts_short, decode_ts_short;
    msgpack_ts_cjk: msgpack, TsCjk, encode_ts_cjk, decode_ts_cjk;
    msgpack_ts_ticker: msgpack, TsTicker, encode_ts_ticker, decode_ts_ticker;
}
