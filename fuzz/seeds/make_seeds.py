"""Writes the seed corpus (fuzz/corpus/<target>/seed-*) from the shared test data.

Usage: python3 fuzz/seeds/make_seeds.py DATA_DIR  (DATA_DIR holds json-benchmark/,
JSONTestSuite/ and msgpack-test-suite/). Needs only Python's standard library: the
MessagePack encoder below writes what rmp_serde::to_vec_named writes for these shapes
(smallest integer and header forms, float 64 unless marked F32, bytes as bin).
"""

import json
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "corpus")


class F32(float):
    """A float written as float 32."""


def pack(value, out):
    if value is None:
        out += b"\xc0"
    elif value is True:
        out += b"\xc3"
    elif value is False:
        out += b"\xc2"
    elif isinstance(value, int):
        if 0 <= value < 0x80:
            out += bytes([value])
        elif -32 <= value < 0:
            out += struct.pack(">b", value)
        elif value >= 0:
            for marker, fmt, limit in ((0xCC, ">B", 1 << 8), (0xCD, ">H", 1 << 16), (0xCE, ">I", 1 << 32), (0xCF, ">Q", 1 << 64)):
                if value < limit:
                    out += bytes([marker]) + struct.pack(fmt, value)
                    break
        else:
            for marker, fmt, limit in ((0xD0, ">b", 1 << 7), (0xD1, ">h", 1 << 15), (0xD2, ">i", 1 << 31), (0xD3, ">q", 1 << 63)):
                if value >= -limit:
                    out += bytes([marker]) + struct.pack(fmt, value)
                    break
    elif isinstance(value, F32):
        out += b"\xca" + struct.pack(">f", value)
    elif isinstance(value, float):
        out += b"\xcb" + struct.pack(">d", value)
    elif isinstance(value, str):
        data = value.encode()
        n = len(data)
        if n < 32:
            out += bytes([0xA0 | n])
        elif n < 1 << 8:
            out += b"\xd9" + struct.pack(">B", n)
        elif n < 1 << 16:
            out += b"\xda" + struct.pack(">H", n)
        else:
            out += b"\xdb" + struct.pack(">I", n)
        out += data
    elif isinstance(value, (bytes, bytearray)):
        n = len(value)
        out += (b"\xc4" + struct.pack(">B", n)) if n < 1 << 8 else (b"\xc5" + struct.pack(">H", n))
        out += value
    elif isinstance(value, (list, tuple)):
        n = len(value)
        out += bytes([0x90 | n]) if n < 16 else (b"\xdc" + struct.pack(">H", n))
        for item in value:
            pack(item, out)
    elif isinstance(value, dict):
        n = len(value)
        out += bytes([0x80 | n]) if n < 16 else (b"\xde" + struct.pack(">H", n))
        for key, item in value.items():
            pack(key, out)
            pack(item, out)
    else:
        raise TypeError(type(value))
    return out


def packb(value):
    return bytes(pack(value, bytearray()))


