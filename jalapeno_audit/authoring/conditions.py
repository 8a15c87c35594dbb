"""The conditions of a figure (`at`): one-word settings it can write, and anything else that may be a condition."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.counted import COUNTED, COUNTED_WORDS, NUMBER_WORDS, counted_setting
from jalapeno_audit.authoring.links import links
from jalapeno_audit.authoring.metrics import HARDWARE_FAMILIES
from jalapeno_audit.authoring.refinements import ONE_DEVICE_OWNER, anothers_benchmark, refines
from jalapeno_audit.authoring.sentences import Sentence, clause, mentions, name_index
from jalapeno_audit.corpus.catalog import Catalog, Metric
from jalapeno_audit.text.figures import read_figures
from jalapeno_audit.text.names import mask

#: Device counts and per-device bases ("8,960 chips", "four GPUs", "per chip", "single GPU").
_DEVICES = (r"(?<![\d,.])(?:\d{1,3}(?:,\d{3})+|\d+|one|two|three|four|eight|sixteen)[ -](?:GPUs?|chips?|nodes?|pods?|racks?|servers?|accelerators?)|"
            r"(?:single|one|per|each)[ -](?:GPU|chip|accelerator|node|server|card|device)(?!-)")  # not "per chip-hour", a price's unit
_DEVICE = re.compile(_DEVICES, re.I)
#: A number format as written ("FP8", "MXFP4", "BF16", "INT8").
FORMAT = r"(?:(?:NV|MX|B)?FP\d+|BF16|TF32|INT\d+)"
#: One format standing on its own, where "TF32+" is a format of its own too.
_ONE_FORMAT = r"(?:NV|MX|B)?FP\d+|BF16|TF32\+?|INT\d+"
#: Formats joined by slashes, for either of which one figure holds ("FP4/FP6", "FP8/FP16/BF16/TF32"), as one setting.
FORMATS = rf"(?:{_ONE_FORMAT})(?:/{FORMAT})*"
#: Words before a device count that say how far a system can scale, not how many devices a run used.
_SUPPORTING = re.compile(r"\b(?:support(?:s|ed|ing)?|scal(?:e|es|ed|ing)(?:\s+out)?\s+to)\s+(?:up\s+to\s+)?$", re.I)
#: An operating mode ("eco mode", "lower-voltage mode"; a label's "Low Power Mode", its words capitalised), and the
#: words that name it.
_MODE_WORDS = r"(?:(?-i:(?!(?:The|A|An|In|At|On|Its|Our|This|That|Each)\s)[A-Z][a-z]+\s+)+(?-i:Mode)|[\w-]+[ -]mode)"
_MODE = re.compile(_MODE_WORDS, re.I)
#: A clock a compute figure was rated at ("3 TOPS @600MHz", "@ 1GHz"), and the GHz each unit is.
_CLOCK_WORDS = r"(?:(?<=@)|(?<=@\s)|(?<=\bat\s)|(?<=\bto\s))\d+(?:\.\d+)?\s?[MG]Hz"
#: A line's label, before its colon, holding no figure ("Low Power Mode: 3 TOPS").
_LABEL = re.compile(r"[^:\d]{1,40}:\s")
_CLOCK = re.compile(r"\s?(?P<n>\d+(?:\.\d+)?)\s?(?P<unit>[MG])Hz", re.I)
#: The statistic of a power figure, written beside its unit or as the power's adjective ("2.5W typical, 8.65W peak", "2 W
#: (typical)", "Typical Power used is ..."); "peak compute" and "typical workloads" are no statistic of a power.
_STATISTIC_WORDS = r"(?:(?<=\dW\s)|(?<=\d\sW\s)|(?<=W\s\()|(?<=W\())(?:typical|peak)\b(?!\s+(?:compute|performance|TOPS|FLOPS))|\btypical(?=\s+power\b)|(?<=\()typical(?=\))"
#: A figure and its unit right before a word ("26 TOPS INT8", "150 TOPS of AI compute at 8-bit precision"): the word
#: is that figure's.
_AFTER_A_FIGURE = re.compile(r"\d(?:[\d,.]*\d)?\s?[A-Za-z/]+(?:\s+(?:of\s+)?(?:[A-Za-z]+\s+){0,2}?(?:of|at|in))?\s+$")
#: A metric measured in a run, by its catalog name ("measured sustained power").
_MEASURED_METRIC = re.compile(r"\bmeasured\b", re.I)
#: A batch size, with its number where one is written ("batch size = 10", "batch size of 128", "BS=8"); the words alone
#: ("at larger batch sizes"), or a number one of several ("batch size 1 and 8"), are a condition the reader writes.
_BATCH = r"(?:batch(?:es|\s+sizes?)?(?:\s*(?:=|:|\s+of)?\s*\d+(?![\d.,]\d)(?!\s*(?:,|and|or|to|-)\s*\d))?|BS\s*=\s*\d*)"
_BATCH_SIZE = re.compile(r"(?:batch(?:\s+size)?\s*(?:=|:|\s+of)?\s*|BS\s*=\s*)(?P<n>\d+)", re.I)
#: An input resolution, width by height ("640×640", "224x224").
_RESOLUTION = r"(?<![\d.])\d{2,5}\s?[x×]\s?\d{2,5}(?!\.?\d)"
#: Words that may be conditions a reader must write in `at`/`vs_at` (precisions, software, batch sizes, scenarios,
#: device counts, per-device bases, networks, commitment terms): the drafter cannot place them. A benchmark's name ("MLPerf")
#: is not one: it says where a result was published, not a setting both sides ran under.
CONDITION = re.compile(
    r"\b(?:" + FORMATS + r"(?:\s+precision)?|TensorRT(?:-LLM)?|TRT-LLM|vLLM|ROCm|SGLang|CUDA|PyTorch|JAX|TensorFlow|XLA|DeepSpeed|"
    r"Megatron|llama\.cpp|" + _BATCH + r"|TP=|PP=|tensor parallel\w*|concurren\w*|offline|(?:server|interactive) (?:[a-z]+ )?(?:test|scenario|benchmark|mode)s?|scenario|"
    + _DEVICES + r"|"
    r"data ?types?|(?:4|6|8|16|32)-bit\s+precision|(?<!-)precision|\d+-bit floating[- ]point|quantiz\w*|with(?:out)? sparsity|sparsity|(?<!-)sparse|(?<!-)dense|(?:input|output|context|sequence) length|ISL|OSL|"
    r"Ethernet|InfiniBand|commitments?|reserved|on-demand|spot|\d+-(?:year|month)s?|"
    # A workload the figure was had under ("to run ML recommendation workloads while consuming less than 20 W"), an
    # operating mode ("in a lower-voltage mode", "eco mode"), an input resolution ("at 640×640").
    r"(?:run|runs|running|serving|processing)\s+(?:[\w-]+\s+){0,3}?workloads?|" + _STATISTIC_WORDS + "|" + _MODE_WORDS + "|" + _CLOCK_WORDS + "|" + _RESOLUTION
    + r")(?:\b|(?<=\+))", re.I)
#: Such a workload: no setting of a peak, which no workload changes ("peak rates between 100 and 200 TOPS").
_WORKLOAD = re.compile(r"(?:run|runs|running|serving|processing)\s+(?:[\w-]+\s+){0,3}?workloads?", re.I)
#: Settings of a run, not of the hardware: the software, a batch size, a scenario, concurrency.
_RUN_ONLY = re.compile(r"TensorRT(?:-LLM)?|TRT-LLM|vLLM|ROCm|SGLang|CUDA|PyTorch|JAX|TensorFlow|XLA|DeepSpeed|Megatron|llama\.cpp|"
                       + _BATCH + r"|concurren\w*|offline|(?:server|interactive) (?:[a-z]+ )?(?:test|scenario|benchmark|mode)s?|"
                       r"scenario", re.I)
#: A sentence that says what a system can do ("It supports a wide range of data types including FP32, TF32 ..."), and
#: how many values of a kind it lists to say no one of them is a run's setting.
_CAPABLE = re.compile(r"\b(?:supports?|supported|supporting)\b", re.I)
_LISTED = 3
_FORMATS_LISTED = re.compile(_ONE_FORMAT, re.I)
#: Where one sentence of a paragraph's context ends and the next begins.
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")
#: Networks: a condition of a link's figure; and what says a network is what the links are built on ("Ethernet-based
#: interconnect").
_NETWORK = re.compile(r"Ethernet|InfiniBand", re.I)
#: Words of a sentence about links, whose figure of no metric read may be a link's.
_LINK_WORDS = re.compile(r"\b(?:interconnect\w*|links?|bandwidth|network\w*|fabric|switch\w*|[GT]bps|[GT]B/s)\b", re.I)
_BUILT_ON = re.compile(r"-based\s+(?:interconnects?|links?|fabrics?|networking|networks?|scale-?out|scale-?up)\b", re.I)
#: A sentence that says its figure is one device's ("each v5p chip delivers ...", "per GPU"); a footnote number glued
#: before the word ("2Each RNGD chip offers ...") does not hide it, a letter does ("Reach").
_ONE_DEVICE = re.compile(r"(?<![^\W\d_])(?:each|per|(?:a\s+)?single|one)[\s-]+(?:[\w-]+\s+){0,3}?(?:chip|GPU|accelerator|card|device)\b", re.I)
#: "With 1-year and 3-year commitments, ... N and M, respectively": a condition for each figure, in order.
_RESPECTIVE_LEAD = re.compile(r"(?:with|at|for|in|under|using|on)\s+(?P<items>[\w.-]+(?:(?:,\s*|,?\s+(?:and|or)\s+)[\w.-]+)+)\s+(?P<noun>[a-z][\w-]*)\s*,\s",
                              re.I)
_RESPECTIVELY = re.compile(r",?\s+respectively\W*$", re.I)
#: Conditions written in one word, and how a claim's `at` writes them: a precision, the software a figure was measured with.
_SETTINGS: tuple[tuple[str, re.Pattern[str], str | None], ...] = (
    # "FP8 precision" is FP8; "FP4/FP6" (the figure holds for either) is written as it stands, fp4/fp6, and so are more
    # formats joined so ("FP8/FP16/BF16/TF32": fp8/fp16/bf16/tf32).
    ("precision", re.compile(FORMATS + r"(?:\s+precision)?", re.I), None),
    ("precision", re.compile(r"bfloat\s?16", re.I), "bf16"),
    ("precision", re.compile(r"(?:4|6|8|16|32)-bit\s+precision", re.I), None),  # "at 4-bit precision": 4-bit
    ("software", re.compile(r"TensorRT-LLM|TRT-LLM", re.I), "tensorrt-llm"),
    ("software", re.compile(r"vLLM", re.I), "vllm"),
    ("software", re.compile(r"SGLang", re.I), "sglang"),
    # A benchmark scenario ("in a server test", "the Offline scenario") and a single node, written as `at` writes them.
    *(("scenario", re.compile(rf"{name}(?:\s+(?:[a-z]+\s+)?(?:test|scenario|benchmark|mode)s?)?" if name == "offline" else
       rf"{name}\s+(?:[a-z]+\s+)?(?:test|scenario|benchmark|mode)s?", re.I), name) for name in ("server", "offline", "interactive")),
    ("nodes", re.compile(r"(?:single|one)[ -]node", re.I), "1"),
    # An input resolution, written as `at` writes it ("640×640": 640x640).
    ("resolution", re.compile(_RESOLUTION), None),
    # Whether a compute figure counts the doubled rate of sparse arithmetic ("FP8 dense", "without sparsity").
    ("sparsity", re.compile(r"dense|without sparsity", re.I), "none"),
    ("sparsity", re.compile(r"sparse|with sparsity", re.I), "sparse"),
    ("mode", _MODE, None),
    ("clock-ghz", _CLOCK, None),
    ("statistic", re.compile(r"typical|peak", re.I), None),
    ("batch", _BATCH_SIZE, None),
)
#: A count of the devices a run used ("eight GPUs", "an 8-chip server", "a single GPU"), written in `at` by its noun.
_COUNT = re.compile(r"(?P<n>\d{1,3}(?:,\d{3})+|\d+|one|two|four|eight|sixteen|single)[ -](?P<noun>GPU|chip|accelerator|card|node)s?", re.I)
#: Metric families a run's device count bears on; the keys it is written with.
RUN_FAMILIES = ("throughput", "responsiveness", "training")
#: A figure of each of several parts: "two stacks of 8GB", "... 256GB/s of bandwidth each" (not "tokens each second").
_PARTS = r"(?P<parts>stacks|modules|dies|chiplets|cards|banks|channels|tiles|cores|chips)"
_PARTS_COUNTED = r"\b(?:\d+|two|three|four|five|six|eight|twelve|sixteen)\s+(?:[\w-]+\s+){0,2}?" + _PARTS
_PARTS_OF = re.compile(_PARTS_COUNTED + r"\s+of\s+$", re.I)
#: Parts a sentence counts ("two stacks of 8GB ..."), one of which a figure said of "each" is.
_COUNTED_PARTS = re.compile(_PARTS_COUNTED + r"\b", re.I)
_EACH = re.compile(r"[^.;,]{0,40}?\beach\b(?=\s*(?:[.,;)]|$))", re.I)
_COUNT_KEYS = ("gpus", "chips", "accelerators", "cards", "nodes")
#: Settings that only a compute figure takes ("a dense 70B model" says nothing of a throughput's arithmetic; nor does
#: "@600MHz" of a memory's size).
_COMPUTE_ONLY = ("sparsity", "clock-ghz")
#: A parenthesis just after a figure and its unit ("4.5 PFLOPS (FP8 dense compute)"): its words describe that figure.
_FIGURE_ASIDE = re.compile(r"[^(),.;:]{0,20}\((?P<inside>[^()]*)\)")
#: A parenthesis right where a figure's clause ends.
_CLOSING = re.compile(r"\s*\((?P<inside>[^()]*)\)")
#: What such a parenthesis holds when it gives the figure's sparse counterpart ("(242 sparse)", "(485 with sparsity)").
_SPARSE_TWIN = re.compile(r"\s*\d[\d,.]*\s*(?:sparse|with\s+sparsity)\s*", re.I)
#: A precision written right after a compute figure's unit ("745 teraFLOPS of FP8", "11.9 petaFLOPS at FP16", "256 TFLOP/s
#: FP32"): that figure's. "TF32+" is a format of its own.
_ATTACHED = re.compile(r"\s*[A-Za-z/]+\s+(?:(?:of|at|in)\s+)?(?P<precision>" + _ONE_FORMAT + r")(?:\b|(?<=\+))", re.I)
#: Figures given as options ("1.5TB, 12TB, or 1.2PB", "80 or 96 GB"): each is one configuration's; a count before "or"
#: is a restatement's ("24,525 tokens per second across 8 GPUs, or 3,066 per GPU").
_FIGURE = r"\d[\d,]*(?:\.\d+)?\s?[A-Za-z/]*"
_ALTERNATIVES = re.compile(rf"(?<![\w.]){_FIGURE}(?:,\s*{_FIGURE})*,?\s+or\s+{_FIGURE}")
#: What joins two settings said together ("FP8 and FP16", "FP8, FP16"): one may be the other's figure's.
_COORDINATED = re.compile(r"\s*(?:,|and|or|&|/)?\s*(?:and|or)?\s*", re.I)
#: A setting said to be the one stated before ("at the same resolution", "with the same number of users").
_SAME_SETTING = re.compile(r"\b(?:at|with|under|in|using)\s+the\s+same\s+(?:resolution|batch\s+size|(?:context|sequence|input|output)\s+length|"
                           r"precision|settings?|configuration|clocks?|frequency|power\s+(?:limit|budget|envelope)|number\s+of\s+[\w-]+)\b", re.I)
#: A phrase that opens a sentence and sets the scene for all of it ("On a single node, ..."), holding no figure; and
#: the settings such a phrase may state for the sentence's figures (a fronted "With TensorRT-LLM, ..." is left to the reader).
_SCENE = ("scenario", "nodes", "mode", "batch")
#: It is read where catalog names are blanked out ("#"): it names no system, save in a count of a system's units
#: ("On a single node with 8 B300 units, ..."); "In the offline test the GB200 led, ..." is a clause of its own.
_OPENING = re.compile(r"(?:even\s+)?(?:on|in|at|with|under|using)\b(?:[^,\d#]|" + COUNTED_WORDS.pattern + "|" + _BATCH_SIZE.pattern + r"){0,60},\s", re.I)
#: A per-device basis in a table's row label ("Peak compute per chip", "HBM capacity per chip"): what the row's
#: figures are of, no run's setting.
PER_DEVICE_BASIS = re.compile(r"(?:per|each)[ -]\w+", re.I)
#: A parallelism of one ("TP=1", "TP1"): the model is not split across devices, which is what a figure of one system
#: means without it; not a condition to write.
UNSPLIT = re.compile(r"\b(?:TP|PP)\s*=?\s*1\b(?![.,]\d)", re.I)
#: The runtime a software setting is built on, written beside it ("TensorRT-LLM v0.5.0, TensorRT 9.1"): part of it.
_BENEATH = (("tensorrt-llm", re.compile(r"TensorRT(?!-)", re.I)),)
#: Metric families whose figures are the hardware's capacities and links, which no precision or software changes; and
#: metrics that are a rating the maker gives the hardware (a TDP), which no run changes either.
_FIXED_BY_HARDWARE = ("memory", "interconnect")
_RATINGS = ("rated-power",)
#: Metric families whose figures depend on a precision or on software (not memory, power, prices or schedules).
SETTING_FAMILIES = ("throughput", "responsiveness", "compute", "efficiency", "training")
#: Memory types: a condition, unless they name the memory a memory figure measures ("180GB of HBM3E memory").
MEMORY_TYPE = re.compile(r"\b(?:HBM\d?[eE]?|GDDR\d\w*|LPDDR\d\w*|DDR\d)\b")
_KIND = re.compile(r"[a-z]+", re.I)
#: Words of a sentence that says how figures were measured ("Google is using FP8 precision as its benchmark"), and words
#: that make it say what may be ("Future tests will use FP4").
_MEASURES = re.compile(r"\b(?:benchmark(?:s|ed|ing)?|measur(?:e|es|ed|ing|ements?)|rated|figures?|numbers?|results?|tests?|tested|quoted)\b", re.I)
MAY_BE = re.compile(r"\b(?:will|would|could|might|may|plans?|planned|future|next|upcoming|if)\b", re.I)
#: Words of supposition or doubt just before a setting, in its clause: the writer guesses it, or says it is not known.
_SUPPOSED = re.compile(r"\b(?:presumably|probably|possibly|perhaps|maybe|(?:not clear|unclear|unknown) (?:if|whether))\b[^,;.()]{0,30}$", re.I)
TYPED_MEMORY = re.compile(r"\s*[GMT]B\s+(?:of\s+)?(?P<type>HBM\d[eE]?|GDDR\d\w*|LPDDR\d\w*|DDR\d)\b")


@dataclass(frozen=True)
class Placed:
    """What a sentence's structure says about where its conditions belong, for one figure."""

    part: tuple[int, int]  # the figure's clause
    next_figure: int | None = None  # where the sentence's next figure starts: a setting after it is that figure's
    not_conditions: tuple[tuple[int, int], ...] = ()  # spans that only look like conditions: a lead-in read already
    given: dict[str, str] = field(default_factory=dict)  # conditions the structure gives the figure ("..., respectively")
    unnamed: tuple[str, str] | None = None  # the sentence and its paragraph's context with catalog names blanked out
    runs: dict[str, str] = field(default_factory=dict)  # a device count the article states for all its runs (``all_runs``)


