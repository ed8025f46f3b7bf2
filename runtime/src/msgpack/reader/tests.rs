use super::*;

#[test]
fn ascii_fixstrs_read_as_strings_do() {
    // Every length a `fixstr` has, ASCII or with a byte past 0x7f at any place, alone,
    // cut short, and followed by more input (ASCII and not).
    for len in 0..32usize {
        let ascii: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
        let mut texts = vec![ascii.clone()];
        for at in 0..len {
            for byte in [0x7f, 0x80, 0xc3, 0xff] {
                let mut text = ascii.clone();
                text[at] = byte;
                texts.push(text);
            }
        }
        for text in texts {
            for after in [
                &b""[..],
                b"\x01\x02",
                b"\xff\xff\xff\xff\xff\xff\xff\xff\xff",
            ] {
                let mut input = vec![0xa0 | len as u8];
                input.extend_from_slice(&text);
                input.extend_from_slice(after);
                let mut fast = Reader::new(&input, DEFAULT_MAX_DEPTH);
                let read = fast.try_ascii_fixstr();
                let expected = text.is_ascii().then(|| std::str::from_utf8(&text).unwrap());
                if read.is_some() || len >= 8 || input.len() >= 9 {
                    assert_eq!(read, expected, "{input:?}");
                }
                let consumed = if read.is_some() { 1 + len } else { 0 };
                assert_eq!(fast.offset(), consumed, "{input:?}");
                // Cut short: never read.
                let mut short = Reader::new(&input[..len], DEFAULT_MAX_DEPTH);
                assert_eq!(short.try_ascii_fixstr(), None);
            }
        }
    }
    let mut r = Reader::new(b"\xd9\x01a", DEFAULT_MAX_DEPTH);
    assert_eq!(r.try_ascii_fixstr(), None);
    assert_eq!(r.offset(), 0);
}

#[test]
fn fixstr_tails_hold_the_text_in_their_top_bytes() {
    let input = b"\x00\x00\x00\x00\x00\x00\x00\xa5-1.25\xa3abc";
    let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
    r.pos = 7;
    let (word, len, negative) = r.fixstr_tail().unwrap();
    assert_eq!((len, negative), (5, true));
    assert_eq!(&word.to_le_bytes()[3..], b"-1.25");
    r.pos = 13;
    let (word, len, negative) = r.fixstr_tail().unwrap();
    assert_eq!((len, negative), (3, false));
    assert_eq!(&word.to_le_bytes()[5..], b"abc");
    // Too near the start, empty, too long, cut short or no `fixstr`: nothing.
    for (input, pos) in [
        (&b"\xa3abc"[..], 0),
        (b"\x00\x00\x00\x00\x00\x00\xa0", 6),
        (b"\x00\x00\x00\x00\x00\x00\xaa0123456789", 6),
        (b"\x00\x00\x00\x00\x00\x00\xa5abc", 6),
        (b"\x00\x00\x00\x00\x00\x00\xc4\x01a", 6),
    ] {
        let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
        r.pos = pos;
        assert_eq!(r.fixstr_tail(), None, "{input:?}");
    }
}

#[test]
fn lengths_beyond_the_input_fail_at_once() {
    for input in [
        &b"\xdd\xff\xff\xff\xff"[..],
        b"\xdf\xff\xff\xff\xff",
        b"\xdc\x00\x10\x01",
    ] {
        let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
        let err = if input[0] == 0xdf {
            r.begin_map("a map").unwrap_err()
        } else {
            r.begin_array("an array").unwrap_err()
        };
        assert!(err.is_eof(), "{err}");
        assert_eq!(err.offset(), 0);
        let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
        assert!(r.skip_value().unwrap_err().is_eof());
    }
    let mut r = Reader::new(b"\xdb\xff\xff\xff\xffab", DEFAULT_MAX_DEPTH);
    assert!(r.decode_str().unwrap_err().is_eof());
}

