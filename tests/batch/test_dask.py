"""plotdoc.batch: the same results, file for file, serially, on a pool and on a Dask cluster."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from plotdoc import batch
from plotdoc.cli import main

from ..conftest import CORPUS

distributed = pytest.importorskip("distributed")

GOOD = (CORPUS / "valid" / "minimal.plotdoc").read_bytes()


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    cluster = distributed.LocalCluster(
        processes=False,
        n_workers=2,
        threads_per_worker=1,
        dashboard_address=":0",  # a free port: two clusters never collide
        silence_logs=logging.CRITICAL,
    )
    with cluster, distributed.Client(cluster) as c:
        yield c


def _corpus(folder: Path, n: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        data = GOOD
        if i % 17 == 5:
            data = b'{"format": "plotdoc-project", "schemaVersion": 1'  # refused
        elif i % 23 == 7:
            data = GOOD.replace(b'"tables"', b'"tables"', 1).replace(b"{", b'{"bogus": 1,', 1)
        (folder / f"p{i:04}.plotdoc").write_bytes(data)


def test_validate_on_a_cluster_equals_the_serial_run(tmp_path: Path, client: object) -> None:
    _corpus(tmp_path / "in", 240)
    serial = list(batch.run("validate", [str(tmp_path / "in")], jobs=1))
    clustered = list(batch.run("validate", [str(tmp_path / "in")], client=client))
    pooled = list(batch.run("validate", [str(tmp_path / "in")], jobs=2))
    assert len(serial) == 240
    assert clustered == serial and pooled == serial
    refused = [r for r in serial if not r.ok]
    assert len(refused) == len([i for i in range(240) if i % 17 == 5 or i % 23 == 7])
    assert all(r.errors[0]["code"] for r in refused)


def test_render_on_a_cluster_with_a_file_that_crashes_the_drawing(
    tmp_path: Path, client: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import plotdoc.render as render

    _corpus(tmp_path / "in", 24)
    crash = tmp_path / "in" / "p0003.plotdoc"
    crash.write_bytes(
        GOOD.replace(b'"format": "column"', b'"name": "crash me", "format": "column"')
    )
    drawn = render.render_table_checked

    def draw(project, table, **kw):  # type: ignore[no-untyped-def]
        if table.name == "crash me":
            raise ZeroDivisionError("the drawing crashed")
        return drawn(project, table, **kw)

    monkeypatch.setattr(render, "render_table_checked", draw)
    serial = list(batch.run("render", [str(tmp_path / "in")], jobs=1, output=str(tmp_path / "a")))
    clustered = list(
        batch.run("render", [str(tmp_path / "in")], client=client, output=str(tmp_path / "b"))
    )
    assert [r.file for r in clustered] == [r.file for r in serial]
    for a, b in zip(serial, clustered, strict=True):
        assert (a.ok, a.errors, a.warnings, a.crashed) == (b.ok, b.errors, b.warnings, b.crashed)
        assert [Path(o).name for o in a.outputs] == [Path(o).name for o in b.outputs]
    crashed = next(r for r in serial if r.file.endswith("p0003.plotdoc"))
    assert crashed.errors[0]["code"] == "render-failed"
    assert "ZeroDivisionError" in crashed.errors[0]["message"]
    ok = [r for r in serial if r.ok]
    assert ok and all(r.outputs for r in ok)
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == sorted(
        p.name for p in (tmp_path / "b").iterdir()
    )


def test_a_crash_in_the_work_is_a_result_not_an_exception(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "a.plotdoc").write_bytes(GOOD)

    def boom(name: str) -> bytes:
        raise MemoryError("no memory left")

    monkeypatch.setattr(batch, "_read", boom)
    (result,) = batch.run("validate", [str(tmp_path / "a.plotdoc")], jobs=1)
    assert not result.ok and result.crashed == "MemoryError: no memory left"


def test_fsspec_urls_in_and_out(client: object) -> None:
    fsspec = pytest.importorskip("fsspec")
    fs = fsspec.filesystem("memory")
    for i in range(6):
        fs.pipe(f"/proj/sub/f{i}.plotdoc", GOOD if i != 2 else b"{")
    results = list(batch.run("validate", ["memory://proj/**/*.plotdoc"], client=client))
    assert [r.ok for r in results] == [True, True, False, True, True, True]
    rendered = list(
        batch.run("render", ["memory://proj/sub/f0.plotdoc"], jobs=1, output="memory://out")
    )
    assert rendered[0].outputs and rendered[0].outputs[0].startswith("memory://out/")
    assert fs.cat(rendered[0].outputs[0].removeprefix("memory://")).startswith(b"<?xml")


def test_the_command_line_on_a_cluster(
    tmp_path: Path, client: object, capsys: pytest.CaptureFixture[str]
) -> None:
    _corpus(tmp_path, 30)
    address = client.scheduler.address  # type: ignore[attr-defined]
    code = main(["validate", "--dask", address, "--output-format", "jsonl", str(tmp_path)])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1 and len(lines) == 30
    assert main(["validate", "-j", "1", "--output-format", "jsonl", str(tmp_path)]) == 1
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == lines


def test_without_dask_the_command_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "distributed" else real(name, *a),
    )
    (tmp_path / "a.plotdoc").write_bytes(GOOD)
    assert main(["validate", "--dask", "tcp://127.0.0.1:1", str(tmp_path)]) == 2
    assert "pip install 'plotdoc[dask]'" in capsys.readouterr().err


def die_once(item: str, folder: str) -> str:
    """Kill the worker process the first time it sees ``x3``, every time it sees ``always``."""
    import os

    marker = Path(folder) / f"{item}.died"
    if item == "always" or (item == "x3" and not marker.exists()):
        marker.touch()
        os._exit(1)
    return item.upper()


def test_a_lost_worker_is_replaced_and_its_files_run_again(tmp_path: Path) -> None:
    import sys

    import cloudpickle  # type: ignore[import-untyped]
    import dask

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers need not import tests
    items = [f"x{i}" for i in range(40)]
    items.insert(20, "always")
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        cluster = distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # a free port: two clusters never collide
            silence_logs=logging.CRITICAL,
        )
        with cluster, distributed.Client(cluster) as c:
            results = list(batch.cluster_map(die_once, items, c, str(tmp_path), chunk=4))
    assert [item for item, _ in results] == items
    assert (tmp_path / "x3.died").exists()  # its worker was lost, and it ran again
    for item, result in results:
        if item == "always":  # kills every worker it runs on: a result, not the end
            assert isinstance(result, Exception)
        else:
            assert result == item.upper()


def test_render_and_validate_on_a_cluster_from_the_command_line(
    tmp_path: Path,
    client: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _corpus(tmp_path / "in", 12)
    address = client.scheduler.address  # type: ignore[attr-defined]
    out = tmp_path / "figures"
    code = main(["render", "--dask", address, str(tmp_path / "in"), "-o", str(out)])
    captured = capsys.readouterr()
    serial = list(batch.run("render", [str(tmp_path / "in")], jobs=1, output=str(tmp_path / "a")))
    assert code == 1  # some files are refused
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted(p.name for p in (tmp_path / "a").iterdir())
    assert len(written) == sum(r.ok for r in serial) > 0
    assert all(str(out / name) in captured.out for name in written)
    assert "plotdoc render: 12 files," in captured.err
    assert main(["render", "--dask", address, str(tmp_path / "in")]) == 2  # needs -o DIR
    capsys.readouterr()
    monkeypatch.setenv("PLOTDOC_DASK", address)
    assert main(["validate", "--output-format", "jsonl", str(tmp_path / "in")]) == 1
    assert len(capsys.readouterr().out.splitlines()) == 12


def test_an_unreachable_scheduler_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import dask

    (tmp_path / "a.plotdoc").write_bytes(GOOD)
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        assert main(["validate", "--dask", "tcp://127.0.0.1:9", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "cannot reach a Dask scheduler at tcp://127.0.0.1:9" in err
    assert "internal error" not in err


@pytest.fixture
def twelve(tmp_path: Path, client: object) -> tuple[Path, str]:
    """A folder of twelve files (some refused, some with warnings) and the cluster's address."""
    _corpus(tmp_path / "in", 12)
    return tmp_path / "in", client.scheduler.address  # type: ignore[attr-defined]


