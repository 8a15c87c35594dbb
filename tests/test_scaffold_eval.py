"""`audit new` on real articles it was not built against, scored against gold claim files.

Prints, per article and in total (development and held-out articles apart): gold figures, live
claims fully right, live claims with any wrong field, commented candidates and non-figures proposed.
The assertions hold the measured levels so that a change cannot make the drafts worse unnoticed;
the goals of the issue (60 % live and right, 2 % wrong, 10 % non-figures) are printed beside them.
"""

from __future__ import annotations

import pytest

from .scaffold_eval import (
    GROUPS,
    HELD_TO_TOTALS,
    Score,
    articles,
    score_article,
)

SCORES: dict[str, Score] = {}


@pytest.mark.parametrize("stem", articles())
def test_draft_against_gold(stem, tmp_path):
    score = score_article(stem, tmp_path)
    SCORES[stem] = score
    assert score.gold > 0
    if stem in HELD_TO_TOTALS:
        return  # held out: held to its totals as first scored (test_totals_hold), not tuned article by article
    assert score.candidates > 0
    # The measured levels (see the README): no wrong live claim in any other article, at most half its proposals not figures.
    assert score.wrong == 0, f"{stem}: {score.wrong} wrong live claims"
    assert score.non_figures * 2 <= score.candidates, f"{stem}: {score.non_figures} non-figures of {score.candidates}"


def _held(scores: list[Score], right: int, wrong: int, non_figures: int) -> None:
    """A set's totals at the levels it reached: at least ``right`` live and right, at most ``wrong`` and ``non_figures``."""
    got = (sum(s.right for s in scores), sum(s.wrong for s in scores), sum(s.non_figures for s in scores))
    assert got[0] >= right and got[1] <= wrong and got[2] <= non_figures, f"right, wrong, non-figures {got}; held at {right}, {wrong}, {non_figures}"


