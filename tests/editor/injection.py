"""A valid project file whose every string carries markup, script and template injections.

The document is the complete example with each string value (and each free key: usermeta
keys, analysis parameters) replaced by an injection payload wherever the reader still accepts
the file without a single problem: what the walk keeps is what a real file can hold, so the
editor meets exactly what an attacker could send it. Values that name the same thing (a
table's id and the references to it) are replaced together. Each field gets a payload of its
own, numbered, so a page showing one names the field it came from.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

from plotdoc.api import validate
from plotdoc.publish.examples import example_bytes

Path = tuple[str | int, ...]

#: A script run by any payload sets this; it must stay undefined.
FLAG = "__pwned"


def payloads(n: int) -> list[str]:
    """The payloads tried for field ``n``, longest first (a field with a length limit or a
    pattern takes the first the reader accepts)."""
    run = f"window.{FLAG}={n}"
    return [
        # everything at once: breaking out of an attribute (both quotes), of a script, a
        # tag with a handler, Vue's and JavaScript's template syntax, a javascript: URL
        f'x"\' innerHTML="<img src=x onerror={run}>" :title="{run}" '
        f'</script><script>{run}</script><img src=x onerror="{run}"> '
        f"{{{{ constructor.constructor('{run}')() }}}} ${{{run}}} "
        f'<a href="javascript:{run}">link</a> '
        # the same without a space (a tab ends an attribute too, and survives code that
        # replaces spaces)
        f"x\"\tinnerHTML=\"<img/src='x'/onerror='{run}'>\"\t#{n}",
        # what fits in an id (at most 128 characters): the attack found by the review, and
        # the same without a space
        f'x" innerHTML="<img src=x onerror={run}>"'
        f"\tinnerHTML=\"<img/src='x'/onerror='{run}'>\"\t#{n}",
        f'x" innerHTML="<img src=x onerror={run}>" #{n}',
        f"x\"\tinnerHTML=\"<img/src='x'/onerror='{run}'>\"\t#{n}",
        f"<img src=x onerror={run}>#{n}",
        f"{{{{{run}}}}}${{{run}}}#{n}",
        f"javascript:{run}#{n}",
        f"'\"<#{n}",
    ]


def _strings(doc: Any, path: Path = ()) -> Iterator[tuple[Path, str]]:
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _strings(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _strings(value, (*path, i))
    elif isinstance(doc, str):
        yield path, doc


def _objects(doc: Any, path: Path = ()) -> Iterator[tuple[Path, dict[str, Any]]]:
    if isinstance(doc, dict):
        yield path, doc
        for key, value in doc.items():
            yield from _objects(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _objects(value, (*path, i))


def _at(doc: Any, path: Path) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _put(doc: Any, path: Path, value: Any) -> None:
    _at(doc, path[:-1])[path[-1]] = value


def _clean(doc: dict[str, Any]) -> bool:
    return not validate(doc).problems


Doc = dict[str, Any]


def _first_kept(doc: Doc, n: int, change: Callable[[Doc, str], None]) -> tuple[str, Doc] | None:
    """The first payload for field ``n`` the reader accepts once ``change`` put it in a copy
    of ``doc``, and that copy."""

    def attempt(payload: str) -> Doc | None:
        trial = copy.deepcopy(doc)
        change(trial, payload)
        return trial if _clean(trial) else None

    tried = payloads(n)
    # a field refusing even the shortest payload (a name from a list, a date) refuses them all
    last = attempt(tried[-1])
    if last is None:
        return None
    for payload in tried[:-1]:
        trial = attempt(payload)
        if trial is not None:
            return payload, trial
    return tried[-1], last


def _renamed_keys(doc: Any, old: str, new: str) -> None:
    """Rename every key ``old`` to ``new`` (a data set's name also keys its style overrides)."""
    for _, obj in list(_objects(doc)):
        if old in obj and new not in obj:
            items = list(obj.items())
            obj.clear()
            obj.update((new if k == old else k, v) for k, v in items)


def injected_document() -> tuple[dict[str, Any], dict[Path, str]]:
    """The document and what the walk put where (each path holding a payload, and each
    renamed key's path with ``"<key>"`` appended)."""
    doc: dict[str, Any] = json.loads(example_bytes("complete"))
    assert _clean(doc), "the example itself must be valid"
    placed: dict[Path, str] = {}
    n = 0
    # values: all the places holding one value first (an id and its references, keys named
    # by it included), then each place alone
    for value in dict.fromkeys(v for _, v in _strings(doc)):
        # found again each time: a key renamed by an earlier value moves the paths below it
        paths = [p for p, v in _strings(doc) if v == value]
        n += 1

        def together(
            trial: Doc, payload: str, paths: list[Path] = paths, value: str = value
        ) -> None:
            for p in paths:
                _put(trial, p, payload)
            if value:
                _renamed_keys(trial, value, payload)

        kept = _first_kept(doc, n, together)
        if kept is not None:
            placed.update(dict.fromkeys(paths, kept[0]))
            doc = kept[1]
            continue
        if len(paths) == 1:
            continue
        for p in paths:
            n += 1
            kept = _first_kept(doc, n, lambda trial, payload, p=p: _put(trial, p, payload))
            if kept is not None:
                placed[p] = kept[0]
                doc = kept[1]
    # keys of objects whose keys are free (the reader accepts a payload there); inner objects
    # first, so renaming a key leaves the paths still to walk as they are
    for path, obj in reversed(list(_objects(doc))):
        for key in list(obj):
            n += 1

            def renamed(trial: Doc, payload: str, path: Path = path, key: str = key) -> None:
                target = _at(trial, path)
                if payload not in target:
                    items = list(target.items())
                    target.clear()
                    target.update((payload if k == key else k, v) for k, v in items)

            kept = _first_kept(doc, n, renamed)
            if kept is not None:
                placed[(*path, kept[0], "<key>")] = kept[0]
                doc = kept[1]
    return doc, placed


def injected_bytes() -> tuple[bytes, dict[Path, str]]:
    doc, placed = injected_document()
    return json.dumps(doc, indent=1, ensure_ascii=False).encode(), placed
