"""The `Ts` workloads in Python, for `compare --python`: json, orjson and msgpack.

Reads from stdin a JSON object {"rounds": R, "shapes": {name: {"json": text,
"msgpack": hex}}}, where each shape's value is what fastwire writes. For each shape and
library it times encoding the decoded object, decoding the bytes and round trips, each the
best and median of R rounds of as many calls as fill about 10 ms, checks that decoding the
library's own encoding gives the object back (the Pass Test) and whether its bytes are
fastwire's. Prints one JSON object of results on stdout.
"""

import json
import sys
import time

import msgpack
import orjson


def timed(call, rounds):
    """Best and median seconds per call of `call`, over `rounds` rounds."""
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            call()
        if time.perf_counter() - start > 0.002:
            break
        n *= 4
    per_round = max(1, int(n * 0.01 / max(time.perf_counter() - start, 1e-9)))
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(per_round):
            call()
        samples.append((time.perf_counter() - start) / per_round)
    samples.sort()
    return {"best": samples[0], "median": samples[len(samples) // 2]}


def library(encode, decode, obj, rounds, fastwire):
    own = encode(obj)
    result = {
        "size": len(own),
        "same_bytes": own == fastwire,
        "pass": decode(own) == obj,
        "encode": timed(lambda: encode(obj), rounds),
        "decode": timed(lambda: decode(own), rounds),
        "round_trip": timed(lambda: decode(encode(obj)), rounds),
    }
    return result


def main():
    request = json.load(sys.stdin)
    rounds = request["rounds"]
    results = {}
    for name, shape in request["shapes"].items():
        obj = json.loads(shape["json"])
        text, packed = shape["json"].encode(), bytes.fromhex(shape["msgpack"])
        results[name] = {
            # Compact and UTF-8, as serde_json writes it.
            "Python json": library(
                lambda o: json.dumps(o, separators=(",", ":"), ensure_ascii=False).encode(),
                json.loads,
                obj,
                rounds,
                text,
            ),
            "Python orjson": library(orjson.dumps, orjson.loads, obj, rounds, text),
            "Python msgpack": library(msgpack.packb, msgpack.unpackb, obj, rounds, packed),
        }
        if msgpack.unpackb(packed) != obj:
            results[name]["error"] = "msgpack does not read fastwire's bytes to the object"
    json.dump(
        {"python": sys.version.split()[0], "orjson": orjson.__version__,
         "msgpack": ".".join(map(str, msgpack.version)), "shapes": results},
        sys.stdout,
    )


if __name__ == "__main__":
    main()
