"""Stage 2: strict UTF-8, with one leading byte-order mark tolerated."""

from __future__ import annotations

import codecs
from collections.abc import Iterator

from ..problems import Problem, error
from .context import Context

_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def check_encoding(ctx: Context) -> Iterator[Problem]:
    data = ctx.data
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
        ctx.data = data
    for bom, name in _BOMS:
        if data.startswith(bom):
            yield error(
                "invalid-utf8",
                (),
                f"expected UTF-8; the file starts with a {name} byte-order mark",
                offset=0,
            )
            return
    nul = data.find(b"\x00")
    if nul >= 0:
        # JSON text never holds a raw NUL byte; a file full of them is UTF-16 or UTF-32.
        guess = " (it looks like UTF-16 or UTF-32)" if data.count(b"\x00") * 4 >= len(data) else ""
        yield error("invalid-utf8", (), f"expected UTF-8 text; found a NUL byte{guess}", offset=nul)
        return
    if data.isascii():
        return
    try:
        data.decode("utf-8", "strict")
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 4].hex(" ")
        yield error(
            "invalid-utf8",
            (),
            f"expected UTF-8; found invalid bytes {bad} ({exc.reason})",
            offset=exc.start,
        )
