"""`audit new`: turn an article's text into a claim-file scaffold.

Every sentence that carries a figure becomes a candidate claim with its verbatim quote, the
figures found (value, ratio or range), the hedge word, and the system, model and metric where
the catalog's names and aliases identify them unambiguously. A candidate with everything a
claim needs is written as a live claim; one that is missing something is written commented
out, with each missing field marked TODO, so the file loads as written and nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.numbers import HEDGES

# A figure with what follows it: "1.9 times", "85,448 tokens", "1.5–1.9x", "30% higher", "14-fold".
_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_RANGE = re.compile(rf"(?P<lo>{_NUM})\s*(?:x|×|times)?\s*(?:to|–|—|-|‑)\s*(?P<hi>{_NUM})\s*(?P<times>x\b|×|times\b)?", re.I)
_RATIO = re.compile(rf"(?P<n>{_NUM})\s*(?:x\b|×|times\b|-fold\b)", re.I)
_PERCENT = re.compile(rf"(?P<n>{_NUM})\s*(?:%|percent)\s+(?P<dir>higher|more|faster|better|greater|lower|less|fewer|smaller)", re.I)
_WORD_RATIO = re.compile(r"\b(twice|double|triple|half)\b", re.I)
_VALUE = re.compile(rf"(?<![\w.])(?P<n>{_NUM})(?![\w.]*\d)")
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12}
_WORD_VALUE = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")\s+(months?|weeks?|years?|days?)\b", re.I)
_CONDITION = re.compile(rf"\bat (?:about |around |roughly |approximately )?(?:{_NUM})\s*[^\s,.;]*(?:\s+(?:per|/)\s*\w+)?", re.I)
_YEAR = re.compile(r"\b(19|20)\d{2}\b")
_CLAUSE_BREAK = re.compile(r"\s*(?:[|;,:(){}]|\b(?:against|versus|vs\.?|compared (?:with|to)|than|while|whereas|and)\b)\s*", re.I)
_BULLET = re.compile(r"^(?:[-*•]|\d+[.)])\s+")
_SENTENCE = re.compile(r"(?<=[.!?])[\"”’)]?\s+(?=[\"“‘(]?[A-Z0-9])")

#: Words that identify a metric when no catalog name does.
METRIC_CUES = (
    ("throughput-per-kw", re.compile(r"per (kilowatt|kw|watt|megawatt)|/kw\b|per unit of power|work per watt|performance per watt", re.I)),
    ("tokens-per-sec-per-user", re.compile(r"per user|/user|decod\w* speed|interactiv", re.I)),
    ("e2e-latency", re.compile(r"end[- ]to[- ]end latency|latenc", re.I)),
    ("ttft", re.compile(r"time to first token|ttft", re.I)),
    ("tpot", re.compile(r"time per output token|tpot", re.I)),
    ("rated-power", re.compile(r"rated power|power rating", re.I)),
    ("measured-power", re.compile(r"measured (sustained )?power|held steady performance", re.I)),
    ("design-to-tapeout", re.compile(r"tapeout|tape-out", re.I)),
)


@dataclass
class Candidate:
    """One figure found in one sentence."""

    quote: str
    kind: str  # value | ratio
    figure: str | list[str]  # as it should be written in YAML
    hedge: str | None = None
    system: str | None = None
    vs: str | None = None
    model: str | None = None
    metric: str | None = None
    found: str = ""  # the text the figure was read from
    missing: list[str] = field(default_factory=list)


def sentences(text: str) -> list[str]:
    """Lines, then sentences within them (table rows and headings stay whole)."""
    result = []
    for line in text.splitlines():
        line = " ".join(line.split())
        if line:
            line = _BULLET.sub("", line)
            result += [s.strip() for s in _SENTENCE.split(line) if s.strip()]
    return result


def clause(sentence: str, start: int, end: int) -> str:
    """The part of a sentence a figure stands in: between separators such as commas, pipes, 'against'."""
    left = 0
    for match in _CLAUSE_BREAK.finditer(sentence, 0, start):
        left = match.end()
    right_match = _CLAUSE_BREAK.search(sentence, end)
    right = right_match.start() if right_match else len(sentence)
    return sentence[left:right]


class Scaffolder:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.systems = _name_index(catalog, "systems")
        self.models = _name_index(catalog, "models")
        self.metric_names = {m.name.lower(): m.id for m in catalog.metrics.values()}

    def candidates(self, sentence: str) -> list[Candidate]:
        masked = self._mask_names(sentence)
        found: list[Candidate] = []
        taken: list[tuple[int, int]] = []

        def free(span) -> bool:
            return all(span[1] <= a or span[0] >= b for a, b in taken)

        for match in _RANGE.finditer(masked):
            lo, hi = _plain(match["lo"]), _plain(match["hi"])
            if float(lo) <= float(hi) and not _YEAR.fullmatch(match["lo"]):
                kind = "ratio" if match["times"] else "value"
                found.append(self._candidate(sentence, kind, [lo, hi], match))
                taken.append(match.span())
        for pattern in (_PERCENT, _RATIO):
            for match in pattern.finditer(masked):
                if not free(match.span()):
                    continue
                figure = _plain(match["n"])
                if pattern is _PERCENT:
                    sign = -1 if match["dir"].lower() in ("lower", "less", "fewer", "smaller") else 1
                    figure = _decimal_text(1 + sign * float(figure) / 100) if sign > 0 else _decimal_text(1 / (1 - float(figure) / 100))
                found.append(self._candidate(sentence, "ratio", figure, match))
                taken.append(match.span())
        for match in _WORD_RATIO.finditer(masked):
            figure = {"twice": "2", "double": "2", "triple": "3", "half": "0.5"}[match[1].lower()]
            found.append(self._candidate(sentence, "ratio", figure, match))
            taken.append(match.span())
        for match in _WORD_VALUE.finditer(masked):
            found.append(self._candidate(sentence, "value", str(_NUMBER_WORDS[match[1].lower()]), match))
            taken.append(match.span())
        for match in _VALUE.finditer(masked):
            if not free(match.span()) or _YEAR.fullmatch(match["n"]):
                continue
            found.append(self._candidate(sentence, "value", _plain(match["n"]), match))
            taken.append(match.span())
        found.sort(key=lambda c: sentence.find(c.found))
        return found

    def _mask_names(self, sentence: str) -> str:
        """Blank out catalog names ("GPT-OSS 120B", "Kimi K2.5") so their digits are not figures."""
        masked = sentence
        for name in sorted({*self.systems, *self.models}, key=len, reverse=True):
            masked = re.sub(rf"(?i)(?<!\w){re.escape(name)}(?!\w)", lambda m: "#" * len(m.group()), masked)
        return masked

    def _candidate(self, sentence: str, kind: str, figure, match) -> Candidate:
        candidate = Candidate(sentence, kind, figure, found=match.group())
        candidate.hedge = _hedge(sentence, match.start(), match.end())
        part = clause(sentence, match.start(), match.end())
        models = _mentions(sentence, self.models)
        candidate.model = models[0] if len(models) == 1 else None
        candidate.metric = self._metric(part, sentence)
        if kind == "ratio":
            # A ratio compares the two systems the sentence names, the first against the second.
            systems = _mentions(sentence, self.systems)
            if len(systems) == 2:
                candidate.system, candidate.vs = systems
        else:
            # A value belongs to the system named beside it, in its own clause.
            systems = _mentions(part, self.systems)
            if len(systems) == 1:
                candidate.system = systems[0]
        required = ["system", "metric"] + (["vs"] if kind == "ratio" else [])
        candidate.missing = [name for name in required if getattr(candidate, name) is None]
        # "at about 535 tokens/sec per user" elsewhere in the sentence is a condition of this figure.
        for condition in _CONDITION.finditer(sentence):
            if not (condition.start() <= match.start() < condition.end() or match.start() <= condition.start() < match.end()):
                candidate.missing.append(f"at (the sentence says '{condition.group().strip()}')")
                break
        return candidate

    def _metric(self, part: str, sentence: str) -> str | None:
        """The metric the figure's clause names; else the only one the sentence names."""
        for text in (part, sentence):
            cued = [mid for mid, pattern in METRIC_CUES if mid in self.catalog.metrics and pattern.search(text)]
            if len(cued) == 1:
                return cued[0]
            if cued:
                return None  # two metrics in play: do not guess
        lowered = sentence.lower()
        named = {mid for name, mid in self.metric_names.items() if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", lowered)}
        return named.pop() if len(named) == 1 else None


def _name_index(catalog: Catalog, section: str) -> dict[str, str]:
    """Every name and alias that points to exactly one id (ambiguous names identify nothing)."""
    owners: dict[str, set[str]] = {}
    for entry in getattr(catalog, section).values():
        for name in (entry.name, *entry.aliases):
            owners.setdefault(name.lower(), set()).add(entry.id)
    return {name: ids.pop() for name, ids in owners.items() if len(ids) == 1}


def _mentions(sentence: str, names: dict[str, str]) -> list[str]:
    """Ids named in the sentence, in order of first mention, each once."""
    hits = []
    for name, entry_id in names.items():
        match = re.search(rf"(?i)(?<!\w){re.escape(name)}(?!\w)", sentence)
        if match:
            hits.append((match.start(), entry_id))
    ordered = []
    for _, entry_id in sorted(hits):
        if entry_id not in ordered:
            ordered.append(entry_id)
    return ordered


def _hedge(sentence: str, start: int, end: int) -> str | None:
    before = sentence[max(0, start - 20):start].lower()
    after = sentence[end:end + 12].lower()
    for word in sorted(HEDGES, key=len, reverse=True):
        if word in ("+", "~"):
            continue
        if re.search(rf"\b{re.escape(word)}\s*$", before):
            return word
        if word.startswith("or ") and re.match(rf"\s*(?:\w+\s+)?{re.escape(word)}\b", after):
            return word
    if sentence[end:end + 1] == "+":
        return "+"
    if before.endswith("~"):
        return "~"
    return None


def _plain(number: str) -> str:
    return number.replace(",", "")


def _decimal_text(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def _yaml_text(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def scaffold(article: str, source_id: str, catalog: Catalog, *, archive: str | None, publisher: str | None,
             url: str | None, published: str | None) -> tuple[str, list[Candidate]]:
    """The scaffold's YAML text and the candidates it holds."""
    lines = article.splitlines()
    first_line = next((" ".join(line.split()) for line in lines if line.strip()), source_id)
    title = first_line if len(first_line) <= 150 else _SENTENCE.split(first_line)[0]
    scaffolder = Scaffolder(catalog)
    candidates = [c for sentence in sentences(article) for c in scaffolder.candidates(sentence)]
    out = [
        f"# Scaffold written by `audit new` from {archive or 'standard input'}.",
        "# Live claims were identified fully; commented-out ones need the fields marked TODO.",
        "# Check every claim against the text before relying on it, then run `audit check`.",
        "source:",
        f"  id: {source_id}",
        f"  title: {_yaml_text(title)}" + ("  # TODO: the first line is long; this is its first sentence" if title != first_line else ""),
        f"  publisher: {_yaml_text(publisher)}" if publisher else '  publisher: "TODO: the outlet that published it"',
    ]
    if published:
        out.append(f"  published: {published}")
    if url:
        out.append(f"  url: {_yaml_text(url)}")
    if archive:
        out.append(f"  archive: {_yaml_text(archive)}")
    out.append("  kind: secondary  # TODO: primary if the publisher measured or owns the result")
    out.append("")
    live = [c for c in candidates if not c.missing]
    out.append("claims:" if live else "claims: []")
    for number, candidate in enumerate(candidates, 1):
        block = _claim_lines(candidate, f"c{number:03d}")
        if candidate.missing:
            out.append(f"  # TODO: set {', '.join(candidate.missing)}, then uncomment")
            out += ["  # " + line[2:] for line in block]
        else:
            out += block
    return "\n".join(out) + "\n", candidates


def _claim_lines(c: Candidate, claim_id: str) -> list[str]:
    figure = f"[{c.figure[0]}, {c.figure[1]}]" if isinstance(c.figure, list) else c.figure
    lines = [f"  - id: {claim_id}", f"    quote: {_yaml_text(c.quote)}"]
    for name in ("system", "vs", "model", "metric"):
        value = getattr(c, name)
        if value is not None:
            lines.append(f"    {name}: {value}")
        elif name in c.missing:
            lines.append(f"    {name}: TODO")
    for name in c.missing:
        if name.startswith("at "):
            lines.append(f"    at: TODO  # {name[3:]}")
    lines.append(f"    {c.kind}: {figure}  # from {_yaml_text(c.found)}")
    if c.hedge:
        lines.append(f"    approx: {_yaml_text(c.hedge)}")
    return lines