def test_totals_hold():
    if len(SCORES) < len(articles()):
        pytest.skip("the per-article scores did not all run")
    (development, used, released, seventh, held_out, ninth, tenth, eleventh, twelfth, thirteenth, fourteenth, fifteenth,
     sixteenth, seventeenth, eighteenth, nineteenth) = (
        [s for stem, s in SCORES.items() if member(stem)] for _, member in GROUPS)
    assert sum(s.right for s in development) >= 41
    assert sum(s.non_figures for s in development) * 10 <= sum(s.candidates for s in development)  # at most 10 %
    assert sum(s.right for s in used) >= 40
    assert sum(s.non_figures for s in used) * 10 <= sum(s.candidates for s in used)  # at most 10 %
    # 21-32, held out and scored twice (one live claim right and one wrong, 18 of 94 candidates not figures),
    # then used for development: held to the levels reached since.
    # Since: 29 (a line of figures that is no sentence and no list item, in an article of one model, is that model's:
    # 26's "Tokens per Second 2,381.82 142,909.2 tokens/minute"); 32 (a figure handed to "Eos's GPUs" is Eos's, a list under
    # a "TL;DR" heading is the article's subject's).
    _held(released, right=32, wrong=0, non_figures=4)
    assert sum(s.non_figures for s in released) * 10 <= sum(s.candidates for s in released)  # at most 10 %
    # 33-38, gold written before any draft, scored once at the end of the round that released 21-32: no live claim
    # (so none wrong), 4 of 44 candidates not figures. Then used for development: held to the levels reached since.
    # Since: 21 (figures listed after a colon are read from it: 35's "but they're supported by ... a system pitch:" no
    # longer keeps its 750 W, 216 GB and 7 TB/s from the Maia 200); 22 (a system counted before its name is the parts of
    # the one named with it: "Galaxy systems mesh together 32 Blackhole accelerators for nearly 24 petaFLOPS").
    _held(seventh, right=22, wrong=0, non_figures=4)
    # 39-44, gold written before any draft, scored once at the end of the round that released 33-38, then used for development: 6 of 53 gold
    # claims live and right, 1 live and wrong, 7 of 55 candidates not figures. Held to those totals as first scored,
    # but for the wrong claim ("180 tokens per user" read as a count of tokens): the rule read from it leaves none since.
    # Since: 8 (a parenthesis closed before a figure no longer cuts its clause off from the sentence's subject; a footnote
    # number glued to 'Each' no longer hides a figure of one device); 9 (a TDP takes no precision said outside its clause).
    # Non-figures since: 0 of 47 (a version's parts, a temperature, an opening time frame, a grid's size, a share of total
    # spending and a network switch's bandwidth no longer proposed).
    _held(held_out, right=9, wrong=0, non_figures=0)
    # 45-50, gold written before any draft, scored once at the end of the round that used 39-44: 1 of 80 gold claims
    # live and right, none live and wrong, 21 of 71 candidates not figures. Held to those totals as first scored, then
    # used for development. Since: 16 right and 4 of 71 not figures (markdown tables flattened onto one line or written
    # one cell a line are read as tables: a cell's figure takes its row's and column's system, metric, precision and
    # statistic, and counts under them are not proposed; a figure asked about in a question is not proposed); with a
    # paragraph a line in a text without blank lines (48's INT8 no longer doubted on other lines' figures) and a TDP that
    # takes no precision its paragraph states: 19. With a test's input and output lengths read from a table's lead-in
    # ("a 200-token prompt asking for a 250-token response"), carried to a table that repeats the test, a table's system
    # from its lead-in and caption, and a setting in a table row kept to that row's system: 39. With figures scaled by
    # number words in operations a second ("502 trillion operations per second" is 502 TOPS), a one-word gloss read
    # within the clause ("(TOPS) for the 8-bit integer (INT8) operations") and a setting the writer only supposes
    # ("presumably using INT8") no condition: 41. With a time to train of a system of fixed size ("IPU-POD16") needing no
    # device count, a board's form factor in a parenthesis ("1756 FPS (M.2)") as a condition, and "Name: figure" lines
    # under a lead-in ending on a system's name as that system's list: 46; with a speed in an article that runs one
    # model that model's (49's "Groq's LPU just served me 800 tokens per second."): 47.
    _held(ninth, right=47, wrong=0, non_figures=4)
    # 51-56, gold written before any draft, scored once at the end of the round that used 45-50: 4 of 68 gold claims live
    # and right, 2 of 6 live claims wrong (a power limit of the poster's machine, ">100W TDP", read as a rating; "the
    # first 8 MB worth of parameters" read as the chip's memory), 14 of 76 candidates not figures.
    # Then used for development: a figure behind a sign (">100W", "<9%") is doubted on its bound, an amount "worth of"
    # something else and the host computer's memory are not proposed, nor are "double-precision" as a factor and a count
    # before a rack-unit size ("eighteen 2U servers"); "one teraflop" is a figure. Since: 0 wrong, 6 of 68 not figures.
    # With number formats before a table header's unit ("FP8/FP16/BF16/TF32 TFLOPS") read as its column's precision, and a
    # setting one column's header states no condition of another's figures: 20 (55's instance table). With the maker
    # of an article's one system no other actor ("BIREN claims up to 256 TFLOP/s FP32"), a system named only as compared
    # with owning no figure, and a hedge written before each listed figure but the last not covering the last: 24. With a
    # bandwidth off the part itself ("36tbps of off-tile bandwidth") its links': 25. With a latency in an article of
    # inference and no tokens one inference's, and figures after a colon the one system's named before it ("Five models
    # benchmarked on the Google Coral USB Accelerator: MobileNetV1 runs in 3.9 ms, ..."): 28.
    _held(tenth, right=28, wrong=0, non_figures=6)
    # 57-62, gold written before any draft, scored once at the end of the round that used 51-56: 6 of 75 gold claims live
    # and right, 3 of 9 live claims wrong ("1.5TB, 12TB, or 1.2PB of external memory" read as one configuration's and the
    # article's subject's; "the V100 (125 TFLOPS)" beside "FP16 ... 256 TFLOPS" in the same list item without its precision;
    # "around 60 FPS in FP16" "at the same resolution" without the resolution), 7 of 70 candidates not figures. Then used
    # for development: figures given as options ("A, B, or C") each have a configuration to write, an item's own other
    # sentences are its context, a setting said to be "the same" as before is the reader's, and of memory metrics a unit
    # fits alike, "external memory" chooses the external one. Since: 7 right, 0 wrong, 7 of 70 not figures. With a precision
    # before the figure of each clause that clause's ("its FP16 performance reaches 18.5 PFlops, FP8 hits 37 PFlops"): 9.
    # With a family named in a parenthesis after its member ("B200 (based on Blackwell architecture)") that member: 11;
    # with "a single card" a spec of one device, needing no count (61's memory): 13; with cache levels ("L1/L2 - 500 MB")
    # words of on-chip memory: 14; with the formats a paragraph says a chip supports no setting of its figures (61's
    # "supports various floating-point precision formats including FP16, FP8, FP6, and FP4"): 17; with a format or a
    # memory type written with another figure of a spec line no condition of its power figure (60's "... FP16 computing
    # power of 989 TFLOPS, 80GB HBM3 memory, ... and power consumption of 700W"): 20; with "a single card" one of the
    # article's subject (61's "A single card features up to 288GB of HBM3E memory"): 22; with "compared to its
    # predecessor, the MI325X" naming the comparator and "This represents ..." the system of the sentence before: 23.
    _held(eleventh, right=23, wrong=0, non_figures=6)
    # 63-68, gold written before any draft, scored once at the end of the round that used 57-62: 1 of 75 gold claims live
    # and right, 9 of 10 live claims wrong (six rows of 68's table counted "3" accelerators from its heading's "Intel Gaudi 3
    # Accelerator", without the software release its opening sentence states; 64's "two stacks of 8GB ... providing
    # 256GB/s of bandwidth each" read as the chip's; 63's "150 TOPS ... at 8-bit precision" written `precision: 8-bit`
    # where its gold writes int8, though 53's gold writes "4-bit precision" as `4-bit`), 9 of 45 candidates not figures.
    # Then used for precision: a system's name is no setting of a table, "software release" a software condition said
    # elsewhere, a "# HPU" column a count of accelerators, a figure of each of several parts doubted. Since: 1 right,
    # 1 wrong (63's, left as its gold has it), 9 of 45 not figures. Then 25: a row that lost the model cell it shared
    # with the row above takes it back, a "Precision" column is each row's precision, the software release a note says
    # the figures were measured with is each run's (68's table, whose gold now writes a count of one as the set does).
    # Then 29: a markdown table flattened into a line of prose is read, its heading naming its system, a TP column the
    # GPUs a model is split over, a model written as code writes it ("llama_70b") the catalog's (65's table). Then 30, none
    # wrong: 63's gold brought to the set's convention ("at 8-bit precision" is `8-bit`, as 53's "4-bit precision" is).
    # Then 32: a figure of each of several parts the sentence counts is one part's (64's "two stacks of 8GB ..., providing
    # 256GB/s of bandwidth each": `stacks: 1`).
    _held(twelfth, right=32, wrong=0, non_figures=9)
    # 69-74, gold written before any draft, scored once at the end of the round that used 63-68: 3 of 55 gold claims live
    # and right, 5 of 8 live claims wrong ("between 100 and 200 TOPS" read as 200; "consuming less than 20 W" as a measured
    # power; "121 TFLOPS BF16 (242 sparse)" as a sparse 121; a power mode's "7 W" and "half-precision" as figures), 11 of 46
    # candidates not figures. Then used for precision: "between N and M" is a range, a consumption or draw a power of no
    # stated basis, a figure's sparse counterpart in a parenthesis its own claim, a power mode's watts a setting, "half-
    # precision" a format, a name before a colon its figure's owner, "NPU" and "CPU" of a chip's parts those parts. Since:
    # 8 right, 1 wrong (70's "up to 32 GB of external memory", which its gold writes as the chip's memory capacity), 5 of 43
    # not figures. Then 6 of 46 not figures: with "4.6-5.3 W" read as a range (a measured power), the bare "5" of
    # "matching Pi 5 + Hailo" right after it is proposed beside it, commented. Then 7 of 47: a percent written with its
    # sign is read as a change ("(-86 %)"), and 72's change column "-73.2%" (of an operator conversion ratio, 93.2% to
    # 25.0%, which its gold does not record) is proposed, commented.
    # Since: 9, a system a figure is the same as ("the same ... as X") is set against, no owner (73).
    _held(thirteenth, right=9, wrong=1, non_figures=7)
    # 75-80, gold written before any draft, scored once at the end of the round that used 69-74, nothing changed for it:
    # 4 of 50 gold claims live and right, none wrong, 7 of 43 candidates not figures (78's forum post drafts nothing).
    # Then read: a dash between decimals is a range ("0.5 - 2W"), a lead-in keeps a heading's anchor mark ("Key
    # Features:#"), the devices a system can scale to are no count: 6 of 43 not figures; numbers of products' names
    # ("8 Gen 4", "Core Ultra 7 155H", "16-inch") no figures: 2 of 39; a sentence opening on "The new H20 ..." its
    # subject's, "TB/sec" TB/s: 7 right. Then a unit alone in parentheses ("277 (frame per second)") is read, and a
    # datasheet line's mode label and clock are its settings ("Turbo Mode: 6 TOPS @1GHz"): 10 right.
    _held(fourteenth, right=10, wrong=0, non_figures=2)
    # 81-86, gold written before any draft, scored once at the end of the round that read 75-80, before anything was
    # changed for it: 1 of 62 gold claims live and right, 2 of 3 live claims wrong, 11 of 64 candidates not figures. The
    # two readings its gold files needed from the shared figure reader ("(-86 %)", "tps7×") were added before any draft.
    # Then read: a one-word parenthesis is no break between a figure and the sentence's subject ("The Rebel Quad delivers
    # 1 Petaflop (FP16) / 2 Petaflops (FP8) at 600W"), "undercutting" is a verb of winning, what a source "expects" a
    # system to do is a projection: 4 right, none wrong; a count before a figure with its unit is none ("2 x 100 Gbps
    # NIC", "two 200Gbps cards"), nor is a number in inline code ("`-c 65536`"): 8 of 62 not figures; nor the host's
    # memory written "DRAM per host" or as a list's "**RAM**:" key: 5. Then a spec table with spaces between its cells
    # under "Specification v5e v6e" (a product code written alone, "v5e" of "TPU v5e", or before a catalog name in
    # parentheses, "Cloud TPU v6e (Trillium)", names that system), a row label's "(bf16)" its cells' format: 10 right.
    # Since: 12, a host's DRAM row no longer sets the chips' HBM apart (81).
    _held(fifteenth, right=12, wrong=0, non_figures=5)
    # 87-92, gold written before any draft, scored once at the end of the round that read 81-86, nothing changed for it:
    # 5 of 70 gold claims live and right, none wrong, 12 of 66 candidates not figures. Then read: a markdown row with a
    # "|" before its first cell counts its cells from the one after it (92's "| Peak Performance | 26 TOPS INT8 | ...",
    # whose figures went to the next column's system), and a precision right after a cell's unit is its figure's: 8 right.
    # That round's powers of no stated basis, statistics and clocks took it to 13 right.
    # Since: 15, and 10 not figures, a plain RAM beside a card's VRAM being the computer's (91).
    _held(sixteenth, right=15, wrong=0, non_figures=10)
    # 93-98, gold written before any draft, scored once at the end of the round that read 87-92, nothing changed for it:
    # 19 of 100 gold claims live and right, none of the 19 live claims wrong, 14 of 103 candidates not figures. Then read:
    # a spec table copied with spaces between its cells under a header of system names gives each cell its column's
    # system, and its row label's engine ("FP64 Vector"); a column whose catalog system is another memory variant ("MI50
    # (32 GB)" beside "16GB") is left to the reader: 46 right (97's table). With a batch size written with its number a
    # condition ("(batch size = 10)" closing the figure's clause, "Even with batch size of 128, ..."), a precision said
    # with other systems' compute no condition of a speed, and a latency in an article of no tokens one inference's: 49.
    # With a table's "INT8 TOPS" a spec unless its words say measured, and a list item that is a label alone ("- Compute:")
    # joined to its text on the line below, under "Each Inferentia device consists of:": 57 (98's).
    # Since: 65, the MI50 column going to the catalog's 16 GB variant, the one of its name and the table's size (97).
    _held(seventeenth, right=65, wrong=0, non_figures=14)
    # 99-104, gold written before any draft (the readings its gold files needed from the shared figure reader, "sub-100ms"
    # and a rising dash range before a unit, added first), scored once at the end of the round that read 93-98, nothing
    # changed for it: 3 of 65 gold claims live and right, 5 of 8 live claims wrong, 4 of 59 candidates not figures. Then
    # read: a name given as the means ("by leveraging Rubin CPX accelerators") is no owner, "600 W maximum" no power
    # draw, "In-Processor-Memory" on-chip memory, a value a multiple is of ("doubling Grace's 900 GB/s") doubted on its
    # metric: 5 right, 1 wrong (101's measured FP64, whose gold writes conditions its paragraph states).
    _held(eighteenth, right=5, wrong=1, non_figures=4)
    # 105-110, gold written before any draft (the readings its gold files needed from the shared figure reader, a cell's
    # number glued after its row label and "within 3-7% of", added first), scored once at the end of the round that read
    # 99-104, nothing changed for it: 1 of 108 gold claims live and right, 5 of 6 live claims wrong, 11 of 83 candidates
    # not figures. Then read: a system a figure is the upgrade to, an evolution of or the same as ("the memory-capacity
    # upgrade to the MI300X") is set against, no owner: none wrong, 2 right. A per-chip basis in a spec table's row label
    # ("Peak compute per chip (BF16)") is no condition: 11 right (110's table). A list under a heading set apart by a
    # blank line ("TL;DR") is the subject's, its items naming other systems only to set them against: 14 (106's).
    _held(nineteenth, right=14, wrong=0, non_figures=11)