def test_fmt_on_a_cluster_equals_the_serial_run(
    twelve: tuple[Path, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, address = twelve
    tmp_path = folder.parent
    argv = ["fmt", "--output-format", "jsonl", str(folder)]
    assert main([*argv, "--dask", address, "-o", str(tmp_path / "a")]) == 1  # some refused
    on_cluster = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert main([*argv, "-j", "1", "-o", str(tmp_path / "b")]) == 1
    serial = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(on_cluster) == 12 and sum(r["ok"] for r in on_cluster) > 0
    for a, b in zip(on_cluster, serial, strict=True):
        assert a.pop("written", "").replace("/a/", "/b/") == b.pop("written", "")
        assert a == b
    for path in (tmp_path / "b").iterdir():
        assert (tmp_path / "a" / path.name).read_bytes() == path.read_bytes()
    monkeypatch.setenv("PLOTDOC_DASK", address)  # the variable, and --check on the cluster
    assert main(["fmt", "--check", str(tmp_path / "a")]) == 0
    assert "plotdoc fmt: " in capsys.readouterr().err


def test_analyze_on_a_cluster_equals_the_serial_run(
    twelve: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, address = twelve
    argv = ["analyze", "--output-format", "jsonl", str(folder)]
    assert main([*argv, "--dask", address]) == 1  # some files are refused
    on_cluster = capsys.readouterr().out.splitlines()
    assert main([*argv, "-j", "1"]) == 1
    assert capsys.readouterr().out.splitlines() == on_cluster and len(on_cluster) == 12
