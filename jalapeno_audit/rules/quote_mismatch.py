"""A figure not present in its own quote, or a quote not found in the archived text.

Every figure a claim states must appear in its verbatim quote, however the writer spelt it:
85,448 = 85448; "nine" = 9; "1.5x to 1.9x" and "1.5–1.9x" = [1.5, 1.9]; "30% higher" = 1.3;
"twice" = 2; "1/3 the power" = 3. For a date, each year it names must appear. When the source
names an archived text (``source.archive``) and an archive directory is given, the quote must
also be found in that text, after folding curly quotes, every kind of dash (the non-breaking
hyphen included) and white space (line breaks included). One finding per claim.

Passes: ``value: 85448`` quoted as "it hits 85,448 mixed tokens per second per kilowatt".

Fails: ``ratio: 3.8`` quoted as "3.4 times lower end-to-end latency".
"""

from __future__ import annotations

from jalapeno_audit.corpus.model import DATE
from jalapeno_audit.rules.engine import ERROR, Context, make_finding
from jalapeno_audit.text.quotes import fold, numbers_in

ID = "quote-mismatch"
SEVERITY = ERROR


def check(context: Context):
    corpus = context.corpus
    folded_archives = {source_id: fold(text) for source_id, text in corpus.archive_texts.items()}
    for claim in corpus.claims:
        problems = _missing_figures(claim)
        archive = folded_archives.get(claim.source)
        if archive is not None and fold(claim.quote) not in archive:
            name = corpus.sources[claim.source].archive
            problems.append(f"the quote is not in the archived text {name}")
        if problems:
            message = f"{claim.full_id}: " + "; ".join(problems)
            arithmetic = (f"quote: {claim.quote}", f"figure: {claim.figure_text()}", "verdict: " + "; ".join(problems))
            yield make_finding(ID, SEVERITY, message, (claim,), arithmetic)


def _missing_figures(claim) -> list[str]:
    if claim.kind == DATE and claim.date is not None:
        years = sorted({str(d.year) for d in (claim.date.on, claim.date.before, claim.date.by, claim.date.start, claim.date.to) if d})
        absent = [y for y in years if y not in claim.quote]
        return [f"year {y} does not appear in the quote" for y in absent]
    figures = claim.bounds if claim.bounds is not None else ((claim.figure,) if claim.figure else ())
    if not figures:
        return []
    missing = [f for f in figures if not _written_in(f, claim.quote)]
    if not missing:
        return []
    present = numbers_in(claim.quote)
    return [f"figure {f.text} does not appear in the quote" for f in missing if f.value not in present]


def _written_in(figure, quote: str) -> bool:
    """Fast path: the figure appears as written (or with thousands separators), digits not run on."""
    spellings = {figure.text}
    if figure.value.denominator == 1 and figure.value >= 1000:
        spellings.add(f"{figure.value.numerator:,}")
    for spelling in spellings:
        start = quote.find(spelling)
        while start != -1:
            end = start + len(spelling)
            before = quote[start - 1] if start else " "
            after = quote[end] if end < len(quote) else " "
            if not (before.isdigit() or before in ".,") and not (after.isdigit() or (after in ".," and quote[end + 1 : end + 2].isdigit())):
                return True
            start = quote.find(spelling, start + 1)
    return False
