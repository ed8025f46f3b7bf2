"""Python's msgpack package as an outside client of fastwire's MessagePack, for
tests/tests/msgpack_python.rs.

Usage: python3 msgpack_interop.py INPUT.json OUTPUT.json

INPUT holds:
  "cases":    [{"name", "hex", "expect", "pack"}]: `hex` is what fastwire wrote; it is
              decoded here and compared with the description `expect`; the description
              `pack` is then written by msgpack (as `hex` in the output) for fastwire to read.
  "verdicts": [{"name", "hex"}]: inputs (mostly malformed) for which only msgpack's verdict,
              accepted or refused, is reported.

A description is a JSON tree of tagged lists:
  ["nil"], ["bool", b], ["int", n], ["f32", "8 hex digits of the bits"],
  ["f64", "16 hex digits"], ["str", s], ["bin", "hex"], ["array", [items]],
  ["map", [[key, value], ...]] (in order, duplicates kept), ["ext", code, "hex"],
  ["ts", seconds, nanoseconds].

OUTPUT holds "cases": [{"name", "mismatch", "hex"}] (mismatch is null when the decoded value
matches) and "verdicts": [{"name", "accepted", "error"}].
"""

import datetime
import json
import math
import struct
import sys

import msgpack

PACKER = msgpack.Packer(use_bin_type=True)
SINGLE_FLOAT_PACKER = msgpack.Packer(use_bin_type=True, use_single_float=True)
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


class Pairs(list):
    """A decoded map: its (key, value) pairs in order, duplicates kept."""


class Ext:
    """A decoded extension other than a timestamp (ExtType refuses negative codes)."""

    def __init__(self, code, data):
        self.code = code
        self.data = data

    def __repr__(self):
        return f"Ext({self.code}, {self.data.hex()})"


def unpack(data, timestamp=0):
    return msgpack.unpackb(
        data,
        raw=False,
        strict_map_key=False,
        object_pairs_hook=Pairs,
        ext_hook=Ext,
        timestamp=timestamp,
    )


def bits_of_f32(hex_bits):
    return struct.unpack(">f", bytes.fromhex(hex_bits))[0]


def bits_of_f64(hex_bits):
    return struct.unpack(">d", bytes.fromhex(hex_bits))[0]


def same_float(expected, got):
    if math.isnan(expected):
        return math.isnan(got)
    # Bit for bit, so that -0.0 and 0.0 differ.
    return struct.pack(">d", expected) == struct.pack(">d", got)


def check(desc, got, path):
    """None if `got` is what `desc` describes, otherwise a message naming the path."""
    kind = desc[0]

    def wrong(what):
        return f"at {path or 'the root'}: expected {what}, got {got!r}"[:500]

    if kind == "nil":
        return None if got is None else wrong("nil")
    if kind == "bool":
        return None if got is desc[1] else wrong(desc[1])
    if kind == "int":
        ok = type(got) is int and got == desc[1]
        return None if ok else wrong(desc[1])
    if kind in ("f32", "f64"):
        expected = bits_of_f32(desc[1]) if kind == "f32" else bits_of_f64(desc[1])
        ok = type(got) is float and same_float(expected, got)
        return None if ok else wrong(f"{kind} {expected!r}")
    if kind == "str":
        return None if type(got) is str and got == desc[1] else wrong(repr(desc[1]))
    if kind == "bin":
        expected = bytes.fromhex(desc[1])
        ok = type(got) is bytes and got == expected
        return None if ok else wrong(f"{len(expected)} bytes")
    if kind == "array":
        if type(got) is not list or len(got) != len(desc[1]):
            return wrong(f"an array of {len(desc[1])}")
        for i, (item, value) in enumerate(zip(desc[1], got)):
            problem = check(item, value, f"{path}[{i}]")
            if problem:
                return problem
        return None
    if kind == "map":
        if type(got) is not Pairs or len(got) != len(desc[1]):
            return wrong(f"a map of {len(desc[1])}")
        for i, ((key, value), (got_key, got_value)) in enumerate(zip(desc[1], got)):
            problem = check(key, got_key, f"{path}<key {i}>") or check(
                value, got_value, f"{path}<value {i}>"
            )
            if problem:
                return problem
        return None
    if kind == "ext":
        ok = isinstance(got, Ext) and got.code == desc[1] and got.data.hex() == desc[2]
        return None if ok else wrong(f"ext {desc[1]}")
    if kind == "ts":
        ok = isinstance(got, msgpack.Timestamp) and (got.seconds, got.nanoseconds) == (
            desc[1],
            desc[2],
        )
        return None if ok else wrong(f"timestamp ({desc[1]}, {desc[2]})")
    return f"unknown description {kind!r}"


