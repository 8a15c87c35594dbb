"""The declarations of a claim file's objects: every field once, with its kind, and the rules between fields.

The reader (``claimfile.py``) reads each field by its kind, the JSON Schema (``authoring/schema.py``)
renders them, and the cache (``serial.py``) stores the attributes they fill.
"""

from __future__ import annotations

from jalapeno_audit.corpus.fields import ANY_OF, FORBIDS, NOT_BOTH, ONE_OF, REQUIRES, Field, ObjectSpec, Relation
from jalapeno_audit.corpus.model import AGGREGATES, CLAIM_KINDS, DATE, DIRECTIONS, EVIDENCE, RATIO, SOURCE_KINDS, STATEMENT, VALUE
from jalapeno_audit.text.numbers import HEDGES

FILE_SPEC = ObjectSpec(
    "claim file",
    (
        Field("source", "source", "The document the claims come from.", required=True),
        Field("claims", "claims", "The figures and statements it makes.", required=True),
    ),
)
SOURCE_SPEC = ObjectSpec(
    "source",
    (
        Field("id", "id", "Unique in the corpus; claims are named <source id>/<claim id>.", required=True),
        Field("title", "text", "The document's title.", required=True),
        Field("publisher", "text", "The outlet that published the document.", required=True),
        Field("published", "date", "Publication date (YYYY-MM-DD)."),
        Field("url", "text", "Where the document is."),
        Field("archive", "filename", "File name of the archived text, inside the archive directory."),
        Field("kind", "choice", "primary: the party that measured or owns the result; secondary: coverage.", choices=SOURCE_KINDS),
    ),
)
CLAIM_SPEC = ObjectSpec(
    "claim",
    (
        Field("id", "id", "Unique within the file.", required=True),
        Field("quote", "text", "The sentence from the source, verbatim.", required=True),
        Field("by", "text", "Who asserts it; defaults to the publisher."),
        Field("system", "system", "Catalog id of the thing measured."),
        Field("vs", "system", "Catalog id of the comparator; required with `ratio`."),
        Field("model", "model", "Catalog id of the model."),
        Field("models", "models", "Catalog ids of the models a range summarises."),
        Field("metric", "metric", "Catalog id of what is measured."),
        Field("value", "figure", "An absolute figure in the metric's unit, or a range [lo, hi]."),
        Field("ratio", "figure", "How many times better `system` is than `vs`, or a range [lo, hi]."),
        Field("date", "datespec", "When `event` happens: any of on, before, by, from, to."),
        Field("statement", "text", "A claim with no figure."),
        Field("unit", "unit", "The unit `value` is written in, when not the metric's."),
        Field("approx", "choice", "Hedge word as written.", choices=tuple(HEDGES)),
        Field("at", "conditions", "Conditions of both sides (name -> number or text)."),
        Field("vs_at", "conditions", "Conditions of the comparator side where they differ from `at`."),
        Field("exact", "bool", "True makes trailing zeros of an integer significant (a nominal 700 W)."),
        Field("event", "id", "With `date`: the event the date belongs to."),
        Field("evidence", "choice", "published (default), internal or none.", choices=EVIDENCE),
        Field("direction", "choice", "With `statement` and `vs`: which way the advantage of `system` points.", choices=DIRECTIONS),
        Field("aggregate", "choice", "The figure is an average over the listed (or unnamed) workloads.", choices=AGGREGATES),
    ),
    relations=(
        Relation(ONE_OF, CLAIM_KINDS, "a claim needs exactly one of value, ratio, date, statement (it has {present})"),
        Relation(ANY_OF, ("system", "model", "models"), "a claim names a system, a model, or both"),
        Relation(NOT_BOTH, ("model", "models"), "use either model or models, not both"),
        Relation(REQUIRES, (RATIO, "vs"), "a ratio needs 'vs': the comparator it is measured against"),
        Relation(REQUIRES, (RATIO, "system"), "a ratio needs 'system': what is compared against 'vs'"),
        Relation(REQUIRES, ("vs_at", "vs"), "vs_at needs 'vs'"),
        Relation(REQUIRES, (VALUE, "metric"), "a value needs 'metric': what the figure measures"),
        Relation(REQUIRES, (RATIO, "metric"), "a ratio needs 'metric': what the figure measures"),
        Relation(REQUIRES, (DATE, "event"), "a date needs 'event': what happens then"),
        Relation(FORBIDS, (RATIO, "unit"), "a ratio has no unit"),
        Relation(FORBIDS, (DATE, "models"), "models goes with a value or ratio range"),
        Relation(REQUIRES, ("direction", "vs"), "direction needs 'vs': the comparator the advantage is over"),
        *(
            Relation(FORBIDS, (kind, "direction"), f"'direction' applies to a statement; a {kind} points its own way")
            for kind in (VALUE, RATIO, DATE)
        ),
        *(
            Relation(FORBIDS, (kind, field), f"'{field}' applies to a value or ratio, not a {kind}")
            for kind in (DATE, STATEMENT)
            for field in ("approx", "unit", "aggregate")
        ),
    ),
)
DATE_SPEC = ObjectSpec(
    "date",
    (
        Field("on", "date", "The day it happens."),
        Field("before", "date", "It happens before this day."),
        Field("by", "date", "It happens on or before this day."),
        Field("from", "date", "It happens on or after this day.", attr="start"),
        Field("to", "date", "It happens on or before this day (with `from`: a window)."),
    ),
    relations=(
        Relation(ANY_OF, ("on", "before", "by", "from", "to"), "date needs at least one of on, before, by, from, to"),
        Relation(FORBIDS, ("on", "before", "by", "from", "to"), "date 'on' cannot be combined with before, by, from or to"),
    ),
)
