#!/usr/bin/env python3
"""Writes documents with cbor2 (pinned: cbor2==6.3.0) into fixtures/*.cbor and
describes each in fixtures/fixtures.json, in the typed notation of the
conformance files ({"$keyword": ":a"}, {"$bigint": "digits"}, ...).

The Rust test tests/tests/cbor2_fixtures.rs reads the committed outputs, so
no Python runs at test time. Re-run after changing this script:

    pip install cbor2==6.3.0
    python3 tests/interop/gen_cbor2_fixtures.py
"""

import datetime
import decimal
import fractions
import json
import math
import pathlib
import re
import struct
import uuid

import cbor2

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE / "fixtures"

UTC = datetime.timezone.utc


def kw(name):
    """A keyword the way boring writes it: tag 39 over ":name"."""
    return cbor2.CBORTag(39, ":" + name)


def sym(name):
    return cbor2.CBORTag(39, name)


def record(name, payload):
    return cbor2.CBORTag(27, [name, payload])


def shortest_width(x):
    """The float width cbor2's canonical mode picks (half, single, double)."""
    if math.isnan(x) or math.isinf(x):
        return 16
    for fmt, width in (("<e", 16), ("<f", 32)):
        try:
            if struct.unpack(fmt, struct.pack(fmt, x))[0] == x:
                return width
        except OverflowError:
            pass
    return 64


TYPED = {77: ("<h", 2), 78: ("<i", 4), 79: ("<q", 8), 85: ("<f", 4), 86: ("<d", 8)}


def typed(obj, canonical=False):
    """The typed-JSON description of what a boring reader must produce."""
    if obj is None:
        return None
    if obj is cbor2.undefined:
        return {"$undefined": True}
    if isinstance(obj, bool):
        return obj
    if isinstance(obj, int):
        return obj if -(2**63) <= obj < 2**63 else {"$bigint": str(obj)}
    if isinstance(obj, float):
        if math.isnan(obj):
            return {"$nan": True}
        if math.isinf(obj):
            return {"$inf": 1 if obj > 0 else -1}
        width = shortest_width(obj) if canonical else 64
        return {"$float%d" % width: obj}
    if isinstance(obj, str):
        return obj
    if isinstance(obj, bytes):
        return {"$bytes": obj.hex()}
    if isinstance(obj, (list, tuple)):
        return [typed(x, canonical) for x in obj]
    if isinstance(obj, dict):
        return {"$map": [[typed(k, canonical), typed(v, canonical)] for k, v in obj.items()]}
    if isinstance(obj, (set, frozenset)):
        return {"$set": [typed(x, canonical) for x in obj]}
    if isinstance(obj, datetime.datetime):
        text = obj.isoformat().replace("+00:00", "Z")
        return {"$instant": text}
    if isinstance(obj, datetime.date):
        return {"$tag": {"tag": 1004, "content": obj.isoformat()}}
    if isinstance(obj, decimal.Decimal):
        sign, digits, exponent = obj.as_tuple()
        mantissa = int("".join(map(str, digits))) * (-1 if sign else 1)
        return {"$decimal": {"exponent": exponent, "mantissa": str(mantissa)}}
    if isinstance(obj, fractions.Fraction):
        return {"$ratio": [str(obj.numerator), str(obj.denominator)]}
    if isinstance(obj, uuid.UUID):
        return {"$uuid": str(obj)}
    if isinstance(obj, re.Pattern):
        return {"$tag": {"tag": 35, "content": obj.pattern}}
    if isinstance(obj, cbor2.CBORSimpleValue):
        return {"$simple": obj.value}
    if isinstance(obj, cbor2.CBORTag):
        tag, value = obj.tag, obj.value
        if tag == 39 and isinstance(value, str):
            return {"$keyword" if value.startswith(":") else "$symbol": value}
        if tag == 27:
            return {"$record": {"name": value[0], "payload": typed(value[1], canonical)}}
        if tag in TYPED:
            fmt, width = TYPED[tag]
            values = [struct.unpack(fmt, value[i:i + width])[0] for i in range(0, len(value), width)]
            return {"$typed": {"tag": tag, "values": values}}
        if tag == 39649:
            # Shaped array: a boring reader expands it into maps; undefined
            # or a short row means the key is absent.
            keys, rows = value
            maps = []
            for row in rows:
                pairs = [[typed(k, canonical), typed(v, canonical)]
                         for k, v in zip(keys, row) if v is not cbor2.undefined]
                maps.append({"$map": pairs})
            return maps
        return {"$tag": {"tag": tag, "content": typed(value, canonical)}}
    raise TypeError("no description for %r" % (obj,))


