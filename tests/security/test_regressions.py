"""Every input in tests/regressions/ (minimized reproductions of hangs, crashes and
internal errors) against what ``expect.yaml`` says ``check`` must do now."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
import yaml

from promptlint.cli.app import run

HERE = Path(__file__).resolve().parents[1] / "regressions"
EXPECT: dict[str, dict[str, object]] = yaml.safe_load((HERE / "expect.yaml").read_text())
POLICY = "- Always answer in English.\n- If the user writes in Spanish, answer in Spanish.\n"


def test_every_regression_file_has_an_expectation() -> None:
    files = {p.relative_to(HERE).as_posix() for p in HERE.rglob("*") if p.is_file()}
    assert files - {"expect.yaml"} == set(EXPECT)


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_regression(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    source = HERE / name
    if name.startswith("config/"):
        shutil.copy(source, tmp_path / "promptlint.toml")
        (tmp_path / "bot.md").write_text(POLICY)
        args = ["check", "bot.md", "-f", "concise"]
    else:
        shutil.copy(source, tmp_path / source.name)
        args = ["check", "--isolated", source.name, "-f", "concise"]
    t0 = time.monotonic()
    rc = run(args)
    took = time.monotonic() - t0
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err
    assert rc == EXPECT[name]["exit"], out + err
    assert str(EXPECT[name]["says"]) in out + err
    assert took < 8, f"{name} took {took:.1f} s"
