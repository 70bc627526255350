"""Remote and cluster inputs done right: every failure is one file's result, folder URLs are
walked for every protocol, workers elsewhere read what was named, pool and cluster write the
same files."""

from __future__ import annotations

import functools
import http.server
import json
import logging
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from plotdoc import batch
from plotdoc.cli import main

from ..conftest import CORPUS

fsspec = pytest.importorskip("fsspec")
pytest.importorskip("fsspec.implementations.memory")

GOOD = (CORPUS / "valid" / "minimal.plotdoc").read_bytes()
EVERY = (CORPUS / "valid" / "every-family.plotdoc").read_bytes()
BROKEN = b'{"format": "plotdoc-project", "schemaVersion": 1'


def _codes(result: batch.Result) -> list[str]:
    return [e["code"] for e in result.errors]


def test_a_missing_url_is_that_files_result_not_the_batchs_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.plotdoc").write_bytes(GOOD)
    fs = fsspec.filesystem("memory")
    fs.pipe("/remote-missing/b.plotdoc", GOOD)
    fs.mkdir("/remote-missing/folder.plotdoc")
    names = [
        str(tmp_path / "a.plotdoc"),
        "memory://remote-missing/nope.plotdoc",
        "memory://remote-missing/b.plotdoc",
        "nosuchprotocol://x/y.plotdoc",
    ]
    results = list(batch.run("validate", names, jobs=1))
    assert [r.ok for r in results] == [True, False, True, False]
    assert _codes(results[1]) == ["file-not-found"]
    assert _codes(results[3]) == ["file-unreadable"]
    assert not any(r.crashed for r in results)
    code = main(["validate", "-j", "1", *names])
    captured = capsys.readouterr()
    assert code == 1
    assert "internal error" not in captured.err
    assert "memory://remote-missing/nope.plotdoc: error (document) [file-not-found]" in (
        captured.out + captured.err
    )
    assert f"{tmp_path / 'a.plotdoc'}: ok" in captured.out


class _Denied(fsspec.implementations.memory.MemoryFileSystem):  # type: ignore[misc]
    """A file system that lists its files but may not open them, as a bucket without read
    permission does (a test run as root cannot take a local file's permission away)."""

    protocol = "denied"

    def _open(self, path: str, mode: str = "rb", **kwargs: object) -> object:
        if "r" in mode:
            raise PermissionError(13, "Permission denied", path)
        return super()._open(path, mode, **kwargs)


def test_a_file_without_permission_or_a_folder_is_refused_on_its_own(tmp_path: Path) -> None:
    fsspec.register_implementation("denied", _Denied, clobber=True)
    _Denied().pipe("/locked/a.plotdoc", GOOD)
    (tmp_path / "folder.plotdoc").mkdir()
    (tmp_path / "b.plotdoc").write_bytes(GOOD)
    names = ["denied://locked/a.plotdoc", f"file://{tmp_path}/folder.plotdoc", str(tmp_path)]
    results = list(batch.run("validate", names, jobs=1))
    assert [r.ok for r in results] == [False, False, True]
    assert [_codes(r) for r in results[:2]] == [["file-unreadable"], ["file-unreadable"]]
    assert "Permission denied" in results[0].errors[0]["message"]
    assert "found a folder" in results[1].errors[0]["message"]
    assert not any(r.crashed for r in results)