def conditions(catalog: Catalog, candidate: Candidate, sentence: Sentence, placed: Placed) -> None:
    """Mark `at` when the sentence or its paragraph states something that may be a condition."""
    metric = catalog.metrics.get(candidate.metric or "")
    # A memory type beside a memory figure names what is measured ("180GB of HBM3E"); two memory
    # figures of one system that differ by type are caught by `apart`. Nor does it change a compute or link figure
    # ("twice the compute power"; "... using HBM3 or the faster HBM3e"): the chip's arithmetic and links are its own.
    patterns = (CONDITION, COUNTED) if metric is not None and metric.family in ("memory", "compute", "interconnect") else (CONDITION, COUNTED, MEMORY_TYPE)
    # A setting written after a later figure is that figure's ("500W chip with 650 TFLOP/s BF16 compute"): it does
    # not bear on a figure whose metric no precision or software changes.
    others_settings = metric is not None and metric.family not in SETTING_FAMILIES and placed.next_figure is not None
    # A precision, a software stack, a batch size or a scenario its paragraph or another clause of its sentence names
    # changes no memory or link figure ("144 GB of HBM3E", "4.9 TB/s"); a device count or a network may (the memory
    # of eight GPUs, a link over Ethernet); a word said in the figure's own clause is left to the reader ("288GB of
    # memory in FP8": what does the sentence mean?). Nor does it change a rating ("512 TFLOPS (FP8) at a 180W TDP").
    unchanged = metric is not None and (metric.family in _FIXED_BY_HARDWARE or metric.id in _RATINGS)
    # A spec of one device ("each v5p chip delivers ...", "... bandwidth per chip") is not a figure of the device counts its
    # paragraph or the sentence's other clauses state; and one chip is what a chip's spec is of.
    # So is a figure its own clause gives per device ("..., or 3,066 tokens per second per NVIDIA H100 GPU"), whatever its metric.
    hardware = metric is not None and metric.family in HARDWARE_FAMILIES
    # A network said outside the figure's clause is a condition of links only: a chip's compute, memory or power is its own.
    own_hardware = hardware and metric is not None and metric.family != "interconnect"
    compute = metric is not None and metric.family == "compute"
    # So is a figure the sentence gives to one device's parts ("The accelerator's 140 cores promise 745 teraFLOPS").
    one_device = (hardware and (bool(_ONE_DEVICE.search(sentence.text) or ONE_DEVICE_OWNER.search(sentence.text))
                                or _one_unit(catalog, candidate))) or bool(
        _ONE_DEVICE.search(sentence.text, candidate.end, placed.part[1]))

    # Memory types of one kind named apart in the paragraph ("HBM3 or the faster HBM3e") are variants a figure may
    # depend on; types of different kinds ("SRAM, HBM and DDR") describe one design.
    types = {found.lower() for found in MEMORY_TYPE.findall((placed.unnamed or (sentence.text, sentence.context))[1])}
    variants = any(a != b and _memory_kind(a) == _memory_kind(b) for a in types for b in types)
    linked = metric.family == "interconnect" if metric is not None else bool(_LINK_WORDS.search(sentence.text))
    power = metric is not None and metric.family == "power"
    scope = _Scope(catalog, candidate, sentence, placed, patterns, variants, unchanged, others_settings, hardware, own_hardware,
                   linked, compute, one_device, power, power and bool(_MEASURED_METRIC.search(metric.name)))  # type: ignore[union-attr]

    def said(text: str, in_sentence: bool) -> list[re.Match[str]]:
        return _said(scope, text, in_sentence)


    # Condition words are looked for where the catalog's names are blanked out: "the Gaudi 2 chip" is not "2 chips".
    unnamed_text, unnamed_context = placed.unnamed or (sentence.text, sentence.context)
    # The count the article gives all its runs is a run's whose sentence counts no devices of its own.
    runs = placed.runs if candidate.kind == "value" and metric is not None and metric.family in RUN_FAMILIES \
        and not _DEVICE.search(unnamed_text) and not COUNTED.search(unnamed_text) else {}
    if candidate.kind == "value" and metric is not None and metric.family == "training" and not _DEVICE.search(sentence.text) and not runs \
            and not sized(catalog, candidate.system):
        candidate.doubts["at"] = "a time to train depends on how many devices trained: the sentence does not say"
        return
    in_sentence = said(unnamed_text, True)
    def setting_at(match: re.Match[str], text: str) -> tuple[str, str] | None:
        # A count before a system's name is written by the noun of the system's kind; any other word by itself.
        if COUNTED_WORDS.fullmatch(match.group()):
            return counted_setting(catalog, text[match.start():match.end()], sentence.context)
        return setting_of(match.group())

    settings = _settings(catalog, candidate, (sentence.text, unnamed_text), in_sentence, placed.part, setting_at) if in_sentence else None
    for where, text, found in (("the sentence says", sentence.text, in_sentence), ("its paragraph says", sentence.context, said(unnamed_context, False))):
        # Every condition said here that the figure's clause does not write in `at` leaves `at` to the reader; the
        # doubt names the first of them.
        open_words = [match for match in found if (settings is None or not _written(setting_at(match, text), settings, text is sentence.text, compute))
                      and not (text is sentence.text and (_anothers_precision(catalog, candidate, match, (sentence.text, unnamed_text), placed.part)
                                                          or _each_its_own(candidate, match, unnamed_text, settings, compute)
                                                          or _anothers_figure(candidate, match, unnamed_text, placed.part, metric)))
                      and not (text is sentence.context and (_anothers(match, unnamed_context, settings) or _capability(match, unnamed_context)
                                                             or _other_mode(match, unnamed_context)
                                                             or _others_run(catalog, candidate, match, (sentence.context, unnamed_context))))]
        if open_words and text is sentence.context and candidate.kind == "value" and metric is not None and metric.family in SETTING_FAMILIES:
            carried = stated_plainly(catalog, candidate, open_words, (sentence.context, unnamed_context), settings)
            settings, open_words = ({**(settings or {}), **carried}, []) if carried else (settings, open_words)
        if open_words:
            candidate.doubts["at"] = f"{where} '{open_words[0].group()}'" + (": does it apply here?" if text is sentence.context else "")
            return
    if candidate.kind == "value" and any(span.start() <= candidate.start < span.end() and len(read_figures(span.group())) > 1
                                         for span in _ALTERNATIVES.finditer(sentence.text)):
        # "can support 1.5TB, 12TB, or 1.2PB of external memory": options of one thing, each in its own configuration.
        candidate.doubts["at"] = "the sentence gives this figure as one of several options: in which configuration?"
        return
    if candidate.kind == "value" and metric is not None and metric.family in HARDWARE_FAMILIES and (
            (parts := _PARTS_OF.search(sentence.text, 0, candidate.start)) or _EACH.match(sentence.text, candidate.end)):
        # "two stacks of 8GB High Bandwidth Memory (HBM), providing 256GB/s of bandwidth each": each figure is one part's,
        # the part the sentence counts (`stacks: 1`); with no part counted, of one part or of the whole is the reader's.
        counted = [found["parts"].lower() for found in _COUNTED_PARTS.finditer(sentence.text, 0, candidate.start)]
        noun = parts["parts"].lower() if parts else (counted[-1] if counted else None)
        if noun is None:
            candidate.doubts["at"] = "the sentence states this figure for each of several parts: of one part, or of the whole?"
            return
        settings = {**(settings or {}), noun: "1"}
    if candidate.kind == "value" and (same := _SAME_SETTING.search(sentence.text)):
        # "at the same resolution", "with the same number of users": a setting stated before, this figure's too.
        candidate.doubts["at"] = f"the sentence says '{same.group()}': a setting stated before, which the reader writes"
        return
    candidate.at = {**runs, **(settings or {}), **links(candidate, sentence.text, metric), **placed.given}

