"""The published example documents (contract section 9, rule 5).

One hand-written document per table family, each a typical graph with, where the family has
one, an analysis; plus ``complete``, a document written by plotdoc's own writer from a
hand-written source (``complete-source.plotdoc`` beside this module) that uses most of the
format, and the examples of what only a later version holds (:data:`LATER_EXAMPLES`, such as
``summary-data`` in version 2), each written by the writer from its hand-written source. The
files live in the package folder ``plotdoc/examples``.

Each schema version has its set (contract section 9, rule 5): version 1's in
``plotdoc/examples`` (published, frozen), the current version's in ``plotdoc/examples/v2``.
The current version's family examples are version 1's, migrated (:func:`build_example`);
``complete.plotdoc`` is the writer's output for a fixed ``modifiedAt`` (:data:`COMPLETE_NOW`):
opening it and writing it again gives the same bytes. After a change to the writer, the
defaults or the source, rebuild them with::

    for n in $(python -c "from plotdoc.publish.examples import example_names as e; print(*e())"); do
        python -m plotdoc.publish.examples $n > src/plotdoc/examples/v2/$n.plotdoc; done
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path
from typing import Final

from ..atomic import write_into_folder
from ..contract.site import CURRENT_VERSION
from ..contract.versions import VERSIONS

#: Example name -> the table family it shows, in the contract's family order.
FAMILY_EXAMPLES: Final[dict[str, str]] = {
    "xy-dose-response": "xy",
    "column-scatter-bar": "column",
    "grouped-interleaved-bars": "grouped",
    "nested-scatter": "nested",
    "contingency-bars": "contingency",
    "survival-kaplan-meier": "survival",
    "parts-of-whole-pie": "partsOfWhole",
    "multiple-variables-iris": "multipleVariables",
}
#: Examples of what only a later schema version holds: name -> (the first version that has
#: it, its hand-written source beside this module). Each is written by plotdoc's writer from
#: its source, like ``complete``.
LATER_EXAMPLES: Final[dict[str, tuple[int, str]]] = {
    "summary-data": (2, "summary-data-source.plotdoc"),
}
#: The document written by plotdoc itself.
COMPLETE: Final = "complete"
#: The `modifiedAt` the shipped complete example was written with.
COMPLETE_NOW: Final = "2024-06-01T12:00:00Z"
EXTENSION: Final = ".plotdoc"
_SOURCE: Final = "complete-source.plotdoc"


def example_names(version: int = CURRENT_VERSION) -> list[str]:
    """Every example's name (file name without ``.plotdoc``) of schema ``version``: the
    families', those only a later version holds (:data:`LATER_EXAMPLES`), then ``complete``."""
    later = [name for name, (first, _) in LATER_EXAMPLES.items() if first <= version]
    return [*FAMILY_EXAMPLES, *later, COMPLETE]


def example_bytes(name: str, version: int = CURRENT_VERSION) -> bytes:
    """The shipped bytes of the example ``name`` of schema ``version`` (the current one by
    default); ``KeyError`` for an unknown name or version."""
    if name not in example_names(version):
        names = ", ".join(example_names(version))
        raise KeyError(f"no example named {name!r} in version {version}; expected one of {names}")
    folder = VERSIONS[version].examples
    return resources.files("plotdoc").joinpath(*folder.split("/"), name + EXTENSION).read_bytes()


def write_examples(out_dir: str | os.PathLike[str], version: int = CURRENT_VERSION) -> list[Path]:
    """Write every example of ``version`` as ``<out_dir>/<name>.plotdoc`` (folder created);
    the paths written."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name in example_names(version):
        target = folder / (name + EXTENSION)
        write_into_folder(target, example_bytes(name, version))
        written.append(target)
    return written


def complete_source() -> bytes:
    """The hand-written source of the complete example."""
    return resources.files("plotdoc.publish").joinpath(_SOURCE).read_bytes()


def rewrite(data: bytes, now: str = COMPLETE_NOW) -> bytes:
    """Open ``data`` and write it with plotdoc's writer (its default, indented layout;
    ``modifiedAt`` = ``now``).

    Raises :class:`plotdoc.PlotdocError` when ``data`` does not open.
    """
    from ..api import loads
    from ..writer import dumps

    return dumps(loads(data), now=now)


def build_complete(now: str = COMPLETE_NOW) -> bytes:
    """The complete example as plotdoc's writer writes it from the hand-written source."""
    return rewrite(complete_source(), now)


def build_example(name: str) -> bytes:
    """The current version's example ``name`` as built: ``complete`` by the writer from its
    hand-written source, a family's example by the writer from the published version 1
    example, migrated (the same project, every default written, data sets referred to by id):
    what ``plotdoc examples`` writes is what ``plotdoc fmt`` keeps as it is."""
    if name == COMPLETE:
        return build_complete()
    if name in LATER_EXAMPLES:
        source = resources.files("plotdoc.publish").joinpath(LATER_EXAMPLES[name][1])
        return rewrite(source.read_bytes())
    return rewrite(example_bytes(name, 1))


def main(argv: list[str] | None = None) -> int:
    """``python -m plotdoc.publish.examples NAME`` prints the current version's example
    ``NAME`` as built (see :func:`build_example`)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m plotdoc.publish.examples complete|NAME", file=sys.stderr)
        return 2
    name = args[0]
    try:
        data = build_example(name)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    sys.stdout.buffer.write(data)
    return 0


if __name__ == "__main__":  # pragma: no cover - maintenance entry point
    raise SystemExit(main())
