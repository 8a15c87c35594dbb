"""The unit written after a figure: which catalog metrics it fits, and how it is written (see ``metrics``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from jalapeno_audit.authoring.metric_words import COUNT_PER, bytes_label
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.figures import Reading

#: A token rate, and "per user" after it: one user's speed ("tokens/sec/user", "tokens each second for every user"; "t/s"
#: as forums write it).
TOKEN_RATE = re.compile(r"\s*(?:output\s+|mixed\s+)?(?:tok(?:en)?s?\s*(?:/|per|a|each)\s*s(?:ec(?:ond)?)?|t/s)\b"
                         r"(?P<user>\s*(?:/|per|a|for\s+(?:every|each))\s*user\b)?", re.I)
#: A token rate per something else than a user or a device ("tokens/second per TFLOPS", "tokens per second per kW").
PER_BASIS = re.compile(r"\s*(?:output\s+|mixed\s+)?tok(?:en)?s?\s*(?:/|per|a)\s*s(?:ec(?:ond)?)?\b\s*(?:/|per\s)\s*"
                       r"(?!users?\b)(?P<what>[A-Za-z][A-Za-z0-9]*)\b", re.I)
#: What may stand between a figure and its unit: a "+", a precision (or several joined by slashes, "FP16/BF16"), a word of
#: the figure's kind.
_PRECISION = r"(?:NV|MX)?FP\d+|BF16|INT\d+|TF32"
_BEFORE_UNIT = re.compile(rf"\+?(?:\s*(?:(?:{_PRECISION})(?:/(?:{_PRECISION}))*|peak|sustained|dense|sparse)\b(?=\s+[A-Za-z]))?", re.I)
#: A token rate in thousands or in another unit of time ("kilotokens per second", "tokens per millisecond").
_SCALED_RATE = re.compile(r"\s*(?:(?P<kilo>kilo)tok(?:en)?s?\s*(?:/|per|a)\s*s(?:ec(?:ond)?)?|"
                          r"tok(?:en)?s?\s*(?:/|per|a)\s*(?P<time>milliseconds?|ms|minutes?|min))\b"
                          r"(?P<user>\s*(?:/|per|a)\s*user\b)?", re.I)
#: A time per token ("2 ms/token", "30 milliseconds per output token"): the catalog's time per output token.
_PER_TOKEN = re.compile(r"\s*(?P<unit>ms|milliseconds?|s|secs?|seconds?)\s*(?:/|per|a)\s*(?:output\s+)?token\b", re.I)
#: Units of data and of operations spelled out ("gigabits per second", "terabytes", "petaop/s"; "peta-ops" and "teraops",
#: as operations a second are written for TOPS), and the symbol letter of each prefix.
_SPELLED_UNIT = re.compile(r"\s*(?P<prefix>kilo|mega|giga|tera|peta|exa)(?P<what>bits?|bytes?|ops?(?=/s)|-?ops\b|operations(?=\s+per\s+second))\b"
                           r"(?P<rate>\s+(?:per|a)\s+second|/s(?:ec)?\b)?", re.I)
_PREFIXES = {"kilo": "K", "mega": "M", "giga": "G", "tera": "T", "peta": "P", "exa": "E"}
#: A quantity scaled by number words and counted in operations or bytes a second ("502 trillion operations per second",
#: "42.6 billion billion floating-point operations per second", "1.1 million billion bytes per second"): the prefix of
#: the unit its scale is, and the unit's symbol for each thing counted.
_SCALE_WORDS = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_SCALED_UNIT = re.compile(r"(?P<more>(?:\s+(?:thousand|million|billion|trillion))*)\s+(?P<what>(?:floating[- ]point\s+)?operations|bytes|bits)"
                          r"\s+(?:per|a)\s+second\b", re.I)
_SCALE_PREFIXES = {10**9: "G", 10**12: "T", 10**15: "P", 10**18: "E"}


#: A unit alone in parentheses right after a figure ("277 (frame per second)", "20.09 (Tops)"), as forum posts and
#: spreadsheets write one.
HELD_UNIT = re.compile(r"\s?\((?P<unit>[A-Za-z][A-Za-z/ ]{0,30}[A-Za-z])\)")
#: A rate written "/sec" ("TB/sec", "GB/sec"): the catalog's "/s".
_PER_SEC = re.compile(r"/sec\b")


class UnitRead(NamedTuple):
    """What the unit written after a figure says."""

    metrics: set[str]  # the metrics it fits
    unit: str | None  # the unit to write (None: the metric's own)
    written: str | None  # the unit as read
    token_rate: bool  # a bare "tokens per second": aggregate or one user's?
    scaled: re.Match[str] | None  # "60 thousand tokens/s"
    tail: str  # the text after the figure the unit was read from


class UnitReader:
    """The catalog's unit spellings, read after figures."""

    def __init__(self, catalog: Catalog, phrase_metrics: Callable[[str], set[str]]) -> None:
        self.catalog = catalog
        self.units = _unit_index(catalog)
        self.phrase_metrics = phrase_metrics  # the metrics a phrase names ("time per output token")

    def read(self, reading: Reading, sentence: str) -> UnitRead:
        """What the unit after an absolute figure says: the metrics it fits, the unit to write and the unit read."""
        tail = sentence[reading.end:reading.end + 60] if reading.end <= len(sentence) else ""
        # "1,000+ tokens/sec", "2,517 MXFP8 TFLOPS", "83.2 peak petaflops": the unit after a "+", a precision or a word of kind;
        # a percent's unit is its sign ("90%+ FLOPS utilization").
        skipped = match.end() if (match := _BEFORE_UNIT.match(tail)) and reading.label != "%" else 0
        label = reading.label
        if skipped:
            tail = tail[skipped:]
            label = tail.split()[0] if tail.split() else None
        if reading.label == "$":
            return UnitRead({m.id for m in self.catalog.metrics.values() if m.unit.startswith("USD")}, None, None, False, None, tail)
        if (basis := self._per_basis(tail)) is not None:
            return UnitRead(basis[0], basis[1], None, False, None, tail)
        if rate := TOKEN_RATE.match(tail) or _SCALED_RATE.match(tail):
            # "tokens per second" alone does not say aggregate throughput or one user's speed; "tokens/sec/user" does.
            fits = {m.id for m in self.catalog.metrics.values() if m.unit in (("tok/s/user",) if rate["user"] else ("tok/s", "tok/s/user"))}
            return UnitRead(fits, None, None, True, rate if rate.re is _SCALED_RATE else None, tail)
        if (symbol := scaled_unit(reading, sentence)) is not None:
            return UnitRead(*self._labelled(symbol, symbol), False, None, tail)
        if label:
            return UnitRead(*self._labelled(tail, tail.strip() if skipped else label), False, None, tail)
        if (held := HELD_UNIT.match(tail)) is not None and self.unit_of(held["unit"], least=len(held["unit"].split())):
            # "277 (frame per second)", "29.5(Tops)": a unit alone in parentheses right after the figure is its unit.
            return UnitRead(*self._labelled(held["unit"], held["unit"]), False, None, tail)
        return UnitRead(set(), None, None, False, None, tail)

    def _labelled(self, tail: str, label: str) -> tuple[set[str], str | None, str | None]:
        """The metrics a unit written after a figure fits, the unit to write (None for the metric's own) and the unit read."""
        per_token = _PER_TOKEN.match(tail)  # "2 ms/token": a time per token, in the unit before "/token"
        if COUNT_PER.match(tail):
            return set(), None, None
        # A unit spelled in several words is read whole ("IPS per watt", "images per second"), before its first word alone.
        base = self.spelled_unit(tail) or (None if per_token else self.unit_of(tail.strip(), least=2)) \
            or self.unit_of(per_token["unit"] if per_token else label)
        if base is None:
            return set(), None, None
        unit_id, base_unit = base
        # "minutes" fits metrics kept in seconds and those kept in minutes ("time to train"); "TB/s" fits a metric kept in
        # GB/s, a unit the catalog converts to TB/s.
        fits = {m.id for m in self.catalog.metrics.values() if m.unit in (base_unit, unit_id)
                or ((held := self.catalog.units.get(m.unit)) is not None and held.metric_unit == base_unit)}
        if per_token:
            fits &= self.phrase_metrics("time per output token")
        return fits, unit_id if unit_id != base_unit else None, unit_id

    def _per_basis(self, tail: str) -> tuple[set[str], str | None] | None:
        """A token rate per a unit of something else than a user ("4.45 tokens/second per TFLOPS", "tokens per second per
        kW"): the metrics kept in that unit and the unit to write. A basis that is no unit ("per NPU") is a device's."""
        per = PER_BASIS.match(tail)
        held = self.units.get(f"tok/s/{per['what']}".lower()) if per else None
        if held is None:
            return None
        unit_id, base_unit = held
        return {m.id for m in self.catalog.metrics.values() if m.unit == base_unit}, unit_id if unit_id != base_unit else None

    def unit_of(self, label: str, least: int = 1) -> tuple[str, str] | None:
        """(unit to write, metric unit) for a label after a figure: "ms" -> (ms, s), "GB" -> (GB, GB); of ``least`` words
        or more."""
        words = bytes_label(label.split()[0]).split() + label.split()[1:] if label.split() else []
        for size in range(min(4, len(words)), least - 1, -1):
            key = " ".join(words[:size]).lower().rstrip(".,;:")
            if key in self.units:
                return self.units[key]
            if (per_s := _PER_SEC.sub("/s", key)) in self.units:
                return self.units[per_s]  # "4.0TB/sec" is in TB/s
        return None

    def spelled_unit(self, tail: str) -> tuple[str, str] | None:
        """A unit spelled out after a figure, found by its symbol: "gigabits per second" -> Gb/s or Gbps, "gigabytes" -> GB."""
        spelled = _SPELLED_UNIT.match(tail)
        if spelled is None:
            return None
        what = spelled["what"].lower().lstrip("-")
        bits = what.startswith("bit")
        symbol = _PREFIXES[spelled["prefix"].lower()]
        # Unit spellings are matched without case, so bits are looked up only as "Gbps" or "Gbit/s", never as "Gb/s" (GB/s).
        if what.startswith("op"):
            keys: tuple[str, ...] = (symbol + "OPS",)
        elif spelled["rate"]:
            keys = (symbol + "bps", symbol + "bit/s") if bits else (symbol + "B/s",)
        else:
            keys = (symbol + "bit",) if bits else (symbol + "B",)
        for key in keys:
            if key.lower() in self.units:
                return self.units[key.lower()]
        return None


