"""``--batch``: every request through the Batch API of a fake endpoint (``/v1/files``,
``/v1/batches``): a batch that expires, one with failed lines and a run killed while it
polls and then resumed all end with results identical to the direct run's."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fake_batch import BatchServer
from rundirs import KEY, project, use_endpoint
from scripted import Script

from promptlint.cli import run

SUBJECTS = "earlier,later,both,refuses,malformed,ratelimited"
ARGS = ["probe", "bot.md", "--models", SUBJECTS, "--seeds", "seeds.jsonl", "--regimes",
        "pot,tah", "--tools", "tools.json", "--samples", "2", "--run-dir", "run",
        "-f", "json", "-o", "out.json"]  # fmt: skip
#: what must not differ between a direct and a batch run
SAME = ("pairs", "witnesses", "attempts", "unrealized", "trials", "profiles", "not_done")


@pytest.fixture
def env() -> Iterator[None]:
    cwd, saved = os.getcwd(), dict(os.environ)
    try:
        yield
    finally:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(saved)


def _project(root: Path, url: str) -> Path:
    project(root)
    with (root / "promptlint.toml").open("a") as f:
        f.write("batch-poll-s = 0.05\n")
    use_endpoint(root, url)
    os.chdir(root)
    return root


def _result(root: Path) -> dict[str, Any]:
    doc = json.loads((root / "out.json").read_text())
    return {k: doc[k] for k in SAME}


@pytest.fixture(scope="module")
def direct(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The run without batches, on the same scripted answers."""
    cwd, saved = os.getcwd(), dict(os.environ)
    try:
        with BatchServer(Script()) as srv:
            root = _project(tmp_path_factory.mktemp("direct") / "p", srv.url)
            assert run(ARGS) == 0
            assert srv.created == [] and srv.direct
    finally:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(saved)
    return _result(root)


def test_expired_batch_and_failed_lines_give_the_direct_results(
    env: None, tmp_path: Path, direct: dict[str, Any]
) -> None:
    # the first batch expires after one line; the second fails its first two lines once
    with BatchServer(Script(), plan={1: {"expire_after": 1}, 2: {"fail": 2}}) as srv:
        root = _project(tmp_path / "p", srv.url)
        assert run([*ARGS, "--batch"]) == 0
    assert srv.direct == []  # nothing went around the Batch API
    statuses = [srv.batches[b]["status"] for b in srv.created]
    assert statuses[0] == "expired" and set(statuses[1:]) == {"completed"}
    assert len(srv.failed_once) == 2
    # what the expired batch did not run, and the failed lines, ran again in later batches
    ran = [cid for b in srv.created for cid in srv.ran.get(b, [])]
    first = srv.files[srv.batches["batch-1"]["input_file_id"]].decode().splitlines()
    assert all(json.loads(line)["custom_id"] in ran for line in first)
    assert _result(root) == direct
    state = list((root / "run" / "batches").rglob("batch-*.json"))
    assert state and all(json.loads(p.read_text())["results"] is not None for p in state)
    blob = b"".join(p.read_bytes() for p in root.rglob("*") if p.is_file())
    assert KEY.encode() not in blob


def test_a_run_killed_while_polling_resumes_its_batches(
    env: None, tmp_path: Path, direct: dict[str, Any]
) -> None:
    hold = threading.Event()
    with BatchServer(Script(), plan={1: {"hold": hold}}) as srv:
        root = _project(tmp_path / "p", srv.url)
        proc = subprocess.Popen([sys.executable, "-m", "promptlint", *ARGS, "--batch"],
                                cwd=root, env=dict(os.environ), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)  # fmt: skip
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (
            "batch-1" not in srv.batches or srv.batches["batch-1"]["polls"] < 3
        ):
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.05)
        assert srv.batches["batch-1"]["status"] == "in_progress"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        if proc.stderr:
            proc.stderr.close()
        assert srv.created == ["batch-1"]  # killed before anything else was sent
        hold.set()
        assert run([*ARGS, "--batch", "--resume"]) == 0
    # the batch the killed run left was polled to its end, not created again
    first = [json.loads(x)["custom_id"]
             for x in srv.files[srv.batches["batch-1"]["input_file_id"]].decode().splitlines()]  # fmt: skip
    later = {json.loads(x)["custom_id"] for b in srv.created[1:]
             for x in srv.files[srv.batches[b]["input_file_id"]].decode().splitlines()}  # fmt: skip
    assert first and not set(first) & later
    assert srv.ran["batch-1"] == first
    assert srv.direct == []
    assert _result(root) == direct
