"""Read YAML safely, keeping every scalar's text as written and its line.

PyYAML's constructors turn ``1.80`` into the float 1.8 and silently keep the last of two
duplicate keys.  Both lose information an auditor needs, so we let libyaml (``CSafeLoader``)
compose the node graph and build our own tree from it: mappings that remember the line of
each key, and scalars that keep their text, their resolved type and their line.
Nothing here constructs Python objects from tags, so no YAML input can run code.
"""

from __future__ import annotations

import re
from typing import cast

import yaml

from jalapeno_audit.errors import Problem

try:
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - libyaml is part of every supported wheel
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

#: Files above this size are refused before parsing: no claim file is anywhere near it.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Deeper nesting than this is not a claim file (claims need four levels).
MAX_DEPTH = 32
#: Aliases may repeat at most this many characters per character of the file: a file's work
#: and output stay proportional to its size, whatever its aliases (a "billion laughs" bomb, or
#: one bad claim aliased ten thousand times).
ALIAS_EXPANSION = 1

_CORE = "tag:yaml.org,2002:"
_SCALAR_TAGS = {
    _CORE + "str": "str",
    _CORE + "int": "int",
    _CORE + "float": "float",
    _CORE + "bool": "bool",
    _CORE + "null": "null",
    _CORE + "timestamp": "timestamp",
}


class Scalar:
    """A YAML scalar as written. (A plain slotted class: a million of them are built per 100k claims.)"""

    __slots__ = ("kind", "line", "quoted", "text")

    def __init__(self, text: str, kind: str, line: int, quoted: bool) -> None:
        self.text = text  # the scalar's text, unquoted but otherwise untouched ("1.80" stays "1.80")
        self.kind = kind  # the YAML core type it resolves to: str, int, float, bool, null, timestamp
        self.line = line  # 1-based line where it starts
        self.quoted = quoted  # written in quotes (or as a block scalar), so never a number

    def __repr__(self) -> str:
        return f"Scalar({self.text!r}, {self.kind}, line {self.line})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scalar) and (self.text, self.kind, self.line, self.quoted) == (
            other.text, other.kind, other.line, other.quoted)

    __hash__ = None  # type: ignore[assignment]  # mutable in principle: never a dict key


class Mapping(dict):
    """A YAML mapping from key text to value, remembering where it and each key stand."""

    __slots__ = ("key_lines", "line")

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.key_lines: dict[str, int] = {}


class Sequence(list):
    """A YAML sequence, remembering its line."""

    __slots__ = ("line",)

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line


Node = Scalar | Mapping | Sequence


def line_of(node: object, default: int = 1) -> int:
    """The line a parsed node starts on."""
    return getattr(node, "line", default)


def decode(data: bytes, path: str) -> tuple[str | None, list[Problem]]:
    """Decode a file's bytes as UTF-8, or say where it is not."""
    if len(data) > MAX_FILE_BYTES:
        return None, [Problem(path, 1, f"file is larger than the {MAX_FILE_BYTES:,}-byte limit for claim files")]
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return None, [Problem(path, line, f"not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}")]
    return text, []


_EMPTY_LIST = re.compile(r"^\s*[\w-]+:\s*\[\s*\]\s*(?:#.*)?$")
_ITEM = re.compile(r"^\s+-\s")


def _items_after_empty_list(text: str, error_line: int) -> int | None:
    """The line of a "key: []" that list items follow, when a parse error sits among those items.

    ``audit new`` writes "claims: []" when it found no complete claim; uncommenting a candidate under
    it gives YAML that says only "did not find expected key". This names the actual slip.
    """
    lines = text.splitlines()
    for number in range(min(error_line, len(lines)), 0, -1):
        line = lines[number - 1]
        if _EMPTY_LIST.match(line):
            following = [text_line for text_line in lines[number:error_line] if text_line.strip() and not text_line.lstrip().startswith("#")]
            return number if following and _ITEM.match(following[0]) else None
        if line.strip() and not line.startswith((" ", "#", "\t")):
            return None
    return None


