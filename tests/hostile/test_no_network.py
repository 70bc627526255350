"""Nothing is fetched or run: documents whose every free string points at a network address or
a local file open, save and reopen without one connection, name lookup or child process.

Two nets: in-process, ``socket.socket``, ``socket.create_connection`` and name lookups are
replaced by recorders that refuse; in a child process, a Python audit hook (which no code can
remove or go around) records every socket, urllib, subprocess and exec event.
"""

from __future__ import annotations

import copy
import json
import socket
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import plotdoc.writer as writer
from plotdoc.api import loads, open_project, validate
from plotdoc.contract.nodes import Str

from .documents import ROOT, Json, complete, encode, fields, get, resolve_ref

ADDRESSES = (
    "http://192.0.2.1/schemas/project/v1.json",
    "https://example.invalid/x.json",
    "file:///etc/passwd",
    "ftp://192.0.2.1/pub",
    "//192.0.2.1/share",
    "\\\\192.0.2.1\\share\\x.plotdoc",
    "ldap://192.0.2.1/a",
    "data:application/json;base64,e30=",
    "jar:http://192.0.2.1/a!/b",
    "${jndi:ldap://192.0.2.1/a}",
    '=HYPERLINK("http://192.0.2.1")',
    "__import__('os').system('touch /tmp/plotdoc-pwned')",
)


def networked_document() -> dict[str, Json]:
    """The complete document with every free-form string replaced by an address."""
    doc = complete()
    n = 0
    for field in list(fields(doc, ROOT)):
        node = resolve_ref(field.node)
        if not isinstance(node, Str) or node.pattern is not None or not field.path:
            continue
        value = get(doc, field.path)
        if not isinstance(value, str):
            continue
        address = ADDRESSES[n % len(ADDRESSES)]
        n += 1
        limit = node.max_len or len(address)
        get(doc, field.path[:-1])[field.path[-1]] = address[:limit]
    # data set names must stay unique; ttest groups name them
    table = doc["tables"][0]
    table["analyses"][0]["params"].update(groupA=None, groupB=None)
    doc["view"]["activeTableId"] = table["id"]
    doc["$schema"] = ADDRESSES[0]
    doc["generator"]["url"] = ADDRESSES[1]
    doc["meta"]["source"] = ADDRESSES[0]
    doc["meta"]["license"] = ADDRESSES[2]
    doc["usermeta"] = {
        "$ref": ADDRESSES[0],
        "$schema": ADDRESSES[1],
        "$id": ADDRESSES[0],
        "links": list(ADDRESSES),
        ADDRESSES[0]: {"$ref": "#/definitions/Table"},
    }
    table["usermeta"] = {"$ref": ADDRESSES[1], "@context": ADDRESSES[0]}
    return doc


class Recorder:
    def __init__(self) -> None:
        self.attempts: list[str] = []

    def refuse(self, what: str) -> Any:
        def blocked(*args: Any, **kwargs: Any) -> Any:
            self.attempts.append(f"{what}{args!r}")
            raise OSError(f"network blocked by the test: {what}")

        return blocked


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    rec = Recorder()
    monkeypatch.setattr(socket, "socket", rec.refuse("socket.socket"))
    monkeypatch.setattr(socket, "create_connection", rec.refuse("socket.create_connection"))
    monkeypatch.setattr(socket, "getaddrinfo", rec.refuse("socket.getaddrinfo"))
    monkeypatch.setattr(socket, "gethostbyname", rec.refuse("socket.gethostbyname"))
    monkeypatch.setattr(subprocess, "Popen", rec.refuse("subprocess.Popen"))
    return rec


def test_the_document_points_everywhere() -> None:
    doc = networked_document()
    text = encode(doc).decode()
    assert text.count("192.0.2.1") > 30
    assert validate(encode(doc), build=True).errors == []


def test_opening_and_saving_make_no_connection(no_network: Recorder, tmp_path: Path) -> None:
    data = encode(networked_document())
    report = validate(data, build=True)
    assert report.errors == []
    project = loads(data)
    assert project.schema_url == ADDRESSES[0]
    target = tmp_path / "linked.plotdoc"
    writer.save_project(project, target)
    again = open_project(target)
    assert again.usermeta["$ref"] == ADDRESSES[0]
    assert no_network.attempts == []
    assert not Path("/tmp/plotdoc-pwned").exists()


def test_refused_documents_make_no_connection(no_network: Recorder) -> None:
    doc = networked_document()
    broken = copy.deepcopy(doc)
    broken["tables"][0]["format"] = ADDRESSES[0]
    assert validate(encode(broken)).errors
    assert validate(b'{"$schema":"' + ADDRESSES[0].encode() + b'"}').errors
    assert no_network.attempts == []


AUDITED = textwrap.dedent(
    """
    import json, sys

    events = []
    WATCH = ("socket.", "urllib.", "http.", "ftplib.", "smtplib.", "subprocess.", "os.system",
             "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "webbrowser.")

    def hook(event, args):
        if event.startswith(WATCH):
            events.append(event)

    sys.addaudithook(hook)

    from plotdoc.api import loads, open_project, validate
    from plotdoc.writer import save_project

    data = sys.stdin.buffer.read()
    validate(data, build=True)
    project = loads(data)
    save_project(project, sys.argv[1])
    open_project(sys.argv[1])
    print(json.dumps(events))
    """
)


def test_an_audit_hook_sees_no_network_or_process_event(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", AUDITED, str(tmp_path / "audited.plotdoc")],
        input=encode(networked_document()),
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert json.loads(proc.stdout.decode().strip().splitlines()[-1]) == []