def as_datetime(seconds, nanoseconds):
    """The datetime msgpack's timestamp=3 should give, or None where datetime cannot hold
    the instant (outside years 1 to 9999)."""
    try:
        return EPOCH + datetime.timedelta(seconds=seconds, microseconds=nanoseconds // 1000)
    except OverflowError:
        return None


def check_datetimes(desc, data):
    """With timestamp=3, every timestamp datetime can hold reads as that datetime."""
    if desc[0] == "ts":
        expected = as_datetime(desc[1], desc[2])
        if expected is None:
            return None
        got = unpack(data, timestamp=3)
        return None if got == expected else f"as datetime: expected {expected}, got {got!r}"
    if desc[0] == "array" and all(item[0] == "ts" for item in desc[1]):
        representable = [as_datetime(item[1], item[2]) for item in desc[1]]
        if None in representable:
            return None
        got = unpack(data, timestamp=3)
        return None if got == representable else f"as datetimes: got {got!r}"[:500]
    return None


def pack(desc, out):
    kind = desc[0]
    if kind == "nil":
        out += PACKER.pack(None)
    elif kind in ("bool", "int", "str"):
        out += PACKER.pack(desc[1])
    elif kind == "f32":
        out += SINGLE_FLOAT_PACKER.pack(bits_of_f32(desc[1]))
    elif kind == "f64":
        out += PACKER.pack(bits_of_f64(desc[1]))
    elif kind == "bin":
        out += PACKER.pack(bytes.fromhex(desc[1]))
    elif kind == "array":
        out += PACKER.pack_array_header(len(desc[1]))
        for item in desc[1]:
            pack(item, out)
    elif kind == "map":
        out += PACKER.pack_map_header(len(desc[1]))
        for key, value in desc[1]:
            pack(key, out)
            pack(value, out)
    elif kind == "ext":
        # ExtType refuses the negative codes the spec reserves; pack_ext_type writes any.
        out += PACKER.pack_ext_type(desc[1], bytes.fromhex(desc[2]))
    elif kind == "ts":
        out += PACKER.pack(msgpack.Timestamp(desc[1], desc[2]))
    else:
        raise ValueError(f"unknown description {kind!r}")


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        request = json.load(f)
    cases = []
    for case in request["cases"]:
        data = bytes.fromhex(case["hex"])
        try:
            mismatch = check(case["expect"], unpack(data), "") or check_datetimes(
                case["expect"], data
            )
        except Exception as e:  # noqa: BLE001 - any failure to read is a finding
            mismatch = f"{type(e).__name__}: {e}"
        out = bytearray()
        pack(case["pack"], out)
        cases.append({"name": case["name"], "mismatch": mismatch, "hex": out.hex()})
    verdicts = []
    for case in request["verdicts"]:
        try:
            unpack(bytes.fromhex(case["hex"]))
            verdicts.append({"name": case["name"], "accepted": True, "error": None})
        except Exception as e:  # noqa: BLE001 - the verdict is what is reported
            verdicts.append(
                {"name": case["name"], "accepted": False, "error": f"{type(e).__name__}: {e}"}
            )
    result = {"msgpack_version": list(msgpack.version), "cases": cases, "verdicts": verdicts}
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main()
