"""Python's datetime and msgpack packages as outside clients of fastwire's dates, for
tests/tests/python_dates.rs.

Usage: python3 dates_interop.py INPUT.json OUTPUT.json

INPUT holds:
  "texts":      [{"kind", "text", "expect"}]: ISO texts fastwire wrote. `kind` is "datetime",
                "date", "time" or "naive_datetime"; `text` is read with the `fromisoformat` of
                that kind and compared with `expect` (see `describe`).
  "timestamps": [{"hex", "seconds", "nanoseconds"}]: MessagePack timestamp extensions fastwire
                wrote, read with msgpack (as `msgpack.Timestamp` and, where it holds them, as a
                `datetime`) and compared with the instant.
  "seed":       an integer, for the values Python writes.

OUTPUT holds:
  "mismatches": descriptions of every text or timestamp Python read differently;
  "written":    [{"kind", "text", "expect"}]: ISO texts Python wrote (`isoformat` in several
                `timespec`s) for fastwire to read, with what they hold;
  "packed":     [{"hex", "seconds", "nanoseconds"}]: timestamps msgpack wrote.

`expect` is a list: for "datetime", [unix seconds, microseconds, offset seconds]; "date",
[year, month, day]; "time", [hour, minute, second, microseconds]; "naive_datetime",
[year, month, day, hour, minute, second, microseconds].
"""

import datetime
import json
import random
import sys

import msgpack

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def describe(kind, value):
    if kind == "datetime":
        delta = value - EPOCH
        seconds = delta.days * 86400 + delta.seconds
        return [seconds, delta.microseconds, int(value.utcoffset().total_seconds())]
    if kind == "date":
        return [value.year, value.month, value.day]
    if kind == "time":
        return [value.hour, value.minute, value.second, value.microsecond]
    return [value.year, value.month, value.day, value.hour, value.minute, value.second,
            value.microsecond]


PARSERS = {
    "datetime": datetime.datetime.fromisoformat,
    "date": datetime.date.fromisoformat,
    "time": datetime.time.fromisoformat,
    "naive_datetime": datetime.datetime.fromisoformat,
}


def read_texts(texts, mismatches):
    for case in texts:
        try:
            got = describe(case["kind"], PARSERS[case["kind"]](case["text"]))
        except Exception as error:  # noqa: BLE001 - every refusal is a mismatch to report
            mismatches.append(f"{case['text']!r}: {error}")
            continue
        if got != case["expect"]:
            mismatches.append(f"{case['text']!r}: read {got}, expected {case['expect']}")


def read_timestamps(timestamps, mismatches):
    for case in timestamps:
        data = bytes.fromhex(case["hex"])
        stamp = msgpack.unpackb(data)
        if not isinstance(stamp, msgpack.Timestamp):
            mismatches.append(f"{case['hex']}: read {stamp!r}, not a Timestamp")
            continue
        if (stamp.seconds, stamp.nanoseconds) != (case["seconds"], case["nanoseconds"]):
            mismatches.append(
                f"{case['hex']}: read {stamp.seconds}.{stamp.nanoseconds:09}, expected "
                f"{case['seconds']}.{case['nanoseconds']:09}")
        # As a datetime, where one holds the instant (years 1..9999).
        if -62135596800 <= case["seconds"] < 253402300800:
            moment = msgpack.unpackb(data, timestamp=3)
            micros = case["nanoseconds"] // 1000
            expected = EPOCH + datetime.timedelta(seconds=case["seconds"], microseconds=micros)
            if moment != expected:
                mismatches.append(f"{case['hex']}: read {moment}, expected {expected}")


def random_datetime(rng):
    seconds = rng.randrange(-62135596800 + 86400, 253402300800 - 86400)
    micros = rng.choice([0, rng.randrange(0, 1000) * 1000, rng.randrange(0, 1000000)])
    minutes = rng.randrange(-1439, 1440)
    zone = datetime.timezone(datetime.timedelta(minutes=minutes))
    return (EPOCH + datetime.timedelta(seconds=seconds, microseconds=micros)).astimezone(zone)


def write_values(rng):
    written = []
    for _ in range(400):
        value = random_datetime(rng)
        spec = rng.choice(["auto", "seconds", "milliseconds", "microseconds"])
        sep = rng.choice(["T", " "])
        text = value.isoformat(sep=sep, timespec=spec)
        # The text holds only what its timespec shows.
        shown = value
        if spec == "seconds":
            shown = value.replace(microsecond=0)
        elif spec == "milliseconds":
            shown = value.replace(microsecond=value.microsecond // 1000 * 1000)
        written.append({"kind": "datetime", "text": text, "expect": describe("datetime", shown)})
        naive = shown.replace(tzinfo=None)
        written.append({"kind": "naive_datetime", "text": naive.isoformat(),
                        "expect": describe("naive_datetime", naive)})
        written.append({"kind": "date", "text": naive.date().isoformat(),
                        "expect": describe("date", naive.date())})
        written.append({"kind": "time", "text": naive.time().isoformat(),
                        "expect": describe("time", naive.time())})
    return written


def pack_timestamps(rng):
    packed = []
    for _ in range(300):
        seconds = rng.choice([rng.randrange(0, 2**32), rng.randrange(0, 2**34),
                              rng.randrange(-2**40, 2**40), rng.randrange(-2**63, 2**63)])
        nanoseconds = rng.choice([0, rng.randrange(0, 10**9)])
        data = msgpack.packb(msgpack.Timestamp(seconds, nanoseconds))
        packed.append({"hex": data.hex(), "seconds": seconds, "nanoseconds": nanoseconds})
    for _ in range(100):
        value = random_datetime(rng)
        data = msgpack.packb(value, datetime=True)
        delta = value - EPOCH
        packed.append({"hex": data.hex(), "seconds": delta.days * 86400 + delta.seconds,
                       "nanoseconds": delta.microseconds * 1000})
    return packed


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        request = json.load(f)
    mismatches = []
    read_texts(request["texts"], mismatches)
    read_timestamps(request["timestamps"], mismatches)
    rng = random.Random(request["seed"])
    response = {
        "mismatches": mismatches,
        "written": write_values(rng),
        "packed": pack_timestamps(rng),
    }
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(response, f)


if __name__ == "__main__":
    main()
