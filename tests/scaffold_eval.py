"""Scoring `audit new` drafts against the gold claim files of tests/evalsets/scaffold.

A draft's live claims are loaded with the project's own loader, like the gold files, and compared
field by field. A live claim is *fully right* when one gold claim of the same article has a quote
that contains it or is contained in it (after folding) and the same system, vs, model, models,
metric, figure as written (each bound of a range), approx, unit (by what it means: `unit: sec` on
a metric in seconds is no unit), at and vs_at. A candidate (live or commented) is a *non-figure*
when no gold claim with an overlapping quote states its value(s).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import yaml

from jalapeno_audit.authoring.scaffold import Candidate, scaffold
from jalapeno_audit.corpus.catalog import SECTIONS, builtin_text, load_catalog
from jalapeno_audit.corpus.loader import load_corpus
from jalapeno_audit.text.quotes import fold

EVALSET = Path(__file__).parent / "evalsets" / "scaffold"
#: Held out once and scored, then read to find what made wrong claims live: no longer unseen text.
USED_FOR_PRECISION = (
    "06_tomshardware-cerebras-405b",
    "08_tweaktown-gaudi3-preview",
    "13_azure-gb300-million-tokens",
    "14_jamesm-inference-insurgents",
    "15_spectrum-gaudi3-vision",
    "16_vietnamvn-huawei-cloudmatrix",
    "17_tomshardware-trainium3",
    "18_sambanova-sn40l-best-inference",
    "19_postlark-mi355x-mlperf60",
    "20_4nownews-dmatrix-corsair",
)
#: Held out and scored twice, unchanged; then released and read to find what kept unseen text from going live.
RELEASED = (
    "21_kad8-b200-mi325x-mlperf50",
    "22_technologyhive-ironwood",
    "23_etched-sohu-launch-thread",
    "24_awesomeagents-etched-sohu",
    "25_nvidia-jetson-thor-7x",
    "26_holter-sambanova-tokens-per-ms",
    "27_genixplay-trainium2-ga",
    "28_cysecurity-cerebras-llama4",
    "29_businessdor-mlperf-gpt3-training",
    "30_digitaltoday-mlperf-v60",
    "31_clarifai-mi300x-vs-h100",
    "32_azure-nd-gb200-v6-inference",
)
#: Held out to the end of the round that released 21-32 (gold written before any draft), scored once, then released.
RELEASED_SEVENTH = (
    "33_theregister-tenstorrent-blackhole",
    "34_dcd-h200-vs-gaudi3-llama405b",
    "35_windowsforum-maia-200",
    "36_morethanmoore-qualcomm-cloud-ai-100",
    "37_academ-qualcomm-ai100-ultra-vs-a100",
    "38_techradar-ascend-950-h200-mi300",
)
#: Held out to the end: gold written before any draft, scored once, at the end.
HELD_OUT_LAST: tuple[str, ...] = (
    "39_blab-furiosa-rngd",
    "40_mashdigi-meta-mtia-v2",
    "41_theregister-hailo-10",
    "42_reddit-s25-ultra-npu-vs-cpu",
    "43_partofstyle-gb300-mlperf-training",
    "44_aicerts-positron-atlas",
)
#: Held out to the end of the round that released 39-44: gold written before any draft, scored once, then released.
HELD_OUT_NINTH: tuple[str, ...] = (
    "45_axelera-community-metis-fps-per-watt",
    "46_linley-untether-runai200",
    "47_graphcore-mlperf-training-scale",
    "48_stardrive-apple-m4-neural-engine",
    "49_dataku-groq-mixtral-speed",
    "50_tenstorrent-wormhole-specs",
)
#: Held out to the end of the round that released 45-50: gold written before any draft, scored once, at the end.
HELD_OUT_TENTH: tuple[str, ...] = (
    "51_techpowerup-biren-br100",
    "52_skyhawks-tesla-dojo-d1",
    "53_modha-northpole-system",
    "54_reddit-strix-halo-gpu",
    "55_awsdocs-inf2-architecture",
    "56_x2q-coral-edge-tpu",
)
#: Held out to the end of the round that released 51-56: gold written before any draft, scored once, at the end.
HELD_OUT_ELEVENTH: tuple[str, ...] = (
    "57_tomshardware-cerebras-wse-3",
    "58_hostzealot-maia-100",
    "59_pith-tpu-v4-supercomputer",
    "60_boardor-ascend-910-vs-nvidia",
    "61_kontronn-mi350-series",
    "62_dugganusa-hailo-8-vs-jetson",
)
#: Held out to the end of the round that released 57-62: gold written before any draft, scored once, then read to find
#: what made wrong claims live.
HELD_OUT_TWELFTH: tuple[str, ...] = (
    "63_theregister-encharge-analog",
    "64_linley-baidu-kunlun-k200",
    "65_trtllm-h200-launch",
    "66_sergiiob-rk3588-npu-vs-cpu",
    "67_reddit-hx370-npu-vs-igpu",
    "68_intel-gaudi3-model-performance",
)
#: Held out to the end of the round that used 63-68: gold written before any draft, scored once, then read to find what
#: made wrong claims live.
HELD_OUT_THIRTEENTH: tuple[str, ...] = (
    "69_mycourses-cambricon-mlu100",
    "70_riscv-esperanto-et-soc-1",
    "71_linley-alibaba-hanguang-800",
    "72_toradex-imx95-npu-mobilenetv2",
    "73_yobitel-nvidia-l4",
    "74_dubinsky-yolo26-hailo-vs-jetson",
)
#: Held out to the end of the round that used 69-74: gold written before any draft, scored once, at the end; then read
#: (general readings came of it, after the score was taken).
HELD_OUT_FOURTEENTH: tuple[str, ...] = (
    "75_tweaktown-nvidia-h20",
    "76_flexlogix-inferx-x1",
    "77_xpu-nxp-kinara",
    "78_radxa-orion-o6-npu-tops",
    "79_memryx-mx3-datasheet",
    "80_specpicks-hexagon-npu-llamacpp",
)
#: Held out to the end of the round that read 75-80: gold written before any draft, scored once, then read.
HELD_OUT_FIFTEENTH: tuple[str, ...] = (
    "81_gcloud-tpu-v6e-docs",
    "82_amdainews-rebellions-rebel-quad",
    "83_cudo-h100-l40s-a100-benchmarks",
    "84_reddlx-dual-mi50-qwen36",
    "85_linley-lightmatter-envise",
    "86_cerebras-software-release-2-0",
)
#: Held out to the end of the round that read 81-86: gold written before any draft, scored once, at the end; then read.
HELD_OUT_SIXTEENTH: tuple[str, ...] = (
    "87_theregister-lunar-lake-npu",
    "88_syntiant-ndp120-standby-power",
    "89_reddit-tesla-fsd-npu",
    "90_kvynlim-drive-agx-thor",
    "91_strake-local-llm-three-machines",
    "92_branes-hailo-edge-ai-doc",
)
#: Held out to the end of the round that read 87-92: gold written before any draft, scored once at the end, then read.
HELD_OUT_SEVENTEENTH: tuple[str, ...] = (
    "93_top500-habana-goya",
    "94_provide-arc-pro-b70-q8-reorder",
    "95_linley-groq-tsp-connected",
    "96_titan-moore-threads-s4000",
    "97_anandtech-mi210-cdna2-pcie",
    "98_awsdocs-inf1-architecture",
)
#: Held out to the end of the round that read 93-98: gold written before any draft, scored once at the end, then read.
HELD_OUT_EIGHTEENTH: tuple[str, ...] = (
    "99_hyperai-vera-rubin-nvl144",
    "100_cambrian-graphcore-colossus-mk2",
    "101_klockwood-ponte-vecchio-max-1550",
    "102_conselara-dgx-spark-benchmarks",
    "103_coral-m2-dual-edge-tpu-datasheet",
    "104_alltechblaze-ai-hat-plus-2",
)
#: Held out to the end of the round that read 99-104: gold written before any draft, scored once at the end, then read.
HELD_OUT_NINETEENTH: tuple[str, ...] = (
    "105_technosports-dimensity-9300-apu",
    "106_awesomeagents-amd-mi325x",
    "107_multicoreperformance-x2-elite-npu",
    "108_brojogopalsapui-jetson-orin-nano-super",
    "109_awsdocs-inf2-encoder-performance",
    "110_gcloud-tpu7x-ironwood-docs",
)
#: Each held-out set in the order it was written, and how it was used once scored.
HELD_OUT_SETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("held out, scored, then used for precision (06, 08, 13-20)", USED_FOR_PRECISION),
    ("held out, scored, then used for development (21-32)", RELEASED),
    ("held out, scored once, then used for development (33-38)", RELEASED_SEVENTH),
    ("held out, scored once, then used for development (39-44)", HELD_OUT_LAST),
    ("held out, scored once, then used for development (45-50)", HELD_OUT_NINTH),
    ("held out, scored once, then used for development (51-56)", HELD_OUT_TENTH),
    ("held out, scored once, then used for development (57-62)", HELD_OUT_ELEVENTH),
    ("held out, scored once, then used for precision (63-68)", HELD_OUT_TWELFTH),
    ("held out, scored once, then used for precision (69-74)", HELD_OUT_THIRTEENTH),
    ("held out, scored once at the end, then read (75-80)", HELD_OUT_FOURTEENTH),
    ("held out, scored once, then read (81-86)", HELD_OUT_FIFTEENTH),
    ("held out, scored once at the end, then read (87-92)", HELD_OUT_SIXTEENTH),
    ("held out, scored once at the end, then read (93-98)", HELD_OUT_SEVENTEENTH),
    ("held out, scored once at the end, then read (99-104)", HELD_OUT_EIGHTEENTH),
    ("held out, scored once at the end, then read (105-110)", HELD_OUT_NINETEENTH),
)
#: The sets from the tenth on, held to their totals as first scored and not tuned article by article.
HELD_TO_TOTALS: tuple[str, ...] = tuple(stem for group in (HELD_OUT_TENTH, HELD_OUT_ELEVENTH, HELD_OUT_TWELFTH, HELD_OUT_THIRTEENTH,
                                                           HELD_OUT_FOURTEENTH, HELD_OUT_FIFTEENTH, HELD_OUT_SIXTEENTH,
                                                           HELD_OUT_SEVENTEENTH, HELD_OUT_EIGHTEENTH, HELD_OUT_NINETEENTH) for stem in group)
GROUPS = (
    ("development", lambda stem: not any(stem in stems for _, stems in HELD_OUT_SETS)),
    *((title, lambda stem, stems=stems: stem in stems) for title, stems in HELD_OUT_SETS),
)
FIELDS = ("system", "vs", "model", "models", "metric", "approx", "at", "vs_at")  # and the unit, by what it means


@dataclass
class Score:
    article: str
    gold: int = 0
    right: int = 0
    wrong: int = 0
    commented: int = 0
    non_figures: int = 0
    candidates: int = 0


def catalog_text() -> str:
    """The gold catalog as the scaffold's corpus catalog: built-in ids and undeclared fields left out.

    The gold catalog says it replaces no built-in id, so entries now built in are skipped rather than
    replacing the built-in ones (and their aliases). A field the catalog does not declare would be dropped.
    """
    gold = yaml.safe_load((EVALSET / "gold" / "catalog.yaml").read_text(encoding="utf-8"))
    builtin = yaml.safe_load(builtin_text())
    kept: dict = {}
    for section, entries in gold.items():
        declared = {f.name for f in SECTIONS[section].fields}
        kept[section] = {
            entry_id: {k: v for k, v in entry.items() if k in declared}
            for entry_id, entry in entries.items() if entry_id not in builtin.get(section, {})
        }
    return yaml.safe_dump(kept, sort_keys=False, allow_unicode=True)


def _values(claim) -> tuple[Fraction, ...]:
    if claim.bounds is not None:
        return tuple(b.value for b in claim.bounds)
    return (claim.figure.value,) if claim.figure is not None else ()


def _candidate_values(candidate: Candidate) -> tuple[Fraction, ...]:
    figures = candidate.figure if isinstance(candidate.figure, list) else [candidate.figure]
    values = []
    for text in figures:
        text = text.strip('"')
        if "/" in text:
            numerator, denominator = text.split("/")
            values.append(Fraction(numerator) / Fraction(denominator))
        else:
            values.append(Fraction(text))
    return tuple(values)


def _overlap(a: str, b: str) -> bool:
    a, b = fold(a), fold(b)
    return a in b or b in a


def _figure_text(claim) -> tuple[str, ...]:
    return tuple(b.text for b in claim.bounds) if claim.bounds is not None else (claim.figure.text,)


def _same(draft, gold, corpus) -> bool:
    """Every field alike; units alike in what they mean ('0.24' seconds of a metric in seconds is '0.24' with `unit: sec`)."""
    same_unit = draft.unit == gold.unit or (draft.metric == gold.metric and corpus.unit_factor(draft) == corpus.unit_factor(gold))
    return _figure_text(draft) == _figure_text(gold) and same_unit and all(getattr(draft, f) == getattr(gold, f) for f in FIELDS)


def score_article(stem: str, workdir: Path) -> Score:
    text = (EVALSET / "articles" / f"{stem}.txt").read_text(encoding="utf-8")
    catalog_yaml = catalog_text()
    gold_dir, draft_dir = workdir / "gold", workdir / "draft"
    for directory in (gold_dir, draft_dir):
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "catalog.yaml").write_text(catalog_yaml, encoding="utf-8")
    (gold_dir / f"{stem}.yaml").write_text((EVALSET / "gold" / f"{stem}.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    catalog = load_catalog((str(draft_dir / "catalog.yaml"), catalog_yaml.encode()))
    draft_text, candidates = scaffold(text, "draft", catalog, archive=None, publisher=None, url=None, published=None)
    (draft_dir / "draft.yaml").write_text(draft_text, encoding="utf-8")
    gold = load_corpus([str(gold_dir)]).claims
    drafted = load_corpus([str(draft_dir)])
    live = drafted.claims
    result = Score(stem, gold=len(gold), commented=sum(1 for c in candidates if c.doubts), candidates=len(candidates))
    used: set[int] = set()
    for claim in live:
        match = next((i for i, g in enumerate(gold) if i not in used and _overlap(claim.quote, g.quote) and _values(claim) == _values(g) and _same(claim, g, drafted)), None)
        if match is None:
            result.wrong += 1
        else:
            used.add(match)
            result.right += 1
    for candidate in candidates:
        values = _candidate_values(candidate)
        if not any(_overlap(candidate.quote, g.quote) and values == _values(g) for g in gold):
            result.non_figures += 1
    return result


def articles() -> list[str]:
    """The articles' stems in the order of their numbers ("99_..." before "100_...")."""
    return sorted((p.stem for p in (EVALSET / "articles").glob("*.txt")), key=lambda stem: (int(stem.split("_")[0]), stem))
