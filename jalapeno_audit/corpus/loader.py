"""Load a corpus of claim files strictly, collecting every problem before giving up."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from jalapeno_audit import forked
from jalapeno_audit.corpus import serial
from jalapeno_audit.corpus.cache import Cache, digest
from jalapeno_audit.corpus.catalog import Catalog, builtin_text, load_catalog
from jalapeno_audit.corpus.claimfile import read_claim_file
from jalapeno_audit.corpus.fields import did_you_mean
from jalapeno_audit.corpus.model import Corpus, Source
from jalapeno_audit.corpus.yamlsrc import MAX_FILE_BYTES, decode
from jalapeno_audit.errors import AuditError, Problem, capped

CATALOG_FILE = "catalog.yaml"
REVIEWS_FILE = "reviews.yaml"
SPECIAL_FILES = (CATALOG_FILE, REVIEWS_FILE)

def corpus_files(paths: list[str]) -> tuple[list[str], str | None, list[Problem]]:
    """The claim files to read, the catalog extension file (if any), and problems finding them."""
    files: list[str] = []
    catalog_file: str | None = None
    problems: list[Problem] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            root = path.resolve()
            with os.scandir(path) as scan:
                entries = sorted((e for e in scan if e.name.endswith((".yaml", ".yml"))), key=lambda e: e.name)
            for item in entries:
                entry = item.name
                shown = str(path / entry)
                # Only links need resolving: a plain entry of the directory cannot leave it.
                if item.is_symlink():
                    try:
                        target = (path / entry).resolve(strict=True)
                    except (OSError, RuntimeError):  # dangling, or a loop of links
                        problems.append(Problem(shown, 1, "is a link that leads to no file (dangling, or a loop of links)"))
                        continue
                    if root not in target.parents:
                        problems.append(Problem(shown, 1, "links outside the corpus directory; refusing to read it"))
                        continue
                if not item.is_file():
                    continue
                if entry == CATALOG_FILE:
                    catalog_file = shown
                elif entry != REVIEWS_FILE:
                    files.append(shown)
        elif path.is_file():
            if path.name == CATALOG_FILE:
                catalog_file = given
            elif path.name != REVIEWS_FILE:
                files.append(given)
        else:
            problems.append(Problem(given, 1, "no such file or directory"))
    return files, catalog_file, problems


def read_bytes(path: str) -> tuple[bytes | None, list[Problem]]:
    """A regular file's bytes (at most one more than MAX_FILE_BYTES), never blocking on a pipe."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        return None, [Problem(path, 1, f"cannot read: {exc.strerror or exc}")]
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        return None, [Problem(path, 1, "is a directory, not a file" if stat.S_ISDIR(mode) else "cannot read: not a regular file")]
    with os.fdopen(handle, "rb") as stream:
        try:
            return stream.read(MAX_FILE_BYTES + 1), []
        except OSError as exc:
            return None, [Problem(path, 1, f"cannot read: {exc.strerror or exc}")]


@dataclass
class Inputs:
    """Every byte a check depends on, read once: claim files, the catalog extension, problems."""

    files: list[tuple[str, bytes]]
    catalog: tuple[str, bytes] | None
    problems: list[Problem]
    reviews: bytes = b""  # the corpus's reviews.yaml (empty when there is none)
    archives: dict[str, bytes] | None = None  # archived texts by file name; None: not read yet

    def digest(self, *more: str) -> str:
        """A key that changes whenever any input or any of ``more`` changes."""
        parts: list[bytes | str] = [builtin_text()]
        if self.catalog:
            parts += list(self.catalog)
        for path, data in self.files:
            parts += [path, data]
        parts += ["reviews", self.reviews, "archives", repr(self.archives is None)]
        for name, data in sorted((self.archives or {}).items()):
            parts += [name, data]
        parts += [str(p) for p in self.problems]
        return digest(*parts, *more)


def read_inputs(paths: list[str]) -> Inputs:
    """Read the corpus's files (claim files and catalog) without parsing them."""
    names, catalog_file, problems = corpus_files(paths)
    catalog = None
    if catalog_file is not None:
        data, read_problems = read_bytes(catalog_file)
        problems += read_problems
        if data is not None:
            catalog = (catalog_file, data)
    files = []
    for path in names:
        data, read_problems = read_bytes(path)
        problems += read_problems
        if data is not None:
            files.append((path, data))
    return Inputs(files, catalog, problems)