def test_file_urls_globs_and_folders_resolve_to_the_files(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("a.plotdoc", "sub/b.plotdoc"):
        (tmp_path / name).write_bytes(GOOD)
    (tmp_path / "notes.txt").write_text("not a project")
    glob = [r.file for r in batch.run("validate", [f"file://{tmp_path}/*.plotdoc"], jobs=1)]
    assert glob == [f"file://{tmp_path}/a.plotdoc"]  # once, not a doubled path
    deep = list(batch.run("validate", [f"file://{tmp_path}/"], jobs=1))
    assert [r.file for r in deep] == [
        f"file://{tmp_path}/a.plotdoc",
        f"file://{tmp_path}/sub/b.plotdoc",
    ]
    assert all(r.ok for r in deep)
    no_slash = [r.file for r in batch.run("validate", [f"file://{tmp_path}"], jobs=1)]
    assert no_slash == [r.file for r in deep]


def test_a_memory_folder_url_is_walked(tmp_path: Path) -> None:
    fs = fsspec.filesystem("memory")
    fs.pipe("/walked/docs/one.plotdoc", GOOD)
    fs.pipe("/walked/docs/deep/two.plotdoc", BROKEN)
    fs.pipe("/walked/docs/readme.md", b"# not a project")
    results = list(batch.run("validate", ["memory://walked/docs/"], jobs=1))
    assert [(r.file, r.ok) for r in results] == [
        ("memory://walked/docs/deep/two.plotdoc", False),
        ("memory://walked/docs/one.plotdoc", True),
    ]
    rendered = list(
        batch.run("render", ["memory://walked/docs"], jobs=1, output=str(tmp_path / "out"))
    )
    assert [r.ok for r in rendered] == [False, True]
    assert rendered[1].outputs == (str(tmp_path / "out" / "one" / "Table_1.svg"),)


@pytest.fixture
def http_folder(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A folder served on 127.0.0.1 with directory index pages, as a plain web server does."""
    pytest.importorskip("aiohttp")
    root = tmp_path / "site"
    (root / "docs" / "deep").mkdir(parents=True)
    (root / "docs" / "one.plotdoc").write_bytes(GOOD)
    (root / "docs" / "deep" / "two.plotdoc").write_bytes(BROKEN)
    (root / "docs" / "index-not-a-project.txt").write_text("x")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", root
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_an_http_folder_index_is_walked(
    http_folder: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    base, _ = http_folder
    results = list(batch.run("validate", [f"{base}/docs/"], jobs=1))
    assert [(r.file, r.ok) for r in results] == [
        (f"{base}/docs/deep/two.plotdoc", False),
        (f"{base}/docs/one.plotdoc", True),
    ]
    missing = list(batch.run("validate", [f"{base}/docs/gone.plotdoc"], jobs=1))
    assert [_codes(r) for r in missing] == [["file-not-found"]]
    assert main(["validate", "-j", "1", f"{base}/docs/", f"{base}/docs/gone.plotdoc"]) == 1
    captured = capsys.readouterr()
    printed = captured.out + captured.err
    assert (
        "internal error" not in printed
        and "gone.plotdoc: error (document) [file-not-found]" in printed
    )


def test_analyze_reads_urls(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.plotdoc").write_bytes(EVERY)
    fsspec.filesystem("memory").pipe("/analyze-urls/b.plotdoc", EVERY)
    urls = [f"file://{tmp_path}/", "memory://analyze-urls/b.plotdoc"]
    urls.append("memory://analyze-urls/gone.plotdoc")
    code = main(["analyze", "-j", "1", "--allow-failed", "--output-format", "jsonl", *urls])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1  # the missing one
    assert [(r["file"], r["ok"]) for r in lines] == [
        (f"file://{tmp_path}/a.plotdoc", True),
        ("memory://analyze-urls/b.plotdoc", True),
        ("memory://analyze-urls/gone.plotdoc", False),
    ]
    assert lines[0]["tables"] == lines[1]["tables"] != []
    assert lines[2]["errors"][0]["code"] == "file-not-found"


def _tree(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def _projects(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "s0005.plotdoc").write_bytes(EVERY)
    (folder / "s0006.plotdoc").write_bytes(GOOD)
    (folder / "s0007.plotdoc").write_bytes(BROKEN)


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        processes=False,
        n_workers=2,
        threads_per_worker=1,
        dashboard_address=":0",
        silence_logs=logging.CRITICAL,
    )
    with cluster, distributed.Client(cluster) as c:
        yield c


def test_pool_and_cluster_render_write_the_same_files(
    tmp_path: Path, client: object, capsys: pytest.CaptureFixture[str]
) -> None:
    _projects(tmp_path / "in")
    address = client.scheduler.address  # type: ignore[attr-defined]
    on_pool = main(["render", "-j", "2", str(tmp_path / "in"), "-o", str(tmp_path / "pool")])
    pool_printed = capsys.readouterr().out.split()
    on_cluster = main(
        ["render", "--dask", address, str(tmp_path / "in"), "-o", str(tmp_path / "dask")]
    )
    dask_printed = capsys.readouterr().out.split()
    assert on_pool == on_cluster == 1  # one file refused either way
    pool_files = _tree(tmp_path / "pool")
    assert pool_files == _tree(tmp_path / "dask")
    assert "s0006/Table_1.svg" in pool_files and any(f.startswith("s0005/") for f in pool_files)
    assert [p.replace("/dask/", "/pool/") for p in dask_printed] == pool_printed
    for name in pool_files:
        pool_svg = (tmp_path / "pool" / name).read_bytes()
        assert pool_svg[:5] == (tmp_path / "dask" / name).read_bytes()[:5] == b"<?xml"
    missing = "memory://remote-missing-cluster/gone.plotdoc"
    assert main(["validate", "--dask", address, "--output-format", "jsonl", missing]) == 1
    line = json.loads(capsys.readouterr().out)
    assert [e["code"] for e in line["errors"]] == ["file-not-found"]  # not "crashed its worker"
    python = list(
        batch.run("render", [str(tmp_path / "in")], client=client, output=str(tmp_path / "py"))
    )
    assert [r.ok for r in python] == [True, True, False]
    assert _tree(tmp_path / "py") == pool_files


@pytest.mark.slow
def test_workers_in_another_folder_read_the_files_that_were_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Workers started in a folder holding a valid file of the same relative name as a broken
    one: the broken one must still be refused, and a file only this side has still found."""
    distributed = pytest.importorskip("distributed")
    decoy, here = tmp_path / "decoy", tmp_path / "here"
    (decoy / "reltest2").mkdir(parents=True)
    (decoy / "reltest2" / "study.plotdoc").write_bytes(GOOD)
    (here / "reltest2").mkdir(parents=True)
    (here / "reltest2" / "study.plotdoc").write_bytes(BROKEN)
    (here / "reltest2" / "only-here.plotdoc").write_bytes(GOOD)
    monkeypatch.chdir(decoy)  # the worker processes start here, and stay here
    cluster = distributed.LocalCluster(
        processes=True,
        n_workers=1,
        threads_per_worker=1,
        dashboard_address=":0",
        silence_logs=logging.CRITICAL,
    )
    with cluster, distributed.Client(cluster) as c:
        assert set(c.run(os.getcwd).values()) == {str(decoy)}
        monkeypatch.chdir(here)
        names = ["reltest2/study.plotdoc", "reltest2/only-here.plotdoc"]
        results = list(batch.run("validate", names, client=c))
        assert [(r.file, r.ok) for r in results] == [(names[0], False), (names[1], True)]
        assert _codes(results[0]) != ["file-not-found"]
        address = c.scheduler.address
        code = main(["validate", "--dask", address, "--output-format", "jsonl", "reltest2"])
        lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert code == 1
        assert [(r["file"], r["ok"]) for r in lines] == [
            ("reltest2/only-here.plotdoc", True),
            ("reltest2/study.plotdoc", False),
        ]
        code = main(["analyze", "--dask", address, "--output-format", "jsonl", "reltest2"])
        lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert code == 1
        assert [(r["file"], r["ok"]) for r in lines] == [
            ("reltest2/only-here.plotdoc", True),
            ("reltest2/study.plotdoc", False),
        ]
        assert main(["fmt", "--dask", address, "reltest2/only-here.plotdoc", "-o", "fmt"]) == 0
        assert (here / "fmt" / "only-here.plotdoc").is_file()
        assert not (decoy / "fmt").exists()
        assert main(["render", "--dask", address, "reltest2", "-o", "figs"]) == 1
        assert _tree(here / "figs") == ["only-here/Table_1.svg"]
        assert not (decoy / "figs").exists()