@dataclass(frozen=True)
class _Scope:
    """What decides which condition words said in a sentence or its paragraph bear on one figure (see ``conditions``)."""

    catalog: Catalog
    candidate: Candidate
    sentence: Sentence
    placed: Placed
    patterns: tuple[re.Pattern[str], ...]
    variants: bool  # memory types of one kind named apart: variants a figure may depend on
    unchanged: bool  # a figure no setting said outside its clause changes (a capacity, a link)
    others_settings: bool  # a setting after a later figure is that figure's
    hardware: bool
    own_hardware: bool  # a chip's compute, memory or power: its own whatever the network
    links: bool  # a figure of links, or of no metric read: a network its paragraph names may be its condition
    compute: bool
    one_device: bool  # a spec of one device, or a figure its clause gives per device
    power: bool  # a figure of power, which takes a statistic, a clock and a per-device basis as conditions
    measured: bool  # a power measured in a run, which may depend on the format the run used


def _said(scope: _Scope, text: str, in_sentence: bool) -> list[re.Match[str]]:
    """The condition words of ``text`` that may bear on the figure, in order."""
    catalog, candidate, sentence, placed = scope.catalog, scope.candidate, scope.sentence, scope.placed
    found = []
    for match in (match for pattern in scope.patterns for match in pattern.finditer(text)):
        kind = (setting_of(match.group()) or ("", ""))[0]
        if not in_sentence and MEMORY_TYPE.fullmatch(match.group()) and not scope.variants:
            continue  # "SN40L chips, incorporating SRAM, HBM and DDR": the hardware's description, not this figure's setting
        outside = not in_sentence or not placed.part[0] <= match.start() < placed.part[1]
        if scope.unchanged and outside and not _DEVICE.fullmatch(match.group()) and not COUNTED_WORDS.fullmatch(match.group()) \
                and not _NETWORK.fullmatch(match.group()):
            continue  # a precision, software, batch or scenario said elsewhere changes no capacity or link of the hardware
        if in_sentence and outside and kind == "scenario" \
                and anothers_benchmark(catalog, sentence.text, match.start(), candidate.model):
            continue  # "N in the Llama2 70B server scenario and M on DeepSeek-R1": the scenario of N's benchmark only
        if kind == "statistic" and not scope.power:
            continue  # "12 tokens per second while requiring only 2 W (typical)": the statistic of the power alone
        if _CLOCK.fullmatch(match.group()) and not scope.power and (
                not scope.compute or not text[max(0, match.start() - 2):match.start()].strip().endswith("@")):
            # "operates at 1.35GHz, uses 128MB of memory": a clock is a condition of compute ("6 TOPS @1GHz") and of power
            # ("operates normally at 1 GHz" beside its eighty watts) alone
            continue
        if scope.compute and ((outside and _RUN_ONLY.fullmatch(match.group())) or _WORKLOAD.fullmatch(match.group())):
            continue  # a chip's peak compute is the same under any software, batch size or scenario said elsewhere, and any workload
        if ((scope.own_hardware and outside) or (not in_sentence and not scope.links)) and _NETWORK.fullmatch(match.group()):
            # "... 745 TFLOPS, 32GB of memory and an Ethernet-based interconnect": the network is the links' own; and one
            # another sentence names ("These GPUs are interconnected using Quantum-2 InfiniBand") says what the system is
            # built with, no setting of a time to train or a speed-up its paragraph states
            continue
        if _NETWORK.fullmatch(match.group()) and _BUILT_ON.match(text, match.end()):
            continue  # "an Ethernet-based interconnect": what the system's links are, not a setting they were measured in
        if _SUPPOSED.search(text, max(0, match.start() - 60), match.start()):
            continue  # "presumably using INT8", "it's not clear if this is INT4 or INT8": a guess at a setting, not a setting stated
        if in_sentence and (any(a <= match.start() < b for a, b in placed.not_conditions)
                            or (scope.others_settings and match.start() >= placed.next_figure and setting_of(match.group()))):  # type: ignore[operator]
            continue
        if not in_sentence and _DEVICE.fullmatch(match.group()) and _SUPPORTING.search(text, max(0, match.start() - 40), match.start()):
            continue  # "Multiple MX3 chips can be used together, supporting up to 16 chips on a board": what it can scale to
        if scope.hardware and not in_sentence and _ONE_DEVICE.fullmatch(match.group()):
            continue  # "Each chip has ..." elsewhere in the paragraph: a spec of the hardware is one device's anyway
        if scope.power and kind == "precision" and (
                (not in_sentence and not scope.measured)
                or (match.end() <= candidate.start and (read_figures(text[match.end():candidate.start])
                                                        or _AFTER_A_FIGURE.search(text, 0, match.start())))):
            # "26 TOPS INT8 @ 2.5W": the format written with another figure is that figure's; and one its paragraph states
            # is no condition of a power it does not say was measured in a run ("It runs INT8" may be of a measured power)
            continue
        if scope.power and not outside and re.fullmatch(r"per[ -]\w+", match.group(), re.I):
            found.append(match)  # "approximately 0.5 - 2W per chip (depending on system configuration)": a share, or one chip's?
            continue
        if scope.one_device and _DEVICE.fullmatch(match.group()) and (
                not in_sentence or _ONE_DEVICE.fullmatch(match.group()) or not placed.part[0] <= match.start() < placed.part[1]):
            continue  # the paragraph's device counts, those of the sentence's other clauses, and the per-device basis itself
        found.append(match)
    return sorted(found, key=lambda match: match.start())


