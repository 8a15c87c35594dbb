"""`audit new`: turn an article's text into a claim-file draft, precision before recall.

Every figure the figure reader (``text.figures``) finds becomes a candidate claim with its verbatim
quote. A candidate is written as a live claim only when every field is certain: the system and
comparator from the sentence's structure (``sides``: "X is 3.2 times faster than Y", "compared with
Y", "X outperformed Y by 2x", a participle or prepositional clause that says more of the subject, a
parenthetical bound of the figure before it), the model named in the figure's clause or earlier in
the paragraph, the metric from the unit after the figure and the catalog's metric `aliases` around it
(``metrics``), the conditions the sentence's structure places ("..., respectively") and the hedge
from the hedge table (``conditions``). Anything doubtful makes the candidate a commented one, with
each doubtful field marked TODO and the reason beside it (``draft``). Figures with neither a unit nor
a metric phrase (table cells, counts of words) and sizes of each of several parts are not proposed at
all: a draft full of non-figures costs more than it saves.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise

from jalapeno_audit.authoring.abbreviations import defined_names, part_kinds, short_names
from jalapeno_audit.authoring.all_runs import all_runs
from jalapeno_audit.authoring.apart import apart
from jalapeno_audit.authoring.article_tables import Table, read_tables
from jalapeno_audit.authoring.basis import projected
from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.carried import back_to, carried, per_device, subjects
from jalapeno_audit.authoring.conditions import CONDITION, TYPED_MEMORY, Placed, conditions, respective, setting_of
from jalapeno_audit.authoring.draft import claim_lines, yaml_text
from jalapeno_audit.authoring.elsewhere import elsewhere, models_elsewhere, noted, unmodelled
from jalapeno_audit.authoring.metrics import FASTER, NO_PHRASE, MetricReader
from jalapeno_audit.authoring.models import read_model
from jalapeno_audit.authoring.nonfigures import not_figures
from jalapeno_audit.authoring.pipe_rows import pipe_rows
from jalapeno_audit.authoring.pointed import pointed_back
from jalapeno_audit.authoring.refinements import repeated, restated_with_a_statistic
from jalapeno_audit.authoring.sentences import Sentence, clause, mentions, metadata_and_body, name_index, sentences
from jalapeno_audit.authoring.sides import SECOND_SIDE, WINNING, SideReader
from jalapeno_audit.authoring.spaced_rows import spaced_rows
from jalapeno_audit.authoring.table_claims import TableDrafter
from jalapeno_audit.authoring.units import HELD_UNIT, scaled_unit
from jalapeno_audit.authoring.whose import whose
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.figures import MULTIPLE, PERCENT_OF, RANGE, RATIO, VALUE, Reading, read_figures
from jalapeno_audit.text.names import mask
from jalapeno_audit.text.numbers import HEDGES

__all__ = ["Candidate", "Scaffolder", "scaffold"]

_JOINED = re.compile(r"\s*(?:against|versus|vs\.?|compared (?:with|to))\s*", re.I)
#: Figures coordinated ("up to 4.6x ... and 4.4x") or one restating another ("approximately 2,381.82 tokens per second—or
#: 2.4 tokens per millisecond"): a hedge before the first may cover the second.
_COORDINATED = re.compile(r"\s(?:and|,)\s|(?:\s|,|[—–])\s*or\s", re.I)
#: What stands between two figures of one list: the first's unit and words, a comma or "and", the next one's hedge.
_LISTED = re.compile(r"[^,;:.()]*(?:,\s*(?:and\s+)?|\s+and\s+)[^,;:.()]*", re.I)
#: A verb or comparative of winning, then "by" (and at most two words of hedge): "beats the GB200 by up to 30%".
_WON_BY = re.compile(r"\b(?:" + WINNING + r"|faster|quicker|higher|better|ahead)\b[^.;%\d]*\bby\s+(?:[a-z]+\s+){0,2}$", re.I)
#: Words that say how good a result is, not which way its figure moves: on a time or a cost they point the other way.
_QUALITY = re.compile(r"\s*(?:(?:an?|the)\s+)?(?:faster|slower|quicker|better|worse)\b", re.I)
#: A negation in the figure's clause before it ("is not 2x faster", "never reached"): the text denies the figure.
_NEGATED = re.compile(r"\b(?:not|never|no longer|cannot)\b|n['’]t\b", re.I)
#: How far after a measured figure a bare one may stand to be read as beside it, and the label words that make a bare
#: figure a count of something other than the measure ("four stacks"): a word that is no joiner.
_BESIDE = 60
#: A figure's sparse counterpart in a parenthesis right after its unit and precision ("121 TFLOPS BF16 (242 sparse)").
_TWIN_OPENS = re.compile(r"\s*[A-Za-z/]+(?:\s+[A-Za-z0-9/]+)?\s*\(\s*")
_TWIN_CLOSES = re.compile(r"\s*(?:sparse|with\s+sparsity)\s*\)", re.I)
_NOUN = re.compile(r"(?!(?:and|or|versus|vs|against|while|whereas|for|from|by|of|as|on|in|with|at|to|is|was|than|respectively)\b)[a-z][a-z-]*", re.I)
#: A word of gain after a ratio ("a 3.1x improvement over the MI325X", "20x more than an H100 server"): after an absolute rate in its sentence, the ratio
#: is of that rate's metric.
_GAIN = re.compile(r"\s*(?:improvement|increase|gain|boost|uplift|speed-?up|more|higher|greater)\b", re.I)
#: A board's form factor, alone in a parenthesis after a figure: the board the figure was measured on.
_FORM_FACTOR = re.compile(r"M\.2|PCIe|SXM\d?|OAM|U\.2", re.I)
#: A count written just before a size: the size of each of several parts ("six 16GB HBM2e stacks", "8x 80GB"), not of the whole.
_COMPONENT = re.compile(r"(?<![\w.,])(?:\d+\s*x|two|three|four|five|six|seven|eight|nine|ten|twelve|sixteen)\s+$", re.I)
#: A catalog name (blanked out) right after a figure, before its unit.
_NAME_BETWEEN = re.compile(r"\s+#{2,}(?=\s)")
#: A parenthesis that holds one word glossing the words before it ("(TOPS)", "(exaflops)"), the clause going on after it.
_GLOSS = re.compile(r"\s*\(\s*[A-Za-z][\w/-]{1,14}\s*\)(?=\s+[a-z])")
#: What a share below one is of, right after it, when it is better lower ("half the watts", "1/3 the power").
_LESS_OF = re.compile(r"\s+(?:of\s+)?(?:the|its|their)\s+(?:power|watts?|wattage|energy|electricity|cost|price|latency)\b", re.I)
#: A span of inline code, as markdown writes it.
_CODE_SPAN = re.compile(r"`[^`\n]+`")
#: A one-word parenthesis that closes right before a clause, and a slash that joins alternatives after it ("1 PFLOPS
#: (FP16) / 2 PFLOPS (FP8) at 600W"): the clause after it goes on the one before.
_GLOSS_BEFORE = re.compile(r"\(\s*[A-Za-z][\w/-]{1,14}\s*\)\s*(?:/\s*)?$")
#: A parenthesis right after a value's unit ("1756 FPS (M.2)"): what it holds may qualify the figure.
_UNIT_ASIDE = re.compile(r"\s*[A-Za-z][\w/%-]*\s*\((?P<inside>[^()]{1,30})\)")
#: Words after a sum that make it a price of a unit ("$3 million per rack", "$2M/year").
_PER_UNIT = re.compile(r"\+?\s*(?:per|/|a|an|each)\b", re.I)


class Scaffolder:
    """Reads one article with one catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.systems = name_index(catalog, "systems")
        self.models = name_index(catalog, "models")
        self.metrics = MetricReader(catalog)
        self.sides = SideReader(self.systems, frozenset(sid for sid, system in catalog.systems.items() if system.vague),
                                {sid: system.member_of for sid, system in catalog.systems.items() if system.member_of},
                                frozenset(sid for sid, system in catalog.systems.items() if system.part_of))
        self.tables = TableDrafter(catalog, self.systems, self.models, self.metrics)
        self.named: set[str] = set()  # the systems the article being read names
        self.runs: dict[str, str] = {}  # the device count the article being read states for all its runs

    def article(self, body: str, title: str | None) -> list[Candidate]:
        # A short name the article defines ("Wafer Scale Engine (WSE)") names the system in every part that reads names.
        self.systems.update(defined_names(body, self.systems, {*self.systems, *self.models}))
        # "v5e" in a text that writes "TPU v5e": the product code alone names the system.
        self.systems.update(short_names(f"{title or ''}\n{body}", self.systems))
        # "NPU" and "CPU" in an article on the i.MX95 are its parts, "i.MX95 NPU" and "i.MX95 CPU".
        self.systems.update(part_kinds(f"{title or ''}\n{body}", self.systems))
        subject = self.sides.subject(body, title)
        self.named = {system_id for _, system_id in mentions(f"{title or ''}\n{body}", self.systems)}
        self.metrics.read_article(body, title)
        found: list[Candidate] = []
        seen: list[str] = []
        paragraph = -1
        lines = body.splitlines()
        tables = read_tables(body, self.tables.column_names, self.tables.is_group)
        # A table's lines are read as a table, once, where the table starts; not again as sentences.
        table_of = {text: index for index, table in enumerate(tables) for text in _table_sentences(lines, table)}
        every = sentences(body, frozenset(table_of))
        self.runs = all_runs([sentence.text for sentence in every])
        drafted: set[int] = set()
        for number, sentence in enumerate(every):
            if (table := table_of.get(sentence.text)) is not None:
                if table not in drafted:
                    drafted.add(table)
                    for candidate in self.tables.candidates(tables[table], tables[table - 1] if table else None):
                        candidate.paragraph, candidate.sentence = -1 - table, -1 - table
                        found.append(candidate)
                continue
            if sentence.paragraph != paragraph:
                paragraph, seen = sentence.paragraph, []
                self.metrics.read_paragraph(" ".join(other.text for other in every if other.paragraph == paragraph))
            # A list's lead-in set apart by a blank line names the model of the items below it, like one in their paragraph.
            led = [model_id for _, model_id in mentions(sentence.lead, self.models)] if sentence.lead_before else []
            self.sides.back = back_to(every, number, self.systems, subject)
            for candidate in self.candidates(replace(sentence, paragraph_models=tuple(led + seen)), subject):
                candidate.paragraph, candidate.sentence = sentence.paragraph, number
                found.append(candidate)
            seen += [model_id for _, model_id in mentions(sentence.text, self.models)]
        pipe_rows(self.catalog, found, body, self.systems)
        spaced_rows(self.catalog, found, body, self.systems)
        # The numbers that are no accelerator's figures are set aside first: they neither carry a system nor set two figures apart.
        found = not_figures(found)
        carried(found, every, self.systems)
        subjects(found, every, self.systems, subject, self.sides.parts)
        per_device(found, frozenset(whole for system in self.catalog.systems.values() for whole, _ in system.part_of))
        self.metrics.speed_metrics(found)
        unmodelled(self.catalog, found, f"{title or ''}\n{body}", self.models, every, networks=self.metrics.of_networks)
        pointed_back(found, every, [*self.systems, *self.models])
        noted(self.catalog, found, every)
        heading = title if title and title not in body else ""  # a title the body repeats is read there, in its paragraph
        models_elsewhere(self.catalog, found, [heading, *(s.text for s in every)], self.models, self.systems)
        repeated(found)
        restated_with_a_statistic(found)
        apart(found, self._scale)
        whose(self.catalog, found, self.systems)
        # What other paragraphs say bears on the figures of the systems they name: read once each figure's system is settled.
        rows = {text: (tables[index].header, *(row.quote for row in tables[index].rows)) for text, index in table_of.items()}
        elsewhere(self.catalog, found, every, heading, self.systems, [*self.systems, *self.models], subject, rows)
        return found

    def candidates(self, sentence: Sentence, subject: str | None = None) -> list[Candidate]:
        text = sentence.text
        masked = mask(text, [*self.systems, *self.models])
        every = read_figures(masked)
        # A number in a span of inline code ("(`-c 65536`)") is a command's argument, not a figure of the text.
        code = [span.span() for span in _CODE_SPAN.finditer(masked)]
        readings = [_won_by(masked, r) for r in every if not r.glued and not any(a <= r.start < b for a, b in code)]
        table_row = any(r.glued for r in every)
        not_conditions: tuple[tuple[int, int], ...] = ()
        given: dict[int, dict[str, str]] = {}
        if (respectively := respective(text)) is not None:
            lead, name, values = respectively
            after = [reading for reading in readings if reading.start >= lead[1]]
            if len(after) == len(values):
                not_conditions += (lead,)
                given = {reading.start: {name: value} for reading, value in zip(after, values, strict=True)}
        found: list[Candidate] = []
        unnamed = (masked, mask(sentence.context, [*self.systems, *self.models]))
        for index, reading in enumerate(readings):
            later = readings[index + 1:]
            placed = Placed((0, 0), later[0].start if later else None, not_conditions, given.get(reading.start, {}), unnamed, self.runs)
            candidate = self._candidate(sentence, masked, reading, readings[:index], later, subject,
                                        found[-1] if found else None, placed)
            if candidate is not None:
                if table_row:
                    candidate.doubts.setdefault("at", "a scraped table row with glued cells: which column is this?")
                found.append(candidate)
        _comparators_figures(found)
        return found

    def _candidate(self, sentence: Sentence, masked: str, reading: Reading, earlier: list[Reading], later: list[Reading],
                   subject: str | None, previous: Candidate | None, placed: Placed) -> Candidate | None:
        text = sentence.text
        is_ratio = reading.kind in (RATIO, PERCENT_OF, MULTIPLE) or (reading.kind == RANGE and reading.is_ratio)
        if not is_ratio and (self._variant(sentence.text, reading) or _COMPONENT.search(text, 0, reading.start)):
            return None
        if not is_ratio and reading.kind == VALUE and reading.label == "%" and not self.metrics.phrase_metrics(text):
            return None
        part_start, part_end = clause(masked, reading.start, reading.end)
        while (gloss := _GLOSS.match(masked, part_end)) is not None:
            # "502 trillion operations per second (TOPS) for the 8-bit integer (INT8) operations": a one-word gloss in
            # parentheses is read within the figure's clause, which goes on after it.
            part_end = clause(masked, gloss.end(), gloss.end())[1]
        part = text[part_start:part_end]
        # Clauses of absolute figures name their own metrics; a list of ratios may name its one metric once, in any clause.
        others = [clause(masked, other.start, other.end) for other in (*earlier, *later) if other.kind == VALUE and other.label]
        # "500,000 Llama 70B tokens per second": the unit is read after a catalog name between it and the figure.
        named = _NAME_BETWEEN.match(masked, reading.end) if not is_ratio else None
        metric, unit, metric_doubt = self.metrics.metric(replace(reading, end=named.end()) if named else reading, part, text, is_ratio, others)
        if metric_doubt == "unmeasured" and later and later[0].kind == reading.kind == VALUE and _JOINED.fullmatch(masked[reading.end:later[0].start]):
            # "700 versus 169 tokens/sec": N is in M's unit.
            metric, unit, metric_doubt = self.metrics.metric(later[0], part, text, is_ratio)
        twin = False
        if metric_doubt == "unmeasured" and previous is not None and previous.kind == "value" and earlier:
            # "N tokens/sec per user against M for the H200": M is in N's unit; so is "121 TFLOPS BF16 (242 sparse)", the
            # figure's sparse counterpart in a parenthesis right after it.
            twin = bool(_TWIN_OPENS.fullmatch(masked, earlier[-1].end, reading.start) and _TWIN_CLOSES.match(masked, reading.end))
            if (SECOND_SIDE.search(masked[earlier[-1].end:reading.start]) or twin) and previous.metric:
                metric, unit, metric_doubt = previous.metric, previous.unit, ""
            elif reading.start - earlier[-1].end <= _BESIDE and not (reading.label and _NOUN.fullmatch(reading.label)) \
                    and not HELD_UNIT.match(masked, reading.end):
                # A bare figure beside measured ones ("1.03 seconds versus 1.80", a table cell): proposed, not trusted;
                # one far from them or that counts something else ("using four stacks", "72540 (Mops)", a unit of its
                # own the catalog does not know) is not proposed.
                metric_doubt = f"no unit after it; the figure before it is {previous.metric or 'unidentified'}"
        if metric is None and metric_doubt == "unmeasured":
            return None  # no unit and no metric phrase: not a figure a claim would state
        if reading.label == "$" and reading.scale >= 10**6 and not _PER_UNIT.match(text, reading.end):
            return None  # a sum in millions or billions ("raised $625M", "a $50-100M project"): a deal or a budget, not a price
        if metric is not None and self.catalog.metrics[metric].family == "model-size":
            return None  # "70 billion parameters": a model size, not a claim about a system
        if metric is None and is_ratio and metric_doubt == NO_PHRASE and _GAIN.match(text, reading.end) and previous is not None \
                and previous.kind == "value" and self.metrics.is_rate(previous.metric):
            # "pushed N tokens per second ... — a 3.1x improvement over Y": the gain is in the figure just before it.
            metric, metric_doubt = previous.metric, ""
        candidate = Candidate(text, "ratio" if is_ratio else "value", "", found=reading.text, unit=unit, metric=metric,
                              start=reading.start, end=reading.end)
        if metric is None:
            candidate.doubts["metric"] = metric_doubt
            candidate.speed = is_ratio and metric_doubt == NO_PHRASE and bool(FASTER.match(text, reading.end))
        # "502 trillion operations per second" is 502 TOPS: the number words are the unit's prefix, not a scale to write out.
        self._figure(candidate, replace(reading, scale=Fraction(1)) if (unit or metric) and scaled_unit(reading, text) else reading, metric)
        self._hedge(candidate, reading, earlier, masked)
        if reading.hedge is None and _NEGATED.search(masked, part_start, reading.start):
            candidate.doubts["figure"] = "its clause is negated: does the text state this figure or deny it?"
        if sentence.lead and (not (in_text := mentions(text, self.systems)) or (candidate.kind == "value" and self.sides.only_compared(text, in_text))):
            # A lead-in set apart by a blank line that names no system ("In the Llama 3.1 405B benchmark:") may follow a
            # paragraph about another system than the article's subject: its items' system is left to the reader. An item
            # that names systems only to set them against ("256GB HBM3e (33% more than MI300X)") is read as one naming none.
            self.sides.lead_sides(candidate, sentence.lead, None if sentence.lead_before else subject)
        else:
            self.sides.sides(candidate, reading, text, _past_glosses(masked, part_start), subject, previous, sentence.context)
        if candidate.reversed:
            candidate.system, candidate.vs = candidate.vs, candidate.system
            doubts = {"system": candidate.doubts.pop("vs", None), "vs": candidate.doubts.pop("system", None)}
            candidate.doubts.update({name: f"{why} (read the other way round: system is the comparator)" for name, why in doubts.items() if why})
        for side in ("system", "vs"):
            if getattr(candidate, side) and side not in candidate.doubts:
                self._member(candidate, side)
        read_model(candidate, sentence, masked, (part_start, part_end), self.models, self.metrics.model_bound(candidate.metric),
                   placed.unnamed[1] if placed.unnamed else sentence.context)
        conditions(self.catalog, candidate, sentence, replace(placed, part=(part_start, part_end)))
        if twin and previous is not None and "at" not in previous.doubts and previous.at.get("sparsity") == "none":
            # "121 TFLOPS BF16 (242 sparse)": the sparse counterpart, under the figure's other conditions.
            candidate.at = {**previous.at, "sparsity": "sparse"}
            candidate.doubts.pop("at", None)
        projected(candidate, masked, part_start)
        if not is_ratio and "at" not in candidate.doubts and (unread := self._unread_aside(masked, reading)):
            if _FORM_FACTOR.fullmatch(unread) and "form-factor" not in candidate.at:
                candidate.at["form-factor"] = unread.lower()  # "1756 FPS (M.2) / 1946 FPS (PCIe)": the board each was measured on
            else:
                candidate.doubts["at"] = f"its parenthesis says '({unread})', which may be a condition"
        if metric is not None and self.catalog.metrics[metric].family == "memory":
            typed = TYPED_MEMORY.match(text, reading.end)
            candidate.memory_type = typed["type"] if typed else None
        return candidate

    def _unread_aside(self, masked: str, reading: Reading) -> str | None:
        """What a parenthesis right after a value and its unit holds when no reading of it says what it is: not a setting
        or a condition word, a unit, a metric's words, a figure or a hedge ("1756 FPS (M.2)": a form factor may be a
        condition; "(TOPS)", "(FP8 dense compute)", "(23,000 tokens/sec)" are read)."""
        aside = _UNIT_ASIDE.match(masked, reading.end)
        if aside is None:
            return None
        inside = aside["inside"].strip()
        words = re.findall(r"[\w.+/-]+", inside)
        if not words or "#" in inside or CONDITION.search(inside) or any(setting_of(word) for word in words) \
                or self.metrics.phrase_metrics(inside) or self.metrics.unit_reader.unit_of(inside) \
                or any(r.label or r.hedge for r in read_figures(inside)) or inside.lower() in HEDGES:
            return None
        return inside

    def _scale(self, candidate: Candidate) -> Fraction:
        """What one of a candidate's unit is in its metric's unit ("tok/ms/user" is 1,000 tok/s/user)."""
        unit = self.catalog.units.get(candidate.unit or "")
        return Fraction(unit.factor) if unit is not None else Fraction(1)

    def _member(self, candidate: Candidate, side: str) -> None:
        """A family named where the article means one of its systems ("per NVIDIA Blackwell GPU", "the Blackwell is
        4x faster") is the family's one system the article names; with several named, the side is left to the reader.
        A comparison in an article that names none of the family's systems is one of the family; a measured value
        never is (a family has no one figure)."""
        family = getattr(candidate, side)
        members = {sid for sid, system in self.catalog.systems.items() if system.member_of == family}
        named = members & self.named
        if not members or (not named and candidate.kind == "ratio"):
            return
        if len(named) == 1 and named != {candidate.system, candidate.vs} - {family}:
            setattr(candidate, side, named.pop())
        else:
            candidate.doubts[side] = f"{family} is a family: which of its systems does the text mean?"

    def _variant(self, text: str, reading: Reading) -> bool:
        """A size that names a product variant: "H100 80GB", "SXM 80GB GPUs" (not a claim about the product)."""
        after = text[reading.end:reading.end + 40]
        if re.match(r"\s*[GTM]B\s+(?:(?:HBM|GDDR)\w*\s+)?(?:GPUs?|cards?|accelerators?|SXM|PCIe)\b", after):
            return True
        if not re.fullmatch(r"[GTM]B|k?W", reading.label or ""):
            return False  # "took the GB200 18 minutes": a figure of the system, not a variant's name
        before = text[:reading.start].rstrip().lower()
        return any(before.endswith(name) and not before[: -len(name)][-1:].isalnum() for name in self.systems)


    def _figure(self, candidate: Candidate, reading: Reading, metric_id: str | None) -> None:
        metric = self.catalog.metrics.get(metric_id) if metric_id else None
        lower_better = metric.better == "lower" if metric else None
        written = [w.replace(",", "") if w[:1].isdigit() else _fraction_text(n) for w, n in zip(reading.written, reading.numbers, strict=True)]
        if reading.scale != 1 and reading.kind in (RANGE, VALUE):
            # "60 thousand tokens/s", "$2-3 million", "one million": the quantity written out in full.
            written = [_fraction_text(number * reading.scale) for number in reading.numbers]
        if reading.kind == RANGE:
            candidate.figure = written
        elif reading.kind == PERCENT_OF:
            texts = [_decimal(Decimal(w) / 100) for w in written]
            candidate.figure = texts if len(texts) == 2 else texts[0]
        elif reading.kind == RATIO and reading.label == "%":
            step = Decimal(written[0]) / 100
            if lower_better and _QUALITY.match(candidate.quote, reading.end):
                # "30% faster time to first token": 1.3 times the speed, or 30% less time? "30% slower": which way round?
                candidate.doubts["figure"] = f"'{reading.text}' {_QUALITY.match(candidate.quote, reading.end).group().strip()} on a lower-is-better metric: as speed or as time?"  # type: ignore[union-attr]
            if reading.direction == "up":
                candidate.figure = _decimal(1 + step)
            elif lower_better is None:
                candidate.figure = _decimal(1 - step)
                candidate.doubts["figure"] = "a percent lower: on a lower-is-better metric, swap system and vs"
            else:
                # "64% lower TCO than Y": Y's advantage is 0.36, the same comparison read the other way round
                # (a percent has a written precision, so it is not turned into an exact fraction).
                candidate.figure = _decimal(1 - step)
                candidate.reversed = bool(lower_better)
        elif reading.kind == MULTIPLE and reading.numbers[0] < 1:
            share = reading.numbers[0]
            if lower_better is None and _LESS_OF.match(candidate.quote, reading.end):
                # "at half the watts", "1/3 the power": what is had less of is what is better lower, whichever its
                # metric: the advantage factor is the inverse.
                lower_better = True
            if lower_better is None:
                candidate.figure = _fraction_text(share)
                candidate.doubts["figure"] = f"'{reading.text}': the advantage factor depends on the metric"
            else:
                candidate.figure = _fraction_text(1 / share) if lower_better else _fraction_text(share)
        elif reading.kind == MULTIPLE:
            candidate.figure = _fraction_text(reading.numbers[0])
        else:
            candidate.figure = written[0]

    def _hedge(self, candidate: Candidate, reading: Reading, earlier: list[Reading], masked: str) -> None:
        if reading.hedge is not None:
            if reading.hedge in HEDGES and HEDGES[reading.hedge] == reading.bound:
                candidate.hedge = reading.hedge
            else:
                candidate.doubts["approx"] = f"the text says '{reading.hedge}', which the hedge table does not hold"
            return
        # "up to 4.6x max throughput and 4.4x faster": does the first hedge cover the second figure? Not when the writer
        # wrote a hedge before each of two or more earlier figures of the list and none before this one ("up to 256
        # TFLOP/s FP32, up to 512 TFLOP/s TF32+, up to 1 PFLOP/s BF16, and 2,048 TOPS INT8"): where it applies, it is said.
        listed = [before for before in earlier if _COORDINATED.search(masked[before.end:reading.start])]
        if len(listed) >= 2 and listed[-2:] == earlier[-2:] and all(before.hedge for before in listed[-2:]) and all(
                _LISTED.fullmatch(masked[a.end:b.start]) for a, b in pairwise([*listed[-2:], reading])):
            return
        for before in earlier:
            if before.hedge and _COORDINATED.search(masked[before.end:reading.start]):
                candidate.doubts["approx"] = f"'{before.hedge}' before an earlier figure may cover this one"
                return


