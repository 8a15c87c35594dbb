"""The authoring commands: `audit claims`, `audit table`, `audit schema`, `audit new`.

Plain functions; `cli.py` registers them on the command line with the others.
"""

from __future__ import annotations

import os
import sys

import typer

from jalapeno_audit.console import (
    CLAIM_FORMATS,
    DEFAULT_CORPUS,
    CacheDir,
    CorpusPaths,
    NoCache,
    Output,
    cache_for,
    choice,
    fail,
    say,
    width,
    write,
)


def claims(
    paths: CorpusPaths = None,
    output_format: str = typer.Option("text", "--format", "-f", help="text or csv."),
    output: Output = None,
    no_cache: NoCache = False,
    cache_dir: CacheDir = None,
) -> None:
    """Every loaded claim in one table: source, id, system, vs, model, metric, figure, conditions."""
    from jalapeno_audit.authoring.tables import claims_frame, render_text
    from jalapeno_audit.corpus.loader import load_corpus

    paths = paths or [DEFAULT_CORPUS]
    choice(output_format, CLAIM_FORMATS, "--format")
    corpus = load_corpus(paths, cache=cache_for(no_cache, cache_dir))
    frame = claims_frame(corpus)
    text = frame.to_csv(index=False, lineterminator="\n") if output_format == "csv" else render_text(frame, width())
    write(text, output)


def table(
    paths: CorpusPaths = None,
    model: str | None = typer.Option(None, "--model", help="Only claims about this model."),
    metric: str | None = typer.Option(None, "--metric", help="Only claims of this metric."),
    system: str | None = typer.Option(None, "--system", help="Only claims naming this system (either side)."),
    pivot: bool = typer.Option(False, "--pivot", help="One row per comparison, one column per source: who said what."),
    output_format: str = typer.Option("text", "--format", "-f", help="text, markdown or csv."),
    output: Output = None,
    no_cache: NoCache = False,
    cache_dir: CacheDir = None,
) -> None:
    """The claims matrix: filter it, or pivot it to see each source's figure side by side."""
    from jalapeno_audit.authoring.tables import claims_frame, filtered, render_markdown, render_text
    from jalapeno_audit.authoring.tables import pivot as pivot_frame
    from jalapeno_audit.corpus.fields import did_you_mean
    from jalapeno_audit.corpus.loader import load_corpus

    paths = paths or [DEFAULT_CORPUS]
    choice(output_format, ("text", "markdown", "csv"), "--format")
    corpus = load_corpus(paths, cache=cache_for(no_cache, cache_dir))
    for value, known, option in ((model, corpus.catalog.models, "--model"), (metric, corpus.catalog.metrics, "--metric"), (system, corpus.catalog.systems, "--system")):
        if value is not None and value not in known:
            fail(f"audit: {option} '{value}' is not in the catalog{did_you_mean(value, known)}")
    frame = filtered(claims_frame(corpus), corpus, model, metric, system)
    if pivot:
        frame = pivot_frame(frame)
    if output_format == "csv":
        text = frame.to_csv(index=False, lineterminator="\n")
    elif output_format == "markdown":
        text = render_markdown(frame)
    else:
        text = render_text(frame, width())
    write(text, output)


def schema(
    directory: str | None = typer.Argument(None, help="A corpus directory: its catalog.yaml's ids are offered for completion too."),
) -> None:
    """Print the JSON Schema of claim files, for editors that validate YAML."""
    import json

    from jalapeno_audit.authoring.schema import claim_file_schema

    typer.echo(json.dumps(claim_file_schema(_corpus_catalog(directory)), indent=2, ensure_ascii=False))


def _corpus_catalog(directory: str | None):
    """The built-in catalog, extended by DIRECTORY/catalog.yaml when there is one."""
    from jalapeno_audit.corpus.catalog import load_catalog

    if directory is None:
        return load_catalog()
    if not os.path.isdir(directory):
        fail(f"audit: {directory} is not a directory")
    path = os.path.join(directory, "catalog.yaml")
    if not os.path.isfile(path):
        return load_catalog()
    try:
        with open(path, "rb") as handle:
            return load_catalog((path, handle.read()))
    except OSError as exc:
        fail(f"audit: cannot read {path}: {exc.strerror or exc}")