#: A system's name that says how many devices it is made of: "IPU-POD16", "DGX A100 (8 A100 GPUs)". Not a rack's
#: ("GB200 NVL72"): a run "on GB200 NVL72" is as often on many of them.
_SIZED_NAME = re.compile(r"POD-?\d+\b|\(\d[\d,]*\s+(?:[\w-]+\s+){0,3}(?:GPUs|NPUs|TPUs|IPUs|chips|accelerators|cards)\)", re.I)


def sized(catalog: Catalog, system_id: str | None) -> bool:
    """Whether a system is of a fixed number of devices, so that a figure of it needs no count of them: its catalog
    name or an alias says how many ("IPU-POD16", "DGX A100 (8 A100 GPUs)"), or the catalog builds it of a number of parts."""
    system = catalog.systems.get(system_id or "")
    if system is None:
        return False
    return any(_SIZED_NAME.search(name) for name in (system.name, *system.aliases)) or any(
        whole == system.id for other in catalog.systems.values() for whole, _ in other.part_of)


def _one_unit(catalog: Catalog, candidate: Candidate) -> bool:
    """Whether the sentence gives its figure to one unit of the figure's own system ("a single Blackhole Galaxy
    promises ...", "each Ironwood pod ..."): a spec of that system, whatever counts of devices its paragraph states."""
    system = catalog.systems.get(candidate.system or "")
    if system is None:
        return False
    names = "|".join(re.escape(name) for name in sorted({system.name, *system.aliases}, key=len, reverse=True) if name)
    return bool(re.search(rf"\b(?:each|per|a single|one)\s+(?:{names})(?![\w-])", candidate.quote, re.I))


