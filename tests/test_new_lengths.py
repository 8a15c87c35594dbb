"""`audit new`: a test's input and output lengths, a table's system from its lead-in, a table that repeats a test."""

from jalapeno_audit.authoring.lengths import stated_lengths
from jalapeno_audit.authoring.scaffold import Candidate

from . import test_new_tables

CATALOG = """
systems:
  alpha-chip: {name: "Alpha X1", aliases: ["Alpha"]}
  beta-chip: {name: "Beta B2", aliases: ["Beta"]}
  gamma-lpu: {name: "Gamma LPU", aliases: ["Gamma"]}
models:
  llama-3.1-70b: {name: "Llama 3.1 70B", aliases: ["Llama 3.1 70B"]}
"""


def _draft(text: str) -> list[Candidate]:
    return test_new_tables._draft(text, CATALOG)


def test_input_and_output_lengths_written_in_words():
    assert stated_lengths("Each request: a 200-token prompt asking for a 250-token response.") == {"isl": "200", "osl": "250"}
    assert stated_lengths("Llama 3.1 70B (2,048 input, 128 output tokens, 8 cards)") == {"isl": "2048", "osl": "128"}
    assert stated_lengths("128 input tokens and 4,096 output tokens") == {"isl": "128", "osl": "4096"}
    assert stated_lengths("an input of 128 tokens") == {"isl": "128"}


def test_counts_of_tokens_that_are_no_length_of_a_test():
    # A count of tokens generated is a result; a request's tokens may be its prompt or all of it; two prompts, two tests.
    for text in ("247 tokens generated in 0.31 seconds", "a 4,000-token request", "a 128-token prompt and a 2,048-token prompt",
                 "4 input ports", "v2.250-token response"):
        assert stated_lengths(text) == {}, text


TESTED = ("Title: The speed of hosted inference\n\nI sent 100 identical requests to Alpha's API running Llama 3.1 70B. Each request: a 200-token prompt asking for a "
          "250-token response.\n"
          "| Metric | Value | |---|---| | Median output tokens/second | 812 | | Time to first token (p99) | 42ms |\n"
          "Source: my measurements.\n")
SAME = ("I ran the same test across the providers, all serving Llama 3.1 70B:\n"
        "| Provider | Median tokens/sec | vs Gamma | |---|---|---| | Gamma (LPU) | 812 | 1.0x | | Beta | 142 | 5.7x slower |\n"
        "Sources: my measurements.\n")


def test_a_table_naming_no_system_is_of_the_one_its_lead_in_and_caption_name_under_the_test_they_tell_of():
    assert [(c.system, c.model, c.metric, c.figure, c.at, c.doubts) for c in _draft(TESTED)] == [
        ("alpha-chip", "llama-3.1-70b", "tokens-per-sec-per-user", "812", {"statistic": "median", "isl": "200", "osl": "250"}, {}),
        ("alpha-chip", "llama-3.1-70b", "ttft", "42", {"statistic": "p99", "isl": "200", "osl": "250"}, {})]


def test_a_lead_in_that_compares_or_names_two_systems_gives_the_table_no_system():
    # Nor does one that names the system as the parts of what ran: the figures are of the whole.
    for lead in ("I sent 100 requests to Alpha's API and to Beta's.", "I sent 100 requests to Alpha's API, faster than Beta's.",
                 "I sent 100 requests to a rack of Alpha chips.", "I sent 100 requests to a server of 8x Alpha."):
        found = _draft(TESTED.replace("I sent 100 identical requests to Alpha's API running Llama 3.1 70B.", lead + " Llama 3.1 70B."))
        assert found and all("system" in c.doubts for c in found), lead


def test_a_table_that_repeats_the_test_of_the_table_before_it_is_under_that_tests_lengths():
    found = [(c.system, c.vs, c.figure, c.at, c.doubts) for c in _draft(TESTED + SAME)[2:]]
    test = {"statistic": "median", "isl": "200", "osl": "250"}
    assert found == [("gamma-lpu", None, "812", test, {}), ("beta-chip", None, "142", test, {}), ("gamma-lpu", "beta-chip", "5.7", test, {})]
    # The table before it tells of no lengths, or of other conditions too: the repeated test's conditions are the reader's.
    for earlier in (TESTED.replace(" Each request: a 200-token prompt asking for a 250-token response.", ""),
                    TESTED.replace("Each request:", "With vLLM, each request:")):
        assert all("at" in c.doubts for c in _draft(earlier + SAME)[2:]), earlier


def test_a_qualifier_that_repeats_the_systems_own_name_is_no_condition():
    assert not _draft(TESTED + SAME)[2].doubts  # "Gamma (LPU)" is the Gamma LPU
    found = _draft(TESTED + SAME.replace("Gamma (LPU)", "Gamma (LPU, batch 8)"))
    assert "at" in found[2].doubts


def test_a_setting_in_a_table_row_is_of_the_system_that_row_names():
    # "Beta (vLLM)" says which software Beta's row ran; it says nothing of Alpha's figures in the table before.
    text = TESTED + SAME.replace("| Beta | 142 |", "| Beta (vLLM) | 142 |")
    found = _draft(text)
    assert [c.doubts for c in found[:2]] == [{}, {}]
    assert "at" in found[3].doubts  # the vLLM row's own figure: its setting is not written by the reader yet