def new(
    article: str = typer.Argument(..., help="The article's text file, or - for standard input."),
    source_id: str = typer.Option(..., "--id", help="The new source's id (lower case, digits, dashes)."),
    title: str | None = typer.Option(None, "--title", help="The article's title (default: a 'Title:' line at the top, else the first line)."),
    publisher: str | None = typer.Option(None, "--publisher", help="The outlet that published it."),
    url: str | None = typer.Option(None, "--url", help="Where it was published."),
    published: str | None = typer.Option(None, "--published", help="Publication date, YYYY-MM-DD."),
    into: str = typer.Option(DEFAULT_CORPUS, "--into", help="The corpus directory to write into."),
    force: bool = typer.Option(False, "--force", help="If the file exists, write SOURCE_ID.new.yaml beside it."),
) -> None:
    """Draft a claim file from an article: live claims where every field is certain, commented candidates with TODOs otherwise.

    Metadata lines at the top of the text ("Title:", "URL:", "Published:", "Publisher:") fill the
    source details; the options win over them.
    """
    from jalapeno_audit.authoring.scaffold import scaffold

    _check_new_options(source_id, published)
    text, archive = _read_article(article)
    if os.path.lexists(into) and not os.path.isdir(into):
        fail(f"audit: --into {into} is not a directory")
    catalog = _corpus_catalog(into if os.path.isdir(into) else None)
    yaml_text, candidates = scaffold(text, source_id, catalog, archive=archive, publisher=publisher, url=url, published=published, title=title)
    target = _new_target(into, source_id, force)
    _write_draft(into, target, yaml_text)
    live = sum(1 for c in candidates if not c.doubts)
    say(f"wrote {target}: {len(candidates)} figures found, {live} live claims, {len(candidates) - live} commented candidates marked TODO")


def _check_new_options(source_id: str, published: str | None) -> None:
    import datetime as dt
    import re

    from jalapeno_audit.corpus.fields import ID_PATTERN

    if not re.fullmatch(ID_PATTERN, source_id):
        fail(f"audit: --id '{source_id}' does not match {ID_PATTERN}")
    if published is not None:
        try:
            dt.date.fromisoformat(published)
        except ValueError:
            fail(f"audit: --published '{published}' is not a valid ISO date (YYYY-MM-DD)")


def _read_article(article: str) -> tuple[str, str | None]:
    """The article's text, and the file name its archived copy goes by (None from standard input)."""
    if article == "-":
        return sys.stdin.read(), None
    try:
        with open(article, encoding="utf-8") as handle:
            return handle.read(), os.path.basename(article)
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"audit: cannot read {article}: {getattr(exc, 'strerror', None) or exc}")


def _new_target(into: str, source_id: str, force: bool) -> str:
    """Where the draft goes: never over an existing file (lexists: a link, even one to nothing, is something there)."""
    target = os.path.join(into, f"{source_id}.yaml")
    if not os.path.lexists(target):
        return target
    if not force:
        fail(f"audit: {target} exists; refusing to overwrite it (--force writes {source_id}.new.yaml beside it)")
    target = os.path.join(into, f"{source_id}.new.yaml")
    if os.path.lexists(target):
        fail(f"audit: {target} exists too; move it away first")
    return target


def _write_draft(into: str, target: str, text: str) -> None:
    from jalapeno_audit.fileio import write_new

    try:
        os.makedirs(into, exist_ok=True)
        write_new(target, text)
    except FileExistsError:
        fail(f"audit: {target} appeared while writing; refusing to overwrite it")
    except OSError as exc:
        fail(f"audit: cannot write {target}: {exc.strerror or exc}")