def _memory_kind(memory_type: str) -> str:
    """The kind of a memory type without its generation ("hbm3e" -> "hbm", "lpddr5x" -> "lpddr")."""
    kind = _KIND.match(memory_type)
    return kind.group() if kind else memory_type


def respective(text: str) -> tuple[tuple[int, int], str, list[str]] | None:
    """ "With 1-year and 3-year commitments, it costs $N and $M, respectively": the lead-in's span, the condition's
    name ("commitment") and its value for each figure after the lead-in, in order ("1-year", "3-year")."""
    lead = _RESPECTIVE_LEAD.match(text)
    if lead is None or not _RESPECTIVELY.search(text):
        return None
    items = [item.lower() for item in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", lead["items"]) if item]
    noun = lead["noun"].lower()
    return lead.span(), noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun, items


def _settings(catalog: Catalog, candidate: Candidate, texts: tuple[str, str], said: list[re.Match[str]], part_span: tuple[int, int],
              setting_at: Callable[[re.Match[str], str], tuple[str, str] | None]) -> dict[str, str] | None:
    """The `at` of a value whose sentence states only one-word settings ("with TensorRT-LLM", "650 TFLOP/s BF16
    compute", "in a server test"), all in the figure's own clause or the phrase that opens the sentence ("On a single
    node, ..."), one per kind, on a metric they bear on; else None. A ratio takes only the scene both sides ran in
    (a scenario, a single node): a precision or software beside it may be one side's."""
    metric = catalog.metrics.get(candidate.metric or "")
    if metric is None or (metric.family not in SETTING_FAMILIES and not (
            metric.family == "power" and said and all((setting_at(match, texts[0]) or ("", ""))[0] == "statistic" for match in said))):
        return None  # a power takes the statistic its clause gives it, and no other setting
    text, unnamed = texts
    opening = _OPENING.match(unnamed)
    placed: list[tuple[str, str]] = []
    elsewhere: list[tuple[str, str]] = []
    aside = _FIGURE_ASIDE.match(text, candidate.end)
    # "15,000 images per second inferencing a trained Resnet-50 neural network (batch size = 10), with ...": a
    # parenthesis that closes the figure's clause and holds no figure of its own states that clause's setting.
    closing = _CLOSING.match(text, part_span[1])
    if closing is not None and any(reading.label for reading in read_figures(closing["inside"])):
        closing = None
    # "121 TFLOPS BF16 (242 sparse)": a parenthesis that gives the figure's sparse counterpart says this one is dense; its
    # word is the counterpart's.
    twin = aside is not None and metric.family == "compute" and bool(_SPARSE_TWIN.fullmatch(aside["inside"]))
    attached = _ATTACHED.match(text, candidate.end) if metric.family == "compute" else None
    before = False  # a precision the figure's clause states before the figure
    precisions: list[tuple[re.Match[str], bool]] = []  # each precision said, and whether in the figure's own clause
    for match in said:
        setting = setting_at(match, text)
        if setting is None or (setting[0] in _COMPUTE_ONLY and metric.family != "compute"):
            return None
        in_scene = opening is not None and match.end() <= opening.end() and (setting[0] in _SCENE or COUNTED_WORDS.fullmatch(match.group()))
        if setting[0] in _COUNT_KEYS and not (in_scene and setting[0] in _SCENE) and (
                metric.family not in RUN_FAMILIES or candidate.kind == "ratio"
                or re.search(r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten))\s*$", unnamed[:match.start()], re.I)):
            return None  # a count of a chip's parts, of a ratio's one side, or of parts of each of several ("16 four-chip cards")
        in_aside = any(found is not None and found.start("inside") <= match.start() < found.end("inside") for found in (aside, closing))
        if twin and in_aside and setting[0] == "sparsity":
            placed.append(("sparsity", "none"))
            continue
        if attached is not None and setting[0] == "precision" and match.start() != attached.start("precision"):
            elsewhere.append(setting)  # "23.8 petaFLOPS of FP8 or 11.9 petaFLOPS at FP16": the other precision is the other figure's
            continue
        # "Low Power Mode: 3 TOPS @600MHz": a line's label before its colon is a setting of every figure after it.
        in_label = (label := _LABEL.match(text)) is not None and match.end() <= label.end() and candidate.start >= label.end()
        own = part_span[0] <= match.start() < part_span[1] or in_scene or in_aside or in_label
        (placed if own else elsewhere).append(setting)
        before = before or (own and setting[0] == "precision" and match.start() < candidate.start)
        if setting[0] == "precision":
            precisions.append((match, bool(own)))
    # "FP8 and FP16 compute of 745 and 372 TFLOPS": a precision before the figure may be coordinated with another, in its
    # clause or joined to it; one in another clause with its own figure ("its FP16 performance reaches 18.5 PFlops, FP8
    # hits 37 PFlops") is that figure's.
    if before and (len({value for key, value in placed if key == "precision"}) > 1 or any(
            a_own != b_own and _COORDINATED.fullmatch(unnamed, min(a.end(), b.end()), max(a.start(), b.start()))
            for a, a_own in precisions for b, b_own in precisions)):
        return None
    settings: dict[str, str] = {}
    for key, value in placed:
        if settings.setdefault(key, value) != value:
            return None
    if candidate.kind == "ratio" and any(key not in _SCENE for key in settings):
        return None  # a precision or software beside a ratio may be one side's only
    # "N in a server test and M in an offline test": a setting of a kind the figure's clause states is another clause's.
    return None if any(key not in settings for key, _ in elsewhere) else settings


def _written(setting: tuple[str, str] | None, settings: dict[str, str], in_sentence: bool, compute: bool = False) -> bool:
    """Whether `at` already says what a condition word says: the same setting, a precision `at` writes more narrowly
    ("FP8" beside "2,517 MXFP8 TFLOPS"), in the sentence, a setting of a kind the figure's clause states (another
    clause's: "N in a server test and M in an offline test"), or anywhere, for a compute figure, another precision than
    the one its clause gives it ("up to 256 TFLOP/s FP32" beside "... except FP64"): a count of operations is of one
    number format, and the others are other figures' or the formats the chip supports; a narrower form of the figure's
    own ("MXFP8" beside "FP8 TFLOPS") may say which it is, and is left to the reader. A run's figure (a latency "in
    FP8" where the paragraph says the system "runs FP4") may mix formats: left to the reader."""
    return setting is not None and (settings.get(setting[0]) == setting[1] or (in_sentence and setting[0] in settings)
                                    or (compute and setting[0] == "precision" and "precision" in settings
                                        and not refines(setting[1], settings["precision"]))
                                    or (setting[0] == "precision" and refines(settings.get("precision"), setting[1])))


def stated_plainly(catalog: Catalog, candidate: Candidate, words: list[re.Match[str]], contexts: tuple[str, str],
                    settings: dict[str, str] | None) -> dict[str, str] | None:
    """The precision of a paragraph (or an article) that states one only ("Google is using FP8 precision as its benchmark
    for the new TPU", "... 918 TFLOPS at FP8 precision"), at least once in a sentence that says how figures were
    measured, holds no figure and names no other system than the figure's before it: a setting of the paragraph, not of
    one figure. "It also supports FP4" says what the chip can do, "Future tests will use FP4" what may be. ``words`` are
    the paragraph's condition words the figure's clause does not settle; ``contexts`` the paragraph as written and with
    names blanked out."""
    values = {setting_of(word.group()) for word in words}
    if len(values) != 1 or (setting := values.pop()) is None or setting[0] != "precision" or (settings and "precision" in settings):
        return None
    text, unnamed = contexts
    systems = name_index(catalog, "systems")
    for word in words:
        start, end = _sentence_span(unnamed, word.start(), word.end())
        others = {sid for _, sid in mentions(text[start:word.start()], systems)} - {candidate.system}
        if not others and _MEASURES.search(unnamed, start, end) and not MAY_BE.search(unnamed, start, end) \
                and not any(reading.label for reading in read_figures(unnamed[start:end])):
            return dict([setting])
    return None


def _others_run(catalog: Catalog, candidate: Candidate, match: re.Match[str], contexts: tuple[str, str]) -> bool:
    """Whether a scenario or a precision its paragraph states is another system's: said in a sentence that holds a
    figure of its own and names systems, none of them the figure's ("In the DeepSeek-R1 server scenario, it used 72
    nodes of GB300, ... processing 1.55 million tokens per second" beside a B300's figure; "the T4 ... is nearly six
    times as powerful in raw INT8 performance compared to the P4 (130 terops vs. 22 teraops)" beside the Goya's images
    per second). A compute figure may be set against another's of the format stated ("double the computing power of
    NVIDIA's Tesla V100 (125 TFLOPS)" after the Ascend's FP16): left to the reader. ``contexts``: the paragraph as written
    and with names blanked out."""
    kind = (setting_of(match.group()) or ("", ""))[0]
    metric = catalog.metrics.get(candidate.metric or "")
    if kind != "scenario" and (kind != "precision" or metric is None or metric.family == "compute"):
        return False
    text, unnamed = contexts
    start, end = _sentence_span(unnamed, match.start(), match.end())
    named = {found for _, found in mentions(text[start:end], name_index(catalog, "systems"))}
    return bool(named) and not named & {candidate.system, candidate.vs} and any(reading.label for reading in read_figures(unnamed[start:end]))


def _anothers_precision(catalog: Catalog, candidate: Candidate, match: re.Match[str], texts: tuple[str, str], part: tuple[int, int]) -> bool:
    """Whether a precision the sentence states is written right after the figure of an earlier clause about another
    system ("Meteor Lake's NPU is capable of 11 TOPS at INT8, and AMD's XDNA can go up to 16 TOPS"): that figure's, not
    this one's. Of the same system ("745 TFLOPS at FP8 and 372 TFLOPS"), the reader says whether it is this one's too."""
    text, unnamed = texts
    if (setting_of(match.group()) or ("", ""))[0] != "precision" or match.start() >= part[0] or candidate.system is None:
        return False
    systems = name_index(catalog, "systems")
    earlier = {found for _, found in mentions(text[:part[0]], systems)}
    if not earlier or candidate.system in earlier:
        return False
    return any(reading.end <= match.start() and (attached := _ATTACHED.match(unnamed, reading.end)) is not None
               and attached.start("precision") == match.start() for reading in read_figures(unnamed[:part[0]]))


def _each_its_own(candidate: Candidate, match: re.Match[str], unnamed: str, settings: dict[str, str] | None, compute: bool) -> bool:
    """Whether a precision the sentence states is another compute figure's, written right after it, where this figure
    has its own written right after it too ("121 TFLOPS BF16 (242 sparse), ..., 485 TOPS INT8": each format its figure's)."""
    if not compute or not settings or "precision" not in settings or (setting_of(match.group()) or ("", ""))[0] != "precision":
        return False
    own = _ATTACHED.match(unnamed, candidate.end)
    if own is None or own.start("precision") == match.start():
        return False
    return any((attached := _ATTACHED.match(unnamed, reading.end)) is not None and attached.start("precision") == match.start()
               for reading in read_figures(unnamed) if reading.end != candidate.end)


#: How far after a figure a word may stand and be that figure's (its unit and a word between: "4.8 TB/s aggregate HBM3E").
_RIGHT_AFTER = 20


def _anothers_figure(candidate: Candidate, match: re.Match[str], unnamed: str, part: tuple[int, int], metric: Metric | None) -> bool:
    """Whether a precision or a memory type the sentence states is written in the clause of another figure, and a power
    figure is drafted ("with FP16 ... computing power reaching 256 TFLOPS, ..., 80GB HBM3 memory, ... and a power
    consumption of 310W"): the compute figure's format, the memory's type, no condition of the power."""
    kind = "memory" if MEMORY_TYPE.fullmatch(match.group()) else (setting_of(match.group()) or ("", ""))[0]
    if metric is None or metric.family != "power" or kind not in ("precision", "memory"):
        return False
    readings = read_figures(unnamed)
    if part[0] <= match.start() < part[1]:
        # In the power figure's own clause, a word right after a later figure is that figure's ("at 600W TDP with 4.8
        # TB/s aggregate HBM3E bandwidth": the bandwidth's memory).
        return any(candidate.end < reading.start and reading.label and 0 <= match.start() - reading.end <= _RIGHT_AFTER
                   for reading in readings)
    return any(reading.end != candidate.end and reading.label and (span := clause(unnamed, reading.start, reading.end))[0] <= match.start() < span[1]
               for reading in readings)


def lists_capabilities(text: str, words: re.Pattern[str]) -> bool:
    """Whether a sentence says a system supports several values of a kind ("supports FP32, TF32, BF16, FP16 and FP8"):
    what the system can do, not the one setting a run had ("precision" itself is no value)."""
    values = {match.group().lower() for match in words.finditer(text)} - {"precision"}
    return len(values) >= _LISTED and bool(_CAPABLE.search(text))


def _other_mode(match: re.Match[str], context: str) -> bool:
    """Whether an operating mode its paragraph names is said in another sentence with a figure of its own ("The new chip
    also supports an “eco mode” that delivers 377 TOPS at 47W"): that figure's mode; this one is of the chip's usual one."""
    if not _MODE.fullmatch(match.group()):
        return False
    start, end = _sentence_span(context, match.start(), match.end())
    return any(reading.label for reading in read_figures(context[start:end]))


def _capability(match: re.Match[str], context: str) -> bool:
    """Whether a precision its paragraph states (or the word "precision") is said in a sentence that lists the formats
    a system supports ("the MI350 series supports various floating-point precision formats including FP16, FP8, FP6, and
    FP4"): what the system can do, no setting of a figure said elsewhere."""
    if match.group().lower() != "precision" and (setting_of(match.group()) or ("", ""))[0] != "precision":
        return False
    start, end = _sentence_span(context, match.start(), match.end())
    return lists_capabilities(context[start:end], _FORMATS_LISTED)


def _sentence_span(context: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence of a paragraph's context that holds ``start:end`` begins and ends."""
    return (max((m.end() for m in SENTENCE_BREAK.finditer(context, 0, start)), default=0),
            next((m.start() for m in SENTENCE_BREAK.finditer(context, end)), len(context)))


def _anothers(match: re.Match[str], context: str, settings: dict[str, str] | None) -> bool:
    """Whether a setting its paragraph states is another figure's: of a kind the figure's clause states (a scene only
    with another value: "72 nodes" beside "On a single node, ..."), in another sentence that holds a figure of its own
    ("2,517 MXFP8 TFLOPS" beside "... offers 0.36 ExaFLOPS of FP8 performance"); "Jalapeño runs FP4." holds none and
    may set the scene for the figure. A per-unit basis ("4 units per node") is of the kind that counts its unit."""
    basis = re.fullmatch(r"(?:per|each)[ -](?P<unit>[a-z]+)", match.group(), re.I)
    setting = setting_of(match.group()) or ((f"{basis['unit'].lower()}s", "") if basis else None)
    if settings is None or setting is None or setting[0] not in settings or (setting[0] in _SCENE and settings[setting[0]] == setting[1]):
        return False
    start, end = _sentence_span(context, match.start(), match.end())
    return any(reading.label for reading in read_figures(context[start:end]))


def setting_of(word: str) -> tuple[str, str] | None:
    """(key, value) for a one-word condition ("FP8" -> precision fp8, "TRT-LLM" -> software tensorrt-llm)."""
    for key, pattern, value in _SETTINGS:
        if pattern.fullmatch(word):
            if key == "resolution":
                return key, re.sub(r"\s?[x×]\s?", "x", word)
            if key == "mode":
                # "Low Power Mode": low-power; a mode named by its power alone ("7 W power mode") is left to the reader.
                name = "-".join(re.split(r"[\s-]+", word.lower())[:-1])
                return (key, name) if name not in ("", "power") else None
            if key == "batch":
                return key, pattern.fullmatch(word)["n"]  # type: ignore[index]
            if key == "clock-ghz":
                clock = _CLOCK.fullmatch(word)
                ghz = Decimal(clock["n"]) / (1000 if clock["unit"].upper() == "M" else 1)  # type: ignore[index]
                return key, format(ghz.normalize(), "f")
            return key, value or word.split()[0].lower()
    if count := _COUNT.fullmatch(word):
        number = count["n"].lower()
        return f"{count['noun'].lower()}s", NUMBER_WORDS.get(number, number.replace(",", ""))
    return None


def stated_settings(texts: tuple[str, ...], system: str | None, systems: dict[str, str]) -> dict[str, str]:
    """The one-word settings (a precision, the software) that text written for several figures, a table's lead-in
    and caption, states for the figures of ``system``. A setting written beside a system ("H100 FP8, A100 FP16",
    "FP8 H100") is that system's; any other is of the systems its sentence names, or of all when it names none.
    A kind applies only when exactly one value of it is stated for ``system``; otherwise it is left to the reader. A system's
    name is no setting ("Gaudi 3 Accelerator" is no count of three)."""
    values: dict[str, set[str]] = {}
    for text in texts:
        for sentence in re.split(r"(?<=[.;])\s+", UNSPLIT.sub("", text)):
            named = {found for _, found in mentions(sentence, systems)}
            for match in CONDITION.finditer(mask(sentence, systems)):  # "with Intel Gaudi 3 Accelerator" counts none
                if (setting := setting_of(match.group())) is None:
                    continue
                owner = _beside(sentence, match.start(), match.end(), systems)
                if (system == owner) if owner else (not named or system in named):
                    values.setdefault(setting[0], set()).add(setting[1])
    return {key: found.pop() for key, found in values.items() if len(found) == 1}


def settled_by(word: str, at: dict[str, str]) -> bool:
    """Whether a condition word says no more than ``at`` does: its own setting, or the runtime under the software set."""
    setting = setting_of(word)
    return (setting is not None and at.get(setting[0]) == setting[1]) or any(
        at.get("software") == software and pattern.fullmatch(word) for software, pattern in _BENEATH)


def _beside(text: str, start: int, end: int, systems: dict[str, str]) -> str | None:
    """The one system written next to a word, a single space away on one side only ("H100 FP8", "FP8 H100")."""
    sides = [found for position, found in mentions(text, systems)
             if text[end:position] == " " or (position < start and text[start - 1] == " " and text[position:start - 1].lower() in systems)]
    return sides[0] if len(sides) == 1 else None
