"""Special files, write errors, the rules limit and the per-file deadline (issue 12)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from promptlint.cli.app import run

POLICY = "- Always answer in English.\n- If the user writes in Spanish, answer in Spanish.\n"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bot.md").write_text(POLICY)
    return tmp_path


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    t0 = time.monotonic()
    rc = run(["check", "--isolated", *argv])
    assert time.monotonic() - t0 < 8
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err
    return rc, out, err


def test_a_fifo_is_refused_without_blocking(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(repo / "pipe.md")
    rc, out, _ = _cli(capsys, "pipe.md", "-f", "concise")
    assert rc == 1 and "pipe.md:1:1: PL001 not a regular file" in out
    assert "All checks passed" not in out


def test_a_symlink_to_dev_zero_is_refused(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "zero.md").symlink_to("/dev/zero")
    rc, out, _ = _cli(capsys, "zero.md", "-f", "concise")
    assert rc == 1 and "zero.md:1:1: PL001 not a regular file" in out


def test_a_fifo_in_a_directory_does_not_hang_the_walk(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(repo / "pipe.md")
    rc, out, _ = _cli(capsys, ".", "-f", "concise")
    assert rc == 1 and "pipe.md:1:1: PL001 not a regular file" in out
    assert "PL101" in out


def test_a_symlink_loop_is_named(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "a.md").symlink_to("b.md")
    (repo / "b.md").symlink_to("a.md")
    rc, _, err = _cli(capsys, "a.md")
    assert rc == 2 and "a.md: PL001 broken symbolic link or link loop" in err


def test_the_size_cap_counts_bytes_read(repo: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    big = repo / "big.md"
    big.write_text("- Be kind.\n" * 300)
    real_fstat = os.fstat

    def lying_fstat(fd: int) -> os.stat_result:  # st_size says 0, as /proc files do
        st = real_fstat(fd)
        return os.stat_result((*st[:6], 0, *st[7:]))

    monkeypatch.setattr(os, "fstat", lying_fstat)
    (repo / "promptlint.toml").write_text("max-file-bytes = 1000\n")
    rc = run(["check", "big.md", "-f", "concise"])
    out = capsys.readouterr().out
    assert rc == 1 and "big.md:1:1: PL001 file is over the 1,000-byte limit" in out


def test_one_bad_file_does_not_hide_the_others(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(repo / "pipe.md")
    (repo / "deep.yaml").write_text("system: " + "[" * 300 + "]" * 300 + "\n")
    rc, out, _ = _cli(capsys, "pipe.md", "bot.md", "deep.yaml", "-f", "json")
    assert rc == 1
    found = {(d["path"], d["code"], d["line"], d["column"]) for d in json.loads(out)["diagnostics"]}
    assert ("bot.md", "PL101", 1, 3) in found
    assert {("pipe.md", "PL001", 1, 1), ("deep.yaml", "PL001", 1, 108)} <= found


def test_output_to_a_full_device_is_a_clear_error(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    rc, _, err = _cli(capsys, "bot.md", "-o", "/dev/full")
    assert rc == 2 and "--output-file: cannot write /dev/full: No space left on device" in err


def test_baseline_on_a_directory_is_a_clear_error(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "base").mkdir()
    for extra in ([], ["--write-baseline"]):
        rc, _, err = _cli(capsys, "bot.md", "--baseline", "base", *extra)
        assert rc == 2 and "base: PL003 --baseline is a directory" in err


def test_rules_over_the_limit_are_reported(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "many.md").write_text("".join(f"- Always mention fact {i}.\n" for i in range(30)))
    (repo / "promptlint.toml").write_text("max-rules-per-file = 10\n")
    rc = run(["check", "many.md", "-f", "json"])
    doc = json.loads(capsys.readouterr().out)
    (note,) = [d for d in doc["diagnostics"] if d["code"] == "PL009"]
    assert rc == 1 and note["line"] == 11 and note["severity"] == "warning"
    assert note["message"].startswith("30 rules, over the limit of 10")
    assert doc["files"][0]["rules"] == 10


def test_the_per_file_deadline_reports_the_file_and_goes_on(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import promptlint.pipeline as pipeline

    real = pipeline.check_group

    def slow_for_one(group: tuple[str, ...], *args: object) -> object:
        if group[0].endswith("slow.md"):
            while True:  # a pathological input nobody has found yet
                time.sleep(0.01)
        return real(group, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "check_group", slow_for_one)
    (repo / "slow.md").write_text(POLICY)
    t0 = time.monotonic()
    rc, out, _ = _cli(capsys, "slow.md", "bot.md", "--timeout-per-file", "0.5", "-f", "json")
    assert time.monotonic() - t0 < 5
    codes = {(d["path"], d["code"]) for d in json.loads(out)["diagnostics"]}
    assert codes == {("slow.md", "PL009"), ("bot.md", "PL101")}
    assert rc == 1


def test_library_use_arms_no_deadline(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import signal

    from promptlint.config import Config
    from promptlint.pipeline import check

    armed: list[object] = []
    monkeypatch.setattr(signal, "setitimer", lambda *a: armed.append(a) or (0.0, 0.0))
    check(["bot.md"], Config())
    assert armed == []
    check(["bot.md"], Config(timeout_per_file=5))
    assert armed[0] == (signal.ITIMER_REAL, 5)


@pytest.mark.parametrize(
    "unit",
    ["<!-- ", "{% ", "a-", "x, ", "“", "`x` ", "Always answer in English. "],
    ids=["html-comment", "jinja", "hyphens", "commas", "open-quote", "backticks", "sentence"],
)
def test_a_long_line_of_one_pattern_is_linear(
    repo: Path, capsys: pytest.CaptureFixture[str], unit: str
) -> None:
    # each of these took from 7 s to minutes on 150 KB (a quadratic regular expression)
    (repo / "line.md").write_text("Always use " + unit * (150_000 // len(unit)) + " now.\n")
    t0 = time.monotonic()
    rc = run(["check", "--isolated", "line.md", "--timeout-per-file", "0", "-f", "concise"])
    took = time.monotonic() - t0
    assert "internal error" not in capsys.readouterr().err and rc in (0, 1)
    assert took < 4, f"{took:.1f} s"
