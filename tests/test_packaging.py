"""The built wheel carries the grammar and the vocabulary and works outside the source tree."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_installed_wheel_finds_grammar_and_vocabulary(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path / "dist"), str(REPO)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (wheel,) = (tmp_path / "dist").glob("promptlint_wire-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "promptlint/_data/grammars/pyrule.lark" in names
    assert "promptlint/_data/rules/vocabulary.yaml" in names
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
         str(wheel)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    policy = tmp_path / "p.pyrule"
    policy.write_text(
        '@rule("r1")\ndef r1(ctx):\n    "English."\n    require(reply_language("en"))\n'
        '@rule("r2")\ndef r2(ctx):\n    "Spanish."\n    if ctx.msg.language == "es":\n'
        '        require(reply_language("es"))\n'
    )
    code = (
        "import promptlint, promptlint.resources as r, sys\n"
        "print(promptlint.__file__)\nprint(r.data_dir('grammars'))\nprint(r.data_dir('rules'))\n"
        "from promptlint.cli import main\nmain(['check', '-f', 'concise', sys.argv[1]])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(policy)],
        cwd=tmp_path, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    lines = proc.stdout.splitlines()
    assert proc.returncode == 1, proc.stderr
    assert lines[0].startswith(str(target))
    assert lines[1].startswith(str(target)) and lines[2].startswith(str(target))
    assert "PL101 The rule on line 1 requires replying in English" in proc.stdout
