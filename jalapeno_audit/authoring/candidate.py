"""A candidate claim: one figure found in one sentence, its fields and the doubts about them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Candidate:
    """One figure found in one sentence, with the fields a claim needs and the doubts about them."""

    quote: str
    kind: str  # value | ratio
    figure: str | list[str]  # as it should be written in YAML
    found: str  # the text the figure was read from
    hedge: str | None = None
    system: str | None = None
    vs: str | None = None
    model: str | None = None
    metric: str | None = None
    unit: str | None = None
    doubts: dict[str, str] = field(default_factory=dict)  # field -> why it is marked TODO
    reversed: bool = False  # written the other way round: `system` is the comparator the text names, `vs` its subject
    start: int = 0  # the figure's span in the sentence
    end: int = 0
    paragraph: int = -1  # where it stands: its paragraph, and its sentence's number in the article
    sentence: int = -1
    models: list[str] = field(default_factory=list)  # several models one figure covers (then `model` is None)
    memory_type: str | None = None  # for a memory figure, the memory type written with it ("96GB of HBM3")
    at: dict[str, str] = field(default_factory=dict)  # conditions the sentence states for it, in one word each
    vs_at: dict[str, str] = field(default_factory=dict)  # conditions of the comparator where they differ from `at`
    aside: bool = False  # a value in a parenthesis after one of the same system and metric ("80GB (up to 96GB ...)")
    speed: bool = False  # a ratio that says "faster" and names no metric: the metric of the speeds stated beside it
    settled: tuple[str, ...] = ()  # `at` keys its table's condition columns settle, written or not (a TP degree of one: no `gpus`)

    @property
    def missing(self) -> list[str]:
        """The doubtful fields: a candidate with none is a live claim."""
        return list(self.doubts)
