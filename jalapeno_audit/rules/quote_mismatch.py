"""A figure not present in its own quote, or a quote not found in the archived text.

Every figure a claim states must appear in its verbatim quote, however the writer spelt it:
85,448 = 85448; "nine" = 9; "1.5x to 1.9x" and "1.5–1.9x" = [1.5, 1.9]; "30% higher" = 1.3;
"twice" = 2; "1/3 the power" = 3; "95-170 percent of" = [0.95, 1.7]; "more than doubles" = 2;
"seven times" = 7; "four megawatts" = 4; "$2–3 million" = [2000000, 3000000]. Figures are read by
the same reader as `audit new` uses (``text.figures``). A figure found only inside a run of digits
glued to a label, as scraped tables print them ("HBM3410700952226752381" holds 10700), may be
there: that is a warning asking for a look at the source, not an error. So is a figure found only inside a catalog
name that holds digits ("AI HAT+ 2" holds a 2, "Jetson Orin Nano 8 GB" an 8): the name is blanked before the quote is
read, as the drafter blanks it. For a date, each year it names must appear. When the source
names an archived text (``source.archive``) and an archive directory is given, the quote must
also be found in that text, after folding curly quotes, every kind of dash (the non-breaking
hyphen included) and white space (line breaks included). One finding per claim.

Passes: ``value: 85448`` quoted as "it hits 85,448 mixed tokens per second per kilowatt".

Fails: ``ratio: 3.8`` quoted as "3.4 times lower end-to-end latency".
"""

from __future__ import annotations

import re

from jalapeno_audit.corpus.model import DATE
from jalapeno_audit.rules.engine import ERROR, WARNING, Context, make_finding
from jalapeno_audit.text.names import blank_names
from jalapeno_audit.text.quotes import fold, glued_runs, numbers_in

ID = "quote-mismatch"
SEVERITY = ERROR


def check(context: Context):
    corpus = context.corpus
    folded_archives = {source_id: fold(text) for source_id, text in corpus.archive_texts.items()}
    catalog = corpus.catalog
    names = tuple(name for entries in (catalog.systems, catalog.models) for entry in entries.values() for name in (entry.name, *entry.aliases))
    holding = _names_by_number(names)
    for claim in corpus.claims:
        problems, glued = _missing_figures(claim, holding)
        archive = folded_archives.get(claim.source)
        if archive is not None and fold(claim.quote) not in archive:
            name = corpus.sources[claim.source].archive
            problems.append(f"the quote is not in the archived text {name}")
        if problems or glued:
            said = problems or glued
            message = f"{claim.full_id}: " + "; ".join(said)
            arithmetic = (f"quote: {claim.quote}", f"figure: {claim.figure_text()}", "verdict: " + "; ".join(said))
            yield make_finding(ID, SEVERITY if problems else WARNING, message, (claim,), arithmetic)


def _missing_figures(claim, holding: dict[str, tuple[str, ...]] | None = None) -> tuple[list[str], list[str]]:
    """Figures absent from the quote, and figures present only inside glued digits or inside a catalog name that holds
    digits (``holding``: the catalog's names by the numbers they hold; "AI HAT+ 2" holds a 2 that is no figure of the
    text)."""
    if claim.kind == DATE and claim.date is not None:
        years = sorted({str(d.year) for d in (claim.date.on, claim.date.before, claim.date.by, claim.date.start, claim.date.to) if d})
        absent = [y for y in years if y not in claim.quote]
        return [f"year {y} does not appear in the quote" for y in absent], []
    figures = claim.bounds if claim.bounds is not None else ((claim.figure,) if claim.figure else ())
    # A catalog name is blanked only when a figure's digits are those of a number some name holds ("2" of "AI HAT+ 2"):
    # most figures are no name's, and blanking every quote would cost the check a pass over it per claim.
    suspects = tuple(sorted({name for f in figures for name in (holding or {}).get(_digits(f.text), ())}))
    quote, named = blank_names(claim.quote, suspects) if suspects else (claim.quote, [])
    if all(_plainly_written(f.text, quote) for f in figures):
        return [], []
    present = numbers_in(quote)
    missing = [f for f in figures if f.value not in present]
    if not missing:
        return [], []
    runs = glued_runs(quote)
    in_names = numbers_in(claim.quote) if named else frozenset()
    absent, glued = [], []
    for figure in missing:
        run = next((r for r in runs if _digits(figure.text) and (_digits(figure.text) in r or figure.text in r)), None)
        name = next((n for n in named if _digits(figure.text) and _digits(figure.text) in _digits(n)), None)
        if run is not None:
            glued.append(f"figure {figure.text} is found only inside the glued digits '{run}' (a scraped table?); check it against the source")
        elif name is not None and figure.value in in_names:
            glued.append(f"figure {figure.text} is found only inside the name '{name}'; check it against the source")
        else:
            absent.append(f"figure {figure.text} does not appear in the quote")
    return absent, glued


def _names_by_number(names: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The catalog's names by each number they hold, as digits ("2": "AI HAT+ 2", "8": "Jetson Orin Nano 8GB")."""
    holding: dict[str, set[str]] = {}
    for name in names:
        for number in re.findall(r"\d+(?:[.,]\d+)*", name):
            holding.setdefault(_digits(number), set()).add(name)
    return {number: tuple(sorted(found)) for number, found in holding.items()}


_PERCENT_AFTER = re.compile(r"\s*(?:%|per\s?cent)")


def _plainly_written(written: str, quote: str) -> bool:
    """The common case, answered without the figure reader: the number as written stands on its own
    in the quote (not inside a longer number or a name such as MI300X, not a percent, not in a link).

    Only ever says yes where the reader would find the figure too; anything else goes to the reader.
    """
    if "http" in quote or "](" in quote or "/" in written:
        return False
    start = quote.find(written)
    while start != -1:
        end = start + len(written)
        before = quote[start - 1] if start else " "
        after = quote[end : end + 2]
        # A hyphen joining it to a word or number before it makes it part of a name ("Goya HL-1000", "ResNet-50") or the
        # end of a range: the reader decides.
        hyphenated = before == "-" and start >= 2 and quote[start - 2].isalnum()
        standalone = not (before.isalnum() or before in ".," or hyphenated) and not (after[:1].isdigit() or (after[:1] in ".," and after[1:2].isdigit()))
        if standalone and not _PERCENT_AFTER.match(quote, end):
            return True
        start = quote.find(written, start + 1)
    return False


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())
