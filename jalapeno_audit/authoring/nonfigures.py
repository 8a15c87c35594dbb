"""Numbers an article writes that no analyst records as a benchmark or a specification of an accelerator: a version
number's parts, a temperature, the time frame a sentence opens with, a grid's dimensions, a share of an industry's
spending, an amount of something else in a device's unit ("8 MB worth of parameters"), the host computer's memory, a
figure asked about, a figure handed back to whoever stated it ("Your 2050 FPS is above ..."). They are not proposed at all."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.candidate import Candidate

#: A further dotted part right after the number: a version ("TensorRT-LLM 0.15.0"), not a quantity.
_VERSION = re.compile(r"\.\d")
#: A temperature: degrees Celsius or Fahrenheit ("42 °C", "95°F").
_TEMPERATURE = re.compile(r"\s*(?:°|º|degrees?\s+)(?:C|F|Celsius|Fahrenheit)\b")
#: A duration that opens the sentence, set off by a comma: its time frame ("In 3 minutes, ...", "After 2 hours, ...").
_FRAME = re.compile(r"\s*(?:[Ii]n|[Aa]fter|[Ww]ithin|[Oo]ver)\s+(?:just\s+|only\s+|about\s+)?$")
#: Its unit and comma, when a rate, a percent or a temperature follows ("In 4 minutes, the cluster trained GPT-3": the figure itself).
_FRAME_UNIT = re.compile(r"\s*(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s*,(?=.*\d\s*(?:°|%|[A-Za-z]+/))")
#: A grid's dimensions: a number times another, then a word ("an 8 x 8 matrix", "a 4×4 array").
_GRID = re.compile(r"\s*[x×]\s*\d+\s+[a-z]")
#: A share of an industry's or an operator's total spending or of a market ("70% of total operational spend").
_SPENDING = re.compile(r"(?:\s*%)?(?:\s+of)?\s+(?:the\s+)?(?:total|overall|all|global|annual)\s+(?:[\w-]+\s+){0,2}?"
                       r"(?:spend|spending|costs?|budgets?|revenues?|expenses?|market)\b", re.I)

#: A multiple of a company's people or money, not of a product ("Groq plans to double its headcount to 120").
_COMPANY = re.compile(r"\s+(?:(?:its|their|the\s+company['’]s)\s+)?(?:headcount|workforce|staff|employees|revenues?|sales|valuation|funding)\b", re.I)

#: Network gear the figure is given to ("Quantum-X800 InfiniBand with 800 GB/s networking"): the network's, no accelerator's.
_NETWORK_WITH = re.compile(r"\b(?:InfiniBand|Ethernet|switch(?:es)?|NICs?|network (?:cards?|adapters?))\s+with\s+(?:up to\s+)?$", re.I)

#: An amount of something else, measured in the figure's unit ("the first 8 MB worth of parameters go on-chip"): no
#: specification of the device it is said of.
_WORTH = re.compile(r"\s*(?:[A-Za-z/]+\s+)?worth\s+of\b", re.I)

#: The host computer's memory beside an accelerator's ("| Host RAM | 64 GB DDR5 |", "DRAM per host 512 GiB", a list's
#: "**RAM**: 64GB DDR4", "64 GB of host memory", "1 TB of system memory"). A RAM of its own, a VRAM, is the device's.
_HOST_BEFORE = re.compile(r"(?:\bhost\s+(?:memory|ram|dram)\b|\b(?:memory|ram|dram)\s+per\s+host\b)[^.;]{0,30}$|(?<![\w-])RAM[*_]*:\s*[*_]*$", re.I)
_HOST_AFTER = re.compile(r"\s*[A-Za-z]*\s+(?:of\s+)?(?:host|system)\s+(?:memory|ram|dram)\b", re.I)
#: A plain RAM in a sentence that gives a graphics card its VRAM ("a desktop with an Intel 13700K, 62 GB of RAM, and an
#: RTX 2080 Ti with 11 GB of VRAM"): the computer's memory, not the card's.
_RAM_AFTER = re.compile(r"\s*[A-Za-z]*\s+(?:of\s+)?(?:DDR\d\w*\s+)?(?-i:RAM)\b", re.I)
_VRAM = re.compile(r"\bVRAM\b|\b(?:GPU|video|graphics)\s+memory\b", re.I)

#: A question asks and states nothing: its figures are someone's, doubted or sourced ("Where does the 3200 FPS claim come from?").
_QUESTION = re.compile(r"\?[\"”’)]*\s*$")


#: "Your" right before a figure: the figure of whom the text answers, said back to them.
_YOURS = re.compile(r"\byour\s+$", re.I)


def not_figures(found: list[Candidate]) -> list[Candidate]:
    """The candidates left once the numbers that are no accelerator's figures are set aside."""
    kept = [candidate for candidate in found if not _no_figure(candidate)]
    return [candidate for number, candidate in enumerate(kept) if not _handed_back(candidate, kept, number)]


def _handed_back(candidate: Candidate, kept: list[Candidate], number: int) -> bool:
    """A reply's "your 2050 FPS", when an earlier sentence (of those ``kept`` before ``number``) stated 2050 of the same
    metric: the one claim is that one."""
    return candidate.kind == "value" and bool(_YOURS.search(candidate.quote, 0, candidate.start)) and any(
        earlier.kind == "value" and earlier.sentence < candidate.sentence and earlier.figure == candidate.figure
        and earlier.metric == candidate.metric for earlier in kept[:number])


def _no_figure(candidate: Candidate) -> bool:
    quote, start, end = candidate.quote, candidate.start, candidate.end
    if _QUESTION.search(quote):
        return True
    if candidate.kind == "value" and (_VERSION.match(quote, end) or _TEMPERATURE.match(quote, end) or _NETWORK_WITH.search(quote[:start])
                                      or _WORTH.match(quote, end) or _HOST_BEFORE.search(quote[:start]) or _HOST_AFTER.match(quote, end)
                                      or (_RAM_AFTER.match(quote, end) and _VRAM.search(quote))):
        return True
    if candidate.kind == "value" and _FRAME.fullmatch(quote[:start]) and _FRAME_UNIT.match(quote, end):
        return True
    return candidate.kind == "ratio" and bool(_GRID.match(quote, start + len(candidate.found.split()[0])) or _SPENDING.match(quote, end)
                                              or _COMPANY.match(quote, end))