def write(target, name, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "seed-" + name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def twitter_docs(data):
    with open(os.path.join(data, "json-benchmark", "twitter.json"), encoding="utf-8") as f:
        doc = json.load(f)
    meta = doc["search_metadata"]

    def shape(s):
        e = s["entities"]
        return ("retweeted_status" in s, "media" in e, bool(e["urls"]), bool(e["user_mentions"]),
                bool(e["hashtags"]), "possibly_sensitive" in s, s["user"].get("url") is not None)

    seen = {}
    for status in sorted(doc["statuses"], key=lambda s: len(compact(s))):
        seen.setdefault(shape(status), status)
    docs = [{"statuses": [s], "search_metadata": meta} for s in list(seen.values())[:12]]
    docs.append({"statuses": [], "search_metadata": meta})
    return docs


def kitchens():
    """The same documents in serde_json's form (first) and rmp-serde's (second)."""
    base = {
        "small": 200, "I16": -300, "wide": (1 << 64) + 5, "signed_wide": -(1 << 63) - 1,
        "single": 0.1, "double": -2.5e-300, "letter": "ж", "flag": True, "defaulted": [1, 2],
        "maybe": "m", "borrowed": "plain", "cow": "with \"escapes\"\n", "pair": [7, "seven"],
        "fixed": [1, 2, 65535], "by_number": {1: "one", 4294967295: "max"},
        "by_signed": {-5: True, 5: False}, "by_char": {"a": 1, "\"": 2}, "unit": None,
        "newtype": 9, "tuple": ["t", -1],
        "shapes": [{"kind": "circle", "radius": 1.5}, {"kind": "square", "side": 3},
                   {"kind": "named", "name": "n", "tags": ["a"]}, {"kind": "nothing"}],
        "adjacent": [{"t": "Number", "c": -3}, {"t": "Pair", "c": [1, 2]},
                     {"t": "Record", "c": {"a": True}}, {"t": "Empty"}],
        "untagged": [3, -3, "t", {"x": 1.0, "y": -1.0}, [1, 300], None],
        "external": ["Unit", {"Newtype": "n"}, {"Tuple": [1, False]}, {"Struct": {"inner": -9}}, "Else"],
        "mixed": [{"Known": 4}, {"Spelled": {"firstName": "x"}}, [True, False]],
        "strict": {"a": 1, "b": [{"a": 2}]},
        "flat_a": 5, "flat_b": "b", "date": "1999-03-28",
        "instant": "2026-12-02T10:20:30.123456789+08:00", "utc": "2026-12-02T10:20:30Z",
        "day": "2024-02-29", "when": "2024-02-29 12:30:00.5 +01:00:00",
        "id": "550e8400-e29b-41d4-a716-446655440000", "amount": "-1234.567",
        "bytes": [0, 1, 255], "zzz": 7, "other": None,
    }
    variants = [dict(base)]
    small = dict(base)
    for key in ("defaulted", "maybe", "flat_b", "zzz", "other"):
        del small[key]
    small.update({"i16_alias": small.pop("I16"), "strict": None, "shapes": [], "untagged": [], "mixed": []})
    variants.append(small)
    odd = dict(base)
    odd.update({"maybe": None, "date": "+12345-01-01", "instant": "1900-01-01T00:00:00-23:59",
                "utc": "2262-04-11T23:47:16.854775807Z", "amount": "79228162514264337593543950335",
                "when": "-9999-01-01 00:00:00.0 -25:59:59", "day": "9999-12-31"})
    variants.append(dict(reversed(list(odd.items()))))
    for doc in variants:
        text = {k: ({str(a): b for a, b in v.items()} if isinstance(v, dict) and k.startswith("by_") else v)
                for k, v in doc.items()}
        binary = dict(doc)
        binary["single"] = F32(0.1)
        binary["wide"] = doc["wide"].to_bytes(16, "big")
        binary["signed_wide"] = doc["signed_wide"].to_bytes(16, "big", signed=True)
        binary["id"] = bytes.fromhex(doc["id"].replace("-", ""))
        binary["bytes"] = bytes(doc["bytes"])
        binary["day"] = [2024, 60]
        binary["when"] = [2024, 60, 12, 30, 0, 500000000, 1, 0, 0]
        yield compact(text), packb(binary)


def main():
    data = sys.argv[1]
    for i, doc in enumerate(twitter_docs(data)):
        write("json_twitter", "%02d" % i, compact(doc))
        write("msgpack_twitter", "%02d" % i, packb(doc))
    for i, (text, binary) in enumerate(kitchens()):
        write("json_kitchen", "%02d" % i, text)
        write("msgpack_kitchen", "%02d" % i, binary)
        write("json_value", "kitchen-%02d" % i, text)
        write("msgpack_value", "kitchen-%02d" % i, binary)
    suite = os.path.join(data, "JSONTestSuite", "test_parsing")
    for name in sorted(os.listdir(suite))[::3]:
        path = os.path.join(suite, name)
        if name.startswith("y_") and os.path.getsize(path) < 40:
            with open(path, "rb") as f:
                write("json_value", name[:-5], f.read())
    with open(os.path.join(data, "msgpack-test-suite", "dist", "msgpack-test-suite.json")) as f:
        suite = json.load(f)
    for group, cases in suite.items():
        for i, case in enumerate(cases):
            for j, encoding in enumerate(case["msgpack"][:1] if i % 2 == 0 else []):
                write("msgpack_value", "%s-%d-%d" % (group.split(".")[1], i, j),
                      bytes.fromhex(encoding.replace("-", "")))
    # The round trips build their values from any bytes: a few fixed pseudo-random inputs of
    # growing sizes give them room to build large values from the start.
    rng = random.Random(7)
    for target in ("roundtrip_json", "roundtrip_msgpack"):
        for size in (64, 256, 1024, 4096):
            write(target, "random-%d" % size, bytes(rng.randrange(256) for _ in range(size)))


main()