def scalars():
    return {
        "uint": [0, 23, 24, 255, 256, 65535, 65536, 2**32, 2**63 - 1],
        "u64-high": [2**63, 2**64 - 1],
        "negative": [-1, -24, -25, -(2**63), -(2**63) - 1, -(2**64)],
        "bignum": [2**64, 2**100, -(2**64) - 1, -(2**100)],
        "float": [1.5, 0.1, -2.5, 100000.0, 1e300, -0.0, float("inf"), float("-inf"), float("nan")],
        "text": ["", "a", "héllo wörld 💩", "x" * 300],
        "bytes": [b"", b"\x00\xff", bytes(range(40))],
        "simple": [True, False, None, cbor2.undefined, cbor2.CBORSimpleValue(200)],
    }


def semantic():
    return {
        "instant": datetime.datetime(2009, 2, 13, 23, 31, 30, 123000, tzinfo=UTC),
        "instant-whole": datetime.datetime(2013, 3, 21, 20, 4, 0, tzinfo=UTC),
        "instant-offset": datetime.datetime(
            2020, 1, 1, tzinfo=datetime.timezone(datetime.timedelta(hours=-8))),
        "date": datetime.date(2024, 2, 29),
        "decimal": decimal.Decimal("1.50"),
        "decimal-big": decimal.Decimal("12345678901234567890.5"),
        "decimal-neg": decimal.Decimal("-0.001"),
        "ratio": fractions.Fraction(22, 7),
        "ratio-neg": fractions.Fraction(-1, 3),
        "uuid": uuid.UUID("9682952b-fafa-4b41-8e4a-31ae948d6f08"),
        "regex": re.compile("^a.*z$"),
        "set": {1, 2, 3},
        "frozenset": frozenset([4, 5]),
        "keyword": kw("user/name"),
        "symbol": sym("my.ns/sym"),
        "char": record("clojure/char", "ಬ"),
        "period": record("java/period", "P1Y2M3D"),
        "record": record("my.ns/Point", {kw("x"): 3, kw("y"): 4}),
        "uri": cbor2.CBORTag(32, "https://clojure.org"),
        "duration": cbor2.CBORTag(1002, {1: 100, -9: 100}),
        "longs": cbor2.CBORTag(79, struct.pack("<3q", 1, -2, 3)),
        "doubles": cbor2.CBORTag(86, struct.pack("<2d", 1.5, -2.5)),
        "matrix": cbor2.CBORTag(40, [[2, 2], cbor2.CBORTag(78, struct.pack("<4i", 1, 2, 3, 4))]),
        "unknown-tag": cbor2.CBORTag(12345, [1, "two"]),
        "shaped": cbor2.CBORTag(39649, [[kw("a"), kw("b"), kw("c")],
                                       [[None, 1, 2], [3, cbor2.undefined, 4], [5]]]),
    }


def stringref_doc():
    rows = [{kw("attribute"): i, "name": "person-%d" % (i % 3), kw("user/name"): kw("user/name")}
            for i in range(6)]
    return {
        "rows": rows,
        "threshold": ["abc", "abc", "wxyz", "wxyz", "ab", "ab"],
        "bytes-repeat": [b"abcd", b"abcd", "abcd", "abcd"],
        "nested": [["deep", ["deep", ["deep"]]]],
    }


def canonical_doc():
    return {
        1000: "x",
        "a": "y",
        -1: [1.5, 100000.0, 0.1, -0.0, float("inf")],
        b"k": {2**64: "big", 255: "small"},
        kw("kw"): {"zz", "b", "aaa"},
        "nested": {"b": 1, "a": {3: "c", 1: "a"}},
        False: None,
    }


FIXTURES = [
    # (file, document, cbor2.dumps keyword arguments, re-encoding profile)
    ("scalars.cbor", scalars, {}, "interop"),
    ("semantic.cbor", semantic, {}, None),
    ("stringref.cbor", stringref_doc, {"string_referencing": True}, None),
    ("canonical.cbor", canonical_doc, {"canonical": True}, "canonical-rfc7049"),
    ("canonical-stringref.cbor", stringref_doc, {"canonical": True, "string_referencing": True}, None),
]


def main():
    OUT.mkdir(exist_ok=True)
    listing = []
    for name, build, options, reencode in FIXTURES:
        doc = build()
        data = cbor2.dumps(doc, **options)
        (OUT / name).write_bytes(data)
        listing.append({
            "file": name,
            "written_with": {"cbor2": cbor2_version(), **options},
            "size_bytes": len(data),
            "reencode_profile": reencode,
            "expected": typed(doc, canonical=options.get("canonical", False)),
        })
        print("%-26s %6d bytes" % (name, len(data)))
    (OUT / "fixtures.json").write_text(json.dumps({"fixtures": listing}, indent=1, ensure_ascii=False) + "\n")


def cbor2_version():
    from importlib.metadata import version
    return version("cbor2")


if __name__ == "__main__":
    main()