def parse(text: str, path: str) -> tuple[Node | None, list[Problem]]:
    """Parse one YAML document into a Node tree, or return the problems found.

    The tree is built from libyaml's event stream with an explicit stack: composing nodes
    recursively would overflow the C stack on absurdly nested input.
    """
    if not text.strip():
        return None, [Problem(path, 1, "file is empty")]
    builder = _Builder(path, budget=ALIAS_EXPANSION * len(text))
    loader = _Loader(text)
    try:
        root = builder.run(loader.get_event)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        what = exc.problem or exc.context or "invalid YAML"
        empty_list = _items_after_empty_list(text, line)
        if empty_list is not None:
            return None, [Problem(path, empty_list, f"'{text.splitlines()[empty_list - 1].strip()}' is followed by list items: drop the '[]' "
                                                    "(an uncommented claim goes under 'claims:')")]
        return None, [Problem(path, line, f"invalid YAML: {what}")]
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        return None, [Problem(path, line, f"invalid YAML: character U+{exc.character:04X} is not allowed in YAML")]
    except yaml.YAMLError as exc:
        return None, [Problem(path, 1, f"invalid YAML: {_one_line(str(exc))}")]
    except _Stop:
        pass
    finally:
        loader.dispose()
    if builder.problems:
        return None, builder.problems
    if root is None:
        return None, [Problem(path, 1, "file holds no YAML document")]
    return root, []


def _one_line(message: str) -> str:
    return " ".join(message.split())


class _Stop(Exception):
    """Raised inside the builder when going on would be pointless or unsafe."""


_RESOLVERS = _Loader.yaml_implicit_resolvers


_KIND_CACHE: dict[str, str] = {}


def _plain_kind(text: str) -> str:
    """The YAML 1.1 core type a plain (unquoted, untagged) scalar resolves to (memoised)."""
    kind = _KIND_CACHE.get(text)
    if kind is None:
        if len(_KIND_CACHE) > 50_000:
            _KIND_CACHE.clear()
        kind = _KIND_CACHE[text] = _resolve_plain(text)
    return kind


def _resolve_plain(text: str) -> str:
    for tag, regexp in _RESOLVERS.get(text[:1], ()):
        if regexp.match(text):
            return _SCALAR_TAGS.get(tag, "str")
    for tag, regexp in _RESOLVERS.get(None, ()):
        if regexp.match(text):
            return _SCALAR_TAGS.get(tag, "str")
    return "str"


