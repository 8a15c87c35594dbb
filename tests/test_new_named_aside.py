"""`audit new`: names a sentence gives as a figure's cause or as the links it is of are no side of it."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog

CATALOG = b"""
systems:
  acme-link: {name: "Acme Link (an interconnect)", aliases: ["AcmeLink"]}
  acme-vm: {name: "Acme ND v6 VM instance", aliases: ["ND v6"]}
"""


def _found(text: str) -> list[tuple[str, str | None, list[str]]]:
    catalog = load_catalog(("links.yaml", CATALOG))
    _, found = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, sorted(c.doubts)) for c in found]


def test_a_name_given_as_the_cause_is_no_owner():
    about = "The GB200 is new. The GB200 ships soon. The GB200 is made in Texas.\n\n"
    text = about + "Additionally, we measured 7.35 TB/s of memory bandwidth and faster transfers thanks to AcmeLink."
    assert _found(text)[0][:2] == ("7.35", "gb200")
    # Without the words of a cause, the name is read as the figure's own, as a name just after a figure is.
    assert _found(about + "Additionally, we measured 7.35 TB/s of memory bandwidth on AcmeLink.")[0][1] == "acme-link"


def test_a_name_between_the_unit_and_a_word_of_links_is_no_owner():
    assert _found("The GB200 keeps the 900GB/sec AcmeLink connectivity of its predecessor.")[0][:2] == ("900", "gb200")
    assert _found("Jalapeño combines new cores, 3 TB/s AcmeLink bandwidth, and FP8 support.")[0][:2] == ("3", "jalapeno")
    # A name after the figure that does not name links owns it, as before.
    assert _found("The upgrade brings 3 TB/s to AcmeLink.")[0][1] == "acme-link"
