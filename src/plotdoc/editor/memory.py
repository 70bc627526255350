"""The editor server's memory: given back to the system after large work, and start-up's
objects kept out of the cyclic garbage collector's scans."""

from __future__ import annotations

import asyncio
import contextlib


def release_memory(collect: bool = True) -> None:
    """Give memory freed by a large open or computation back to the system.

    Reading a document makes many short-lived objects, and a computation's copy of the cells
    is freed once sent; glibc's allocator keeps such pages for reuse, so the server would stay
    as large as its peak. ``collect``: run the cyclic garbage collector first.
    """
    import ctypes
    import gc

    if collect:
        gc.collect()
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to do
        ctypes.CDLL(None).malloc_trim(0)


#: a read of at least this many bytes gives its memory back once the page shows it
RELEASE_AFTER_BYTES = 4 * 1024 * 1024


def release_memory_later(delay: float = 1.0) -> None:
    """:func:`release_memory` once ``delay`` seconds have passed on the event loop.

    A full collection scans every object of the server (a few hundred milliseconds with the
    web stack and matplotlib loaded), so it never runs between an open and its first rows
    on the page.
    """
    asyncio.get_running_loop().call_later(delay, release_memory)


def freeze_startup() -> None:
    """Move what start-up made (modules, the web stack's and matplotlib's tables) out of
    the cyclic collector's way.

    They live as long as the server, and without this every full collection, the server's
    own or :func:`release_memory`'s, scans them all again. Called once, before any project
    is read, so no project's objects are ever exempt from collection.
    """
    import gc

    from ..render import engine  # noqa: F401  (the first drawing imports it anyway)

    gc.collect()
    gc.freeze()
