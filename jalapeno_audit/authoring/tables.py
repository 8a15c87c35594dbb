"""The claims table, built with pandas."""

from __future__ import annotations

import pandas as pd

from jalapeno_audit.corpus.model import Corpus

COLUMNS = ["source", "id", "system", "vs", "model", "metric", "figure", "conditions"]


def claims_frame(corpus: Corpus) -> pd.DataFrame:
    """One row per claim, figures as written."""
    rows = []
    for claim in corpus.claims:
        conditions = ", ".join(f"{k}={v}" for k, v in claim.at)
        if claim.vs_at:
            conditions += ("; " if conditions else "") + "vs: " + ", ".join(f"{k}={v}" for k, v in claim.vs_at)
        rows.append(
            {
                "source": claim.source,
                "id": claim.id,
                "system": claim.system or "",
                "vs": claim.vs or "",
                "model": ", ".join(claim.model_key),
                "metric": claim.metric or (claim.event or ""),
                "figure": claim.figure_text(),
                "conditions": conditions,
            }
        )
    return pd.DataFrame(rows, columns=COLUMNS)


def render_text(frame: pd.DataFrame, width: int) -> str:
    """A Rich table of the frame, every cell plain text."""
    import io

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, show_edge=False, header_style="bold", padding=(0, 1))
    min_widths = {"model": 12, "figure": 12, "conditions": 12, **{c: 10 for c in frame.columns if c not in COLUMNS}}
    for column in frame.columns:
        # Ids read best unbroken; the free-text columns take the wrapping.
        table.add_column(column, overflow="fold", no_wrap=column in ("source", "id", "system", "vs", "metric"), min_width=min_widths.get(column))
    for row in frame.itertuples(index=False):
        table.add_row(*(Text(str(v)) for v in row))
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, no_color=True, highlight=False)
    console.print(table)
    if "source" in frame.columns:
        console.print(Text(f"{len(frame)} claims from {frame['source'].nunique() if len(frame) else 0} sources"))
    else:
        console.print(Text(f"{len(frame)} comparisons"))
    return buffer.getvalue()


def filtered(frame: pd.DataFrame, corpus: Corpus, model: str | None, metric: str | None, system: str | None) -> pd.DataFrame:
    """Rows about a model, metric or system (a system also matches as comparator)."""
    mask = pd.Series(True, index=frame.index)
    if model:
        mask &= frame["model"].str.split(", ").apply(lambda models: model in models)
    if metric:
        mask &= frame["metric"] == metric
    if system:
        mask &= (frame["system"] == system) | (frame["vs"] == system)
    return frame[mask]


def pivot(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per (system, vs, model, metric, conditions), one column per source, figures as written."""
    keys = ["system", "vs", "model", "metric", "conditions"]
    figures = frame[frame["figure"] != "(no figure)"]
    if figures.empty:
        return pd.DataFrame(columns=keys)
    table = figures.pivot_table(index=keys, columns="source", values="figure", aggfunc=lambda cells: "; ".join(dict.fromkeys(cells)))
    table = table.fillna("").reset_index()
    table.columns.name = None
    return table


def render_markdown(frame: pd.DataFrame) -> str:
    from jalapeno_audit.reporters.escape import markdown

    header = "| " + " | ".join(markdown(str(c)) for c in frame.columns) + " |"
    rule = "|" + "---|" * len(frame.columns)
    rows = ["| " + " | ".join(markdown(str(v)) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([header, rule, *rows]) + "\n"
