//! One derive, whichever formats are enabled: the derives write impls only for the formats
//! turned on (CI builds this with each format alone).
//!
//! ```text
//! cargo run -p fastwire --example one_format
//! cargo run -p fastwire --no-default-features --features derive,msgpack --example one_format
//! ```

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Reading {
    sensor_id: u32,
    celsius: f64,
    label: String,
}

fn main() {
    let reading = Reading {
        sensor_id: 7,
        celsius: 21.5,
        label: "hall".into(),
    };
    #[cfg(feature = "json")]
    {
        let text = fastwire::json::to_string(&reading);
        println!("JSON: {text}");
        assert_eq!(fastwire::json::from_str::<Reading>(&text).unwrap(), reading);
    }
    #[cfg(feature = "msgpack")]
    {
        let bytes = fastwire::msgpack::to_vec(&reading);
        println!("MessagePack: {bytes:02x?}");
        assert_eq!(
            fastwire::msgpack::from_slice::<Reading>(&bytes).unwrap(),
            reading
        );
    }
}
