"""The claims table, built with pandas."""

from __future__ import annotations

import pandas as pd

from .model import Corpus

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
    min_widths = {"model": 12, "figure": 12, "conditions": 12}
    for column in frame.columns:
        # Ids read best unbroken; the free-text columns take the wrapping.
        table.add_column(column, overflow="fold", no_wrap=column in ("source", "id", "system", "vs", "metric"), min_width=min_widths.get(column))
    for row in frame.itertuples(index=False):
        table.add_row(*(Text(str(v)) for v in row))
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, no_color=True, highlight=False)
    console.print(table)
    console.print(Text(f"{len(frame)} claims from {frame['source'].nunique() if len(frame) else 0} sources"))
    return buffer.getvalue()
