//! A contender: one library's calls on one workload, checked before they are timed.

use std::hint::black_box;

use crate::measure::{Call, Timing};

/// What a measurement times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// The value to bytes, a new buffer per call.
    Encode,
    /// Bytes to the value.
    Decode,
    /// Both, the decoder reading what the encoder just wrote.
    RoundTrip,
}

impl Direction {
    /// Every direction, in table order.
    pub const ALL: [Direction; 3] = [Direction::Encode, Direction::Decode, Direction::RoundTrip];

    /// `"encode"`, `"decode"` or `"round trip"`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Encode => "encode",
            Direction::Decode => "decode",
            Direction::RoundTrip => "round trip",
        }
    }

    /// The index of this direction in [`Direction::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// One library on one workload.
pub struct Contender<'a> {
    /// The library, as the tables name it.
    pub name: String,
    /// Its calls per direction (`None`: not measured).
    pub calls: [Option<Call<'a>>; 3],
    /// Timings that come from elsewhere (another process), per direction.
    pub external: [Option<Timing>; 3],
    /// The Pass Test: whether what it decoded equals what it encoded, and if not why.
    pub pass: Result<(), String>,
    /// The size of its encoding, in bytes.
    pub size: Option<usize>,
    /// What the workload's `describe` says of its decoding (the user list: element 1024).
    pub display: Option<String>,
}

impl Contender<'_> {
    /// A contender that could not be measured, for `reason`.
    pub fn failed(name: &str, reason: String) -> Self {
        Contender {
            name: name.to_owned(),
            calls: [None, None, None],
            external: [None; 3],
            pass: Err(reason),
            size: None,
            display: None,
        }
    }
}

/// What a workload gives each library: the value, and what to decode.
pub struct Subject<'a, T> {
    /// The value to encode; decodings must equal it.
    pub model: &'a T,
    /// The input every library decodes in the `decode` measurement (a corpus file, or
    /// serde_json's encoding); `None`: each decodes its own encoding.
    pub input: Option<&'a [u8]>,
    /// Whether to time round trips too.
    pub round_trip: bool,
    /// What to say of a decoded value ([`Contender::display`]).
    pub describe: Option<fn(&T) -> String>,
    /// How a decoded value (first) differs from the model (second), for a false Pass Test.
    pub explain: Option<fn(&T, &T) -> String>,
}

impl<T> Clone for Subject<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Subject<'_, T> {}

impl<'a, T> Subject<'a, T> {
    /// A subject that decodes `input`, or its own encoding when `input` is `None`.
    pub fn new(model: &'a T, input: Option<&'a [u8]>) -> Self {
        Subject {
            model,
            input,
            round_trip: false,
            describe: None,
            explain: None,
        }
    }

    /// The same subject with another value to encode (and no input of its own to decode),
    /// for a library whose value type is its own (the untyped values).
    pub fn with_model<U>(&self, model: &'a U) -> Subject<'a, U> {
        Subject {
            model,
            input: self.input,
            round_trip: self.round_trip,
            describe: None,
            explain: None,
        }
    }
}

/// A library as a contender on `subject`: `encode` and `decode` are its calls, checked here
/// (the Pass Test: `decode(encode(model)) == model`; and `decode(input)` must succeed) and
/// then wrapped for timing. Both are plain functions or closures without captures, so each
/// contender's timed loop is compiled for its library's calls.
pub fn contender<'a, T, E, D>(
    name: &str,
    subject: Subject<'a, T>,
    encode: E,
    decode: D,
) -> Contender<'a>
where
    T: PartialEq + 'a,
    E: Fn(&T) -> Result<Vec<u8>, String> + Copy + 'a,
    D: Fn(&[u8]) -> Result<T, String> + Copy + 'a,
{
    let model = subject.model;
    let own = match encode(model) {
        Ok(bytes) => bytes,
        Err(e) => return Contender::failed(name, format!("cannot encode the value: {e}")),
    };
    let (pass, display) = match decode(&own) {
        Ok(value) => {
            let display = subject.describe.map(|describe| describe(&value));
            if value == *model {
                (Ok(()), display)
            } else {
                let mut e = "what it decodes differs from what it encoded".to_owned();
                if let Some(explain) = subject.explain {
                    e = format!("{e}: {}", explain(&value, model));
                }
                (Err(e), display)
            }
        }
        Err(e) => (Err(format!("cannot read its own encoding: {e}")), None),
    };
    let size = Some(own.len());
    let input: Vec<u8> = subject.input.map_or(own, <[u8]>::to_vec);
    let (pass, decode_call): (_, Option<Call<'a>>) = match decode(&input) {
        Ok(_) => (
            pass,
            Some(Box::new(move || {
                black_box(decode(black_box(&input))).ok();
            })),
        ),
        Err(e) => (
            pass.and(Err(format!("cannot read the workload's input: {e}"))),
            None,
        ),
    };
    let round_trip: Option<Call<'a>> = subject.round_trip.then(|| -> Call<'a> {
        Box::new(move || {
            if let Ok(bytes) = encode(black_box(model)) {
                black_box(decode(&bytes)).ok();
            }
        })
    });
    Contender {
        name: name.to_owned(),
        calls: [
            Some(Box::new(move || {
                black_box(encode(black_box(model))).ok();
            })),
            decode_call,
            round_trip,
        ],
        external: [None; 3],
        pass,
        size,
        display,
    }
}