def load_corpus(paths, archive_dir: str | None = None, tolerance=None, cache: Cache | None = None) -> Corpus:
    """Load and validate every claim file; raise AuditError listing every problem found.

    ``paths`` is a list of files and directories, or Inputs already read. Parsed files are
    taken from ``cache`` when their bytes, path, catalog and tool version are unchanged.
    """
    inputs = paths if isinstance(paths, Inputs) else read_inputs(paths)
    problems = list(inputs.problems)
    try:
        catalog = load_catalog(inputs.catalog)
    except AuditError as exc:
        raise AuditError(problems + exc.problems) from None
    catalog_key = digest(builtin_text(), *(inputs.catalog or ()))
    corpus = Corpus(catalog=catalog, archive_dir=archive_dir)
    if tolerance is not None:
        corpus.tolerance = tolerance
    if archive_dir is not None and not Path(archive_dir).is_dir():
        problems.append(Problem(archive_dir, 1, "archive directory does not exist"))
        archive_dir = None
    source_origin: dict[str, tuple[str, int]] = {}
    pack = _FilePack(cache, catalog_key, [path for path, _ in inputs.files])
    for (path, _), (source, claims, file_problems) in zip(inputs.files, pack.read(inputs.files, catalog), strict=True):
        problems += file_problems
        if source is None:
            continue
        if source.id in source_origin:
            first_path, first_line = source_origin[source.id]
            problems.append(Problem(path, source.line, f"duplicate source id '{source.id}' (first in {first_path}:{first_line})"))
            continue
        source_origin[source.id] = (path, source.line)
        corpus.sources[source.id] = source
        corpus.claims.extend(claims)
        if source.archive and archive_dir is not None:
            if inputs.archives is None:
                read_archives(inputs, archive_dir)
            text, archive_problem = read_archive(archive_dir, source, inputs.archives or {})
            if archive_problem:
                problems.append(archive_problem)
            elif text is not None:
                corpus.archive_texts[source.id] = text
    pack.save()
    if problems:
        raise AuditError(problems)
    return corpus


class _FilePack:
    """Parsed claim files of one corpus, cached together in one entry.

    One entry per corpus (keyed by the list of its file paths) rather than one per file: a
    cold run of two thousand files then writes one file, not two thousand. Inside the pack each
    file is keyed by the catalog, its path and its bytes, so an edited file is a miss. The pack
    is rewritten only when something missed, and keeps only the files of this run.
    """

    def __init__(self, cache: Cache | None, catalog_key: str, paths: list[str]) -> None:
        self.cache = cache if cache is not None and cache.directory is not None else None  # --no-cache: no rows either
        self.catalog_key = catalog_key
        self.name = digest("pack", *paths)
        stored = cache.get("files", self.name) if cache is not None else None
        self.entries: dict = stored if isinstance(stored, dict) else {}
        self.used: dict = {}
        self.missed = False

    def read(self, files: list[tuple[str, bytes]], catalog: Catalog) -> list[tuple]:
        """(source, claims, problems) of each file, in order: from the pack where it holds them, else parsed."""
        results: list = [None] * len(files)
        keys: list = [None] * len(files)
        missing = []
        for number, (path, data) in enumerate(files):
            if self.cache is not None:
                key = keys[number] = digest(self.catalog_key, path, data)
                row = self.entries.get(key)
                if row is not None:
                    try:
                        results[number] = serial.load_file(row)
                        self.used[key] = row
                        continue
                    except Exception:  # an entry of the wrong shape is a miss, whatever it trips over
                        pass
            missing.append(number)
        for number, result in zip(missing, _parse(files, missing, catalog), strict=True):
            results[number] = result
            if self.cache is not None:
                self.used[keys[number]] = serial.dump_file(*result)
                self.missed = True
        return results

    def save(self) -> None:
        if self.cache is not None and (self.missed or len(self.used) != len(self.entries)):
            self.cache.put("files", self.name, self.used)


#: From this many bytes of files to parse on, a forked child parses some of them (see jalapeno_audit.forked).
FORK_FROM_BYTES = 1_000_000
FILES_PER_JOB = 20


def _parse(files: list[tuple[str, bytes]], numbers: list[int], catalog: Catalog) -> list[tuple]:
    """The named files parsed, in order; a large batch is shared with a forked child, in jobs of a few files."""
    size = sum(len(files[n][1]) for n in numbers)
    per_job = max(FILES_PER_JOB, -(-len(numbers) // forked.MAX_JOBS))
    jobs = [numbers[start:start + per_job] for start in range(0, len(numbers), per_job)]
    done = forked.share_out(len(jobs), lambda job: [_read_capped(*files[n], catalog) for n in jobs[job]], fork=size >= FORK_FROM_BYTES)
    return [result for job in done for result in job]


def _read_capped(path: str, data: bytes, catalog: Catalog):
    source, claims, problems = read_claim_file(path, data, catalog)
    return source, claims, capped(problems)


def read_archives(inputs: Inputs, archive_dir: str) -> None:
    """Read every text of the archive directory once: the cache key and the quote check use the same bytes."""
    inputs.archives = {}
    if not os.path.isdir(archive_dir):
        return
    for name in sorted(os.listdir(archive_dir)):
        path = os.path.join(archive_dir, name)
        if os.path.isfile(path):
            data, _ = read_bytes(path)
            if data is not None:
                inputs.archives[name] = data


def read_archive(archive_dir: str, source: Source, archives: dict[str, bytes]) -> tuple[str | None, Problem | None]:
    """The archived text a source names (from ``archives``), refusing any path that leaves the archive directory."""
    assert source.archive is not None  # only sources that name one are read
    where = (source.path, source.line)
    root = Path(archive_dir).resolve()
    try:
        target = (root / source.archive).resolve()
    except (OSError, RuntimeError):  # a loop of links
        target = root
    if root not in target.parents:
        return None, Problem(*where, f"archive '{source.archive}' is outside the archive directory {archive_dir}")
    data = archives.get(source.archive)
    if data is None:
        near = did_you_mean(source.archive, archives)
        return None, Problem(*where, f"archive '{source.archive}' not found in {archive_dir}{near}")
    text, problems = decode(data, str(target))
    if text is None:
        return None, Problem(*where, f"archive '{source.archive}': {problems[0].message}")
    return text, None