#[test]
fn skips_every_kind_of_value() {
    // [nil, true, -1, 300, 1.5f32, "ab", bin[1], ext(1, [2]), {1: [2]}, 2.0f64]
    let input = b"\x9a\xc0\xc3\xff\xcd\x01\x2c\xca\x3f\xc0\x00\x00\xa2ab\xc4\x01\x01\xd4\x01\x02\x81\x01\x91\x02\xcb\x40\x00\x00\x00\x00\x00\x00\x00\x07";
    let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
    r.skip_value().unwrap();
    assert_eq!(r.offset(), input.len() - 1);
    assert_eq!(r.decode_u64("u64").unwrap(), 7);
    r.end().unwrap();
}

#[test]
fn skipping_checks_what_it_skips() {
    for (input, syntax) in [
        (&b"\x91\xc1"[..], true),
        (b"\x91\xa2\xff\xfe", true),
        (b"\x92\x01", false),
        (b"\xd9", false),
    ] {
        let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
        let err = r.skip_value().unwrap_err();
        assert_eq!(err.is_syntax(), syntax, "{input:?}: {err}");
    }
    // Deep nesting is skipped without recursion or a limit.
    let depth = if cfg!(miri) { 2_000 } else { 100_000 };
    let deep = [vec![0x91u8; depth], vec![0xc0]].concat();
    let mut r = Reader::new(&deep, 4);
    r.skip_value().unwrap();
    r.end().unwrap();
}

#[test]
fn integers_of_every_width_read_where_they_fit() {
    for input in [
        &b"\x05"[..],
        b"\xcc\x05",
        b"\xcd\x00\x05",
        b"\xce\x00\x00\x00\x05",
        b"\xcf\x00\x00\x00\x00\x00\x00\x00\x05",
        b"\xd0\x05",
        b"\xd1\x00\x05",
        b"\xd2\x00\x00\x00\x05",
        b"\xd3\x00\x00\x00\x00\x00\x00\x00\x05",
    ] {
        assert_eq!(Reader::new(input, 8).decode_u64("u64").unwrap(), 5);
        assert_eq!(Reader::new(input, 8).decode_i64("i64").unwrap(), 5);
    }
    let err = Reader::new(b"\xff", 8).decode_u64("u8").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value: integer `-1`, expected u8 (byte 0)"
    );
    let err = Reader::new(b"\xa1x", 8).decode_u64("u8").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid type: string \"x\", expected u8 (byte 0)"
    );
}

#[test]
fn strings_are_borrowed_and_checked() {
    let input = b"\xa3abc";
    let text = Reader::new(input, 8).decode_str().unwrap();
    assert_eq!(text, "abc");
    assert!(std::ptr::eq(text.as_ptr(), input[1..].as_ptr()));
    assert!(Reader::new(b"\xa2\xc3\x28", 8)
        .decode_str()
        .unwrap_err()
        .is_syntax());
    let long = [&[0xd9, 100][..], &[b'a'; 99][..], &[0xff][..]].concat();
    assert!(Reader::new(&long, 8).decode_str().unwrap_err().is_syntax());
    assert_eq!(Reader::new(b"\xc4\x02hi", 8).decode_str().unwrap(), "hi");
    assert_eq!(Reader::new(b"\xa2hi", 8).decode_bytes().unwrap(), b"hi");
}

#[test]
fn keys_match_in_one_comparison() {
    let mut r = Reader::new(b"\xa2id\x01", 8);
    assert!(!r.try_key(b"\xa4name"));
    assert!(!r.try_key(b"\xa2ix"));
    assert!(r.try_key(b"\xa2id"));
    assert_eq!(r.offset(), 3);
    assert!(!r.try_key(b"\xa2id"));
    let mut r = Reader::new(b"\x02", 8);
    assert_eq!(r.decode_key().unwrap(), Key::Index(2));
    let mut r = Reader::new(b"\xc3", 8);
    assert!(r.decode_key().unwrap_err().is_data());
}

#[test]
fn the_depth_limit_counts_like_json() {
    let input = [vec![0x91u8; 3], vec![0xc0]].concat();
    let mut r = Reader::new(&input, 4);
    for _ in 0..3 {
        assert_eq!(r.begin_array("a").unwrap(), 1);
    }
    let mut r = Reader::new(&input, 3);
    r.begin_array("a").unwrap();
    r.begin_array("a").unwrap();
    let err = r.begin_array("a").unwrap_err();
    assert!(err.is_syntax());
    assert_eq!(err.offset(), 2);
}