class _Builder:
    """Turns libyaml events into Scalar/Mapping/Sequence, collecting problems."""

    def __init__(self, path: str, budget: int) -> None:
        self.path = path
        self.problems: list[Problem] = []
        self.anchors: dict[str, Node] = {}
        self.budget = budget  # characters aliases may still repeat
        self.sizes: dict[int, int] = {}  # id of an aliased node -> its size in characters

    def fail(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, message))

    def run(self, next_event) -> Node | None:
        """Build the tree from libyaml's events, fetched one call each with ``next_event``."""
        root: Node | None = None
        documents = 0
        # Each stack entry: the open container, the pending mapping key (or None), its anchor.
        stack: list[list] = []
        scalar_event, kinds = yaml.ScalarEvent, _KIND_CACHE
        while True:
            event = next_event()
            cls = type(event)
            if cls is scalar_event:
                if event.tag is None and not event.style and event.anchor is None:
                    # The common case, kept inline: a plain scalar with no tag or anchor.
                    text = event.value
                    node = Scalar(text, kinds.get(text) or _plain_kind(text), event.start_mark.line + 1, False)
                else:
                    node = self.scalar(event)
            elif cls is yaml.StreamEndEvent or event is None:
                break
            elif cls is yaml.MappingStartEvent or cls is yaml.SequenceStartEvent:
                line = event.start_mark.line + 1
                if len(stack) >= MAX_DEPTH:
                    self.fail(line, f"nesting deeper than {MAX_DEPTH} levels")
                    raise _Stop
                container = Mapping(line) if cls is yaml.MappingStartEvent else Sequence(line)
                expected = _CORE + ("map" if cls is yaml.MappingStartEvent else "seq")
                if event.tag not in (None, "!", expected):
                    self.fail(line, f"tag {_short_tag(event.tag)} is not allowed in claim files")
                # The anchor is registered when the container closes, so that an alias inside
                # it cannot make the tree cyclic.
                stack.append([container, None, event.anchor])
                continue
            elif cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
                node, _, anchor = stack.pop()
                self.remember(anchor, node)
                if not stack:
                    root = node
                    continue
                self.attach(stack[-1], node, is_alias=False)
                continue
            elif cls is yaml.AliasEvent:
                aliased = self.anchors.get(event.anchor)
                if aliased is None:
                    self.fail(event.start_mark.line + 1, f"alias *{event.anchor} refers to no finished anchor")
                    raise _Stop
                if stack:
                    self.charge(aliased, event.start_mark.line + 1)
                    self.attach(stack[-1], aliased, is_alias=True)
                else:
                    root = aliased
                continue
            elif cls is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    self.fail(event.start_mark.line + 1, "more than one YAML document in the file")
                    raise _Stop
                continue
            else:
                continue
            if not stack:
                root = node
                continue
            # Attach the scalar; the common cases inline, the rare ones (bad keys) in attach().
            top = stack[-1]
            container = top[0]
            if type(container) is Sequence:
                container.append(node)
                continue
            key = top[1]
            if key is None:
                if type(node) is Scalar and (node.text != "<<" or node.quoted):
                    top[1] = (node.text, node.line)
                    continue
            elif key[1] and key[0] not in container.key_lines:
                container.key_lines[key[0]] = key[1]
                container[key[0]] = node
                top[1] = None
                continue
            self.attach(top, node, is_alias=False)
        return root

    def scalar(self, event) -> Scalar:
        line = event.start_mark.line + 1
        tag = event.tag
        quoted = event.style is not None and event.style != ""
        if tag is None or tag == "!":
            kind = "str" if quoted or tag == "!" else _plain_kind(event.value)
        else:
            known = _SCALAR_TAGS.get(tag)
            if known is None:
                self.fail(line, f"tag {_short_tag(tag)} is not allowed in claim files")
            kind = known or "str"
            quoted = quoted or kind == "str"
        node = Scalar(event.value, kind, line, quoted)
        self.remember(event.anchor, node)
        return node

    def charge(self, node: Node, line: int) -> None:
        """Count what an alias repeats; stop once aliases would repeat more than the file holds."""
        size = self.sizes.get(id(node))
        if size is None:
            size = self.sizes[id(node)] = self.size(node, self.budget + 1)
        self.budget -= size
        if self.budget < 0:
            self.fail(line, "aliases repeat more than the file's own size; write the values out instead")
            raise _Stop

    def size(self, node: Node, limit: int) -> int:
        """Characters in a node with its aliases expanded, counted up to just past ``limit``."""
        total, pending = 0, [node]
        while pending and total <= limit:
            item = pending.pop()
            known = self.sizes.get(id(item)) if item is not node else None
            if known is not None:
                total += known
            elif type(item) is Scalar:
                total += len(item.text) + 1
            elif type(item) is Mapping:
                total += 1 + sum(len(key) + 1 for key in item)
                pending.extend(item.values())
            else:
                total += 1
                pending.extend(cast(Sequence, item))
        return total

    def remember(self, anchor: str | None, node: Node) -> None:
        if anchor is not None:
            self.anchors[anchor] = node

    def attach(self, top: list, node: Node, is_alias: bool) -> None:
        container = top[0]
        if type(container) is Sequence:
            container.append(node)
            return
        key = top[1]
        if key is None:
            # This node is a key.
            if type(node) is not Scalar:
                self.fail(line_of(node), "mapping keys must be plain scalars")
                top[1] = ("", 0)
                return
            if node.text == "<<" and not node.quoted:
                self.fail(node.line, "merge keys (<<) are not supported; write the fields out")
            top[1] = (node.text, node.line)
            return
        top[1] = None
        text, key_line = key
        if not key_line:
            return
        if text in container.key_lines:
            self.fail(key_line, f"duplicate key '{text}' (first at line {container.key_lines[text]})")
            return
        container.key_lines[text] = key_line
        container[text] = node


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag
