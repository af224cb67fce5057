"""Nothing in a .pyrule file is ever executed or imported."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ATTACKS = {
    "dunder_import": '__import__("os").system("touch {marker}")',
    "open": 'open("{marker}", "w")',
    "exec": "exec(\"open('{marker}', 'w')\")",
    "eval_condition": "if eval(\"open('{marker}', 'w')\"):\n        require(emoji())",
    "import": "import os",
    "sign_arg": 'require(reply_contains(open("{marker}", "w")))',
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_code_in_a_rule_is_rejected_and_has_no_effect(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from promptlint.cli.app import run

    marker = tmp_path / "pwned"
    body = ATTACKS[name].format(marker=marker)
    f = tmp_path / "evil.pyrule"
    f.write_text(f'@rule("r1")\ndef r1(ctx):\n    "Quote."\n    {body}\n', encoding="utf-8")
    assert run(["compile", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{f}:") and " PL002 " in err
    assert not marker.exists()
    # in `check`, a broken encoding is a located finding and the other files still run
    assert run(["check", str(f), "-f", "concise"]) == 1
    assert f"{f}:4:" in capsys.readouterr().out
    assert not marker.exists()


def test_subprocess_run_exits_2_without_traceback(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    f = tmp_path / "evil.pyrule"
    f.write_text(
        f'@rule("r1")\ndef r1(ctx):\n    "Q."\n    __import__("os").system("touch {marker}")\n',
        encoding="utf-8",
    )
    proc = subprocess.run(
        [sys.executable, "-m", "promptlint", "compile", str(f)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"{f}:4:5: PL002 ")
    assert not marker.exists()
