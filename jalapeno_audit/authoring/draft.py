"""How a drafted claim is written in YAML: live, or commented out with its doubtful fields marked TODO."""

from __future__ import annotations

from jalapeno_audit.authoring.candidate import Candidate


def yaml_text(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def claim_lines(c: Candidate, claim_id: str) -> list[str]:
    figure = f"[{c.figure[0]}, {c.figure[1]}]" if isinstance(c.figure, list) else c.figure
    lines = [f"  - id: {claim_id}", f"    quote: {yaml_text(c.quote)}"]
    for name in ("system", "vs", "model", "metric"):
        value = getattr(c, name)
        if name in c.doubts:
            guess = f" (a guess: {value})" if value else ""
            lines.append(f"    {name}: TODO  # {c.doubts[name]}{guess}")
        elif value is not None:
            lines.append(f"    {name}: {value}")
        if name == "model" and c.models and "model" not in c.doubts:
            lines.append(f"    models: [{', '.join(c.models)}]")
    if "at" in c.doubts:
        lines.append(f"    at: TODO  # {c.doubts['at']}")
    elif c.at:
        lines.append("    at: {" + ", ".join(f"{key}: {value}" for key, value in c.at.items()) + "}")
    if c.vs_at and "at" not in c.doubts:
        lines.append("    vs_at: {" + ", ".join(f"{key}: {value}" for key, value in c.vs_at.items()) + "}")
    note = f"  # TODO: {c.doubts['figure']}" if "figure" in c.doubts else f"  # from {yaml_text(c.found)}"
    if c.reversed and "figure" not in c.doubts:
        note += f", read the other way round: {c.vs or 'the subject'}'s figure is {c.figure} of {c.system or 'the comparator'}'s"
    lines.append(f"    {c.kind}: {figure}{note}")
    if c.unit:
        lines.append(f"    unit: {c.unit}")
    if "approx" in c.doubts:
        lines.append(f"    approx: TODO  # {c.doubts['approx']}")
    elif c.hedge:
        lines.append(f"    approx: {yaml_text(c.hedge)}")
    return lines