def _comparators_figures(found: list[Candidate]) -> None:
    """ "N tokens per second, 20x more than an H100 server (23,000 tokens/sec)": a value of the comparator of a ratio
    before it in the sentence, in a unit that fits the ratio's metric, is in that metric."""
    for candidate in found:
        doubt = candidate.doubts.get("metric", "")
        if candidate.kind != "value" or candidate.system is None or not doubt.startswith("the unit fits"):
            continue
        ratio = next((other for other in found if other.kind == "ratio" and other.vs == candidate.system and other.start < candidate.start
                      and other.metric and "metric" not in other.doubts), None)
        if ratio is not None and ratio.metric in doubt.removeprefix("the unit fits ").split(", "):
            candidate.metric = ratio.metric
            del candidate.doubts["metric"]


def _won_by(text: str, reading: Reading) -> Reading:
    """ "X beats Y by 30%", "faster by 30%": a percent after a verb or comparative of winning is X's lead (1.3)."""
    if reading.kind == VALUE and reading.label == "%" and _WON_BY.search(text, 0, reading.start):
        return replace(reading, kind=RATIO, direction="up")
    return reading


def _decimal(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text


def _fraction_text(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    decimal = Decimal(value.numerator) / Decimal(value.denominator)
    return _decimal(decimal) if decimal * value.denominator == value.numerator else f'"{value.numerator}/{value.denominator}"'


def _table_sentences(lines: list[str], table: Table) -> list[str]:
    """The sentences a table takes: those of its lines, or of a table flattened into a line of prose, those of the
    line that hold part of it (the line's other sentences are prose, read as such)."""
    texts = [s.text for s in sentences("\n\n".join(lines[line] for line in table.lines))]
    if table.span is None:
        return texts
    line = lines[table.lines[0]]
    # Where the table starts and ends in the line as ``sentences`` writes it, runs of spaces made one.
    start, end = (len(" ".join(line[:at].split())) for at in table.span)
    written = " ".join(line.split())
    taken, position = [], 0
    for text in texts:
        found = written.find(text, position)
        if found < 0 or (found < end and found + len(text) > start):
            taken.append(text)
        if found >= 0:
            position = found + len(text)
    return taken


def scaffold(article: str, source_id: str, catalog: Catalog, *, archive: str | None, publisher: str | None,
             url: str | None, published: str | None, title: str | None = None) -> tuple[str, list[Candidate]]:
    """The draft's YAML text and the candidates it holds; options win over the text's metadata lines."""
    metadata, body = metadata_and_body(article)
    title = title or metadata.get("title")
    publisher = publisher or metadata.get("publisher")
    url = url or metadata.get("url")
    published = published or metadata.get("published")
    first_line = next((" ".join(line.split()) for line in body.splitlines() if line.strip()), source_id)
    long_title = title is None and len(first_line) > 150
    title = title or (re.split(r"(?<=[.!?])\s", first_line)[0] if long_title else first_line)
    candidates = Scaffolder(catalog).article(body, title)
    out = [
        f"# Draft written by `audit new` from {archive or 'standard input'}.",
        "# Live claims had every field identified; commented-out ones need the fields marked TODO.",
        "# Check every claim against the text before relying on it, then run `audit check`.",
        "source:",
        f"  id: {source_id}",
        f"  title: {yaml_text(title)}" + ("  # TODO: the first line is long; this is its first sentence" if long_title else ""),
        f"  publisher: {yaml_text(publisher)}" if publisher else '  publisher: "TODO: the outlet that published it"',
    ]
    if published:
        out.append(f"  published: {published}")
    if url:
        out.append(f"  url: {yaml_text(url)}")
    if archive:
        out.append(f"  archive: {yaml_text(archive)}")
    out.append("  kind: secondary  # TODO: primary if the publisher measured or owns the result")
    out.append("")
    live = [c for c in candidates if not c.doubts]
    out.append("claims:" if live else "claims: []  # drop the [] when you uncomment a claim below")
    for number, candidate in enumerate(candidates, 1):
        block = claim_lines(candidate, f"c{number:03d}")
        if candidate.doubts:
            out.append(f"  # TODO: set {', '.join(candidate.doubts)}, then uncomment")
            out += ["  # " + line[2:] for line in block]
        else:
            out += block
    return "\n".join(out) + "\n", candidates


def _past_glosses(masked: str, part_start: int) -> int:
    """Where the clause whose owner is sought starts: before the one-word parentheses that end the clauses before it ("The
    X delivers 1 PFLOPS (FP16) / 2 PFLOPS (FP8) at 600W": the 2 and the 600W are the X's, named before "(FP16)")."""
    while (gloss := _GLOSS_BEFORE.search(masked, 0, part_start)) is not None and gloss.start() > 0:
        part_start = clause(masked, gloss.start(), gloss.start())[0]
    return part_start