def scaled_unit(reading: Reading, sentence: str) -> str | None:
    """The unit symbol a figure scaled by number words is written in when what it counts is operations, floating-point
    operations or bytes a second ("502 trillion operations per second" is 502 TOPS, "42.6 billion billion floating-point
    operations per second" 42.6 EFLOPS, "1.1 million billion bytes per second" 1.1 PB/s); None for any other figure."""
    found = _SCALED_UNIT.match(sentence, reading.end) if reading.scale != 1 else None
    if found is None:
        return None
    scale = reading.scale
    for word in found["more"].split():
        scale *= _SCALE_WORDS[word.lower()]
    prefix = _SCALE_PREFIXES.get(int(scale)) if scale.denominator == 1 else None
    if prefix is None:
        return None
    what = found["what"].lower()
    return prefix + ("FLOPS" if what.startswith("floating") else "OPS" if what == "operations" else "B/s" if what == "bytes" else "bps")


def _unit_index(catalog: Catalog) -> dict[str, tuple[str, str]]:
    """Unit spellings (lower case) -> (unit id to write, metric unit it converts to)."""
    index: dict[str, tuple[str, str]] = {}
    for metric in catalog.metrics.values():
        index.setdefault(metric.unit.lower(), (metric.unit, metric.unit))
    for unit in catalog.units.values():
        for spelling in (unit.id, *unit.aliases):
            index[spelling.lower()] = (unit.id, unit.metric_unit)
    return index


