"""The HTML report in a real browser: Debian's Chromium, headless, driven by playwright.

Playwright never downloads a browser here: it launches ``/usr/bin/chromium`` (or
``$CHROMIUM``). ``make test`` installs Chromium when it is missing and it runs as root (see the
Makefile); these tests are skipped, loudly, only when no Chromium can be found at all. Under
CI (``CI`` set), a missing Chromium is a failure, not a skip.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jalapeno_audit.cli import app

from .conftest import ROOT

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"
runner = CliRunner()

if not os.path.exists(CHROMIUM):
    message = f"no Chromium at {CHROMIUM}: install Debian's chromium (make test does, as root) or set CHROMIUM"
    if os.environ.get("CI"):
        raise RuntimeError(message)
    pytest.skip(f"BROWSER TESTS SKIPPED: {message}", allow_module_level=True)


def write_report(corpus: Path, output: Path, cwd: Path) -> str:
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        result = runner.invoke(app, ["check", str(corpus), "--format", "html", "--output", str(output), "--fail-on", "never"])
    finally:
        os.chdir(previous)
    assert result.exit_code == 0, result.output
    return output.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=FLAGS, viewport={"width": 1100, "height": 900}
        )
        yield context
        context.close()


@pytest.fixture
def open_page(browser):
    """Open a file in a new tab; return the page and every console message and page error it produced."""
    pages = []

    def open_file(path: Path):
        page = browser.new_page()
        pages.append(page)
        messages: list[tuple[str, str]] = []
        page.on("console", lambda m: messages.append((m.type, m.text)))
        page.on("pageerror", lambda e: messages.append(("pageerror", str(e))))
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(path.as_uri())
        page.wait_for_load_state("load")
        return page, messages, requests

    yield open_file
    for page in pages:
        page.close()


@pytest.fixture(scope="module")
def jalapeno_report(tmp_path_factory) -> Path:
    output = tmp_path_factory.mktemp("report") / "report.html"
    write_report(Path("claims"), output, ROOT)
    return output


@pytest.fixture(scope="module")
def expected() -> dict:
    """What the page must show, from the JSON report of the same corpus: the page is checked against the check."""
    import json

    result = CliRunner().invoke(app, ["check", str(ROOT / "claims"), "--format", "json", "--fail-on", "never"])
    findings = json.loads(result.output)["findings"]
    return {
        "findings": len(findings),
        "disputes": sum(1 for f in findings if len(f["groups"]) > 1),
        "not info": sum(1 for f in findings if f["severity"] != "info"),
        "metric-conflation": sum(1 for f in findings if f["rule"] == "metric-conflation"),
    }


def test_jalapeno_report_loads_cleanly_with_a_chart_per_dispute_and_a_mark_per_claim(open_page, jalapeno_report, expected):
    page, messages, requests = open_page(jalapeno_report)
    assert messages == []
    assert requests == [jalapeno_report.as_uri()]  # nothing else is fetched
    disputes = page.locator("article.finding:has(figure)")
    assert disputes.count() == expected["disputes"] >= 4
    assert page.locator("figure svg").count() == expected["disputes"]
    for number in range(disputes.count()):
        article = disputes.nth(number)
        claim_rows = article.locator("tbody tr").count()
        assert article.locator("svg a.mark").count() == claim_rows
        assert article.locator("figure svg").count() == 1
        assert article.locator("figcaption").inner_text().startswith("Chart of ")
    assert jalapeno_report.stat().st_size < 2 * 1024 * 1024


def test_filters_change_what_is_shown(open_page, jalapeno_report, expected):
    page, messages, _ = open_page(jalapeno_report)
    visible = page.locator("article.finding:visible")
    assert visible.count() == expected["findings"]
    page.get_by_label("info").uncheck()
    assert visible.count() == expected["not info"] < expected["findings"]
    page.get_by_label("info").check()
    page.locator("select[name=rule]").select_option("metric-conflation")
    assert visible.count() == expected["metric-conflation"] > 0
    page.locator("select[name=rule]").select_option("")
    page.get_by_label("reviewed", exact=True).uncheck()
    assert visible.count() == 0  # every finding of the corpus is reviewed
    assert page.locator("#shown").inner_text() == f"Showing 0 of {expected['findings']} findings."
    assert messages == []


def test_focusing_a_mark_shows_its_quote(open_page, jalapeno_report):
    page, _, _ = open_page(jalapeno_report)
    mark = page.locator("svg a.mark").first
    mark.focus()
    tip = page.locator("#tip")
    assert tip.is_visible()
    title = mark.locator("title").text_content() or ""
    assert "“" in title
    quote = title.split("“", 1)[1].rsplit("”", 1)[0]
    assert len(quote) > 20 and quote in tip.inner_text()  # the mark's own quote, as the claim file gives it


def test_the_page_reads_without_script(browser, jalapeno_report, expected):
    page = browser.new_page()
    try:
        browser.new_cdp_session(page).send("Emulation.setScriptExecutionDisabled", {"value": True})
        page.goto(jalapeno_report.as_uri())
        assert page.locator("article.finding:visible").count() == expected["findings"]  # everything shown
        assert page.locator("figure svg:visible").count() == expected["disputes"]
        assert not page.locator("#filters").is_visible()  # no dead controls
    finally:
        page.close()


def test_the_page_passes_axe(open_page, jalapeno_report):
    from axe_playwright_python.sync_playwright import Axe

    page, _, _ = open_page(jalapeno_report)
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_planted_script_does_not_run(open_page, tmp_path):
    corpus = tmp_path / "claims"
    shutil.copytree(HOSTILE / "claims", corpus)
    planted = (corpus / "hostile-press.yaml").read_text(encoding="utf-8")
    planted = planted.replace(
        'quote: "1.6x | cell </td> ::warning::forged"',
        "quote: \"1.6x </title></a></svg><script>window.planted = 1</script><img src=x onerror='window.planted = 2'>\"",
    )
    (corpus / "hostile-press.yaml").write_text(planted, encoding="utf-8")
    output = tmp_path / "out" / "report.html"
    output.parent.mkdir()
    write_report(corpus, output, tmp_path)
    page, messages, requests = open_page(output)
    assert page.evaluate("window.planted") is None
    assert requests == [output.as_uri()]
    assert messages == []
    assert page.locator("figure svg").count() == 1
    assert page.locator("svg a.mark").count() == 3
    assert "<script>window.planted = 1</script>" in page.locator("article.finding:has(figure) tbody").inner_text()
    # Links to claim files start from the report's directory, not from where the command ran.
    assert page.locator("tbody a[href^='../claims/hostile-press.yaml#L']").count() >= 3


def test_screenshot_of_the_jalapeno_report(open_page, jalapeno_report, tmp_path):
    """The README's picture is this dispute; write it again with SCREENSHOT=docs/html-report.png."""
    page, _, _ = open_page(jalapeno_report)
    target = os.environ.get("SCREENSHOT")
    path = Path(target) if target else tmp_path / "report.png"
    dispute = page.locator("article.finding:has(code:text-is('metric-conflation:882384b8476f'))")
    dispute.locator("svg a.mark").first.focus()  # with its quote showing
    dispute.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
