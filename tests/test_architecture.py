"""The layering and the z3/openai import rules of pyproject's [tool.importlinter] hold."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import promptlint

REPO = Path(__file__).resolve().parents[1]


def test_import_contracts_hold() -> None:
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    if not Path(exe).exists():
        pytest.skip("import-linter is not installed")
    proc = subprocess.run(
        [exe, "--config", str(REPO / "pyproject.toml")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_check_does_not_import_heavy_modules_for_a_clean_pyrule(tmp_path: Path) -> None:
    """A check with no same-surface hard pair must not pay for openai/libcst/tree-sitter/z3/asyncio."""
    f = tmp_path / "p.pyrule"
    f.write_text(
        '@rule("r1")\ndef r1(ctx):\n    "Use emoji."\n    require(emoji())\n',
        encoding="utf-8",
    )
    code = (
        "import sys\n"
        "from promptlint.cli import run\n"
        f"rc = run(['check', '--output-format', 'concise', {str(f)!r}])\n"
        "heavy = [m for m in ('openai', 'libcst', 'tree_sitter', 'z3', 'asyncio') if m in sys.modules]\n"
        "print(rc, heavy)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip().endswith("[]"), proc.stdout + proc.stderr


def test_version_imports_neither_the_cli_framework_nor_any_stage() -> None:
    """`promptlint --version` answers before typer, rich or any analysis module loads."""
    code = (
        "import sys\n"
        "from promptlint.cli import main\n"
        "try:\n"
        "    main(['--version'])\n"
        "except SystemExit as e:\n"
        "    assert e.code == 0, e.code\n"
        "mods = ('typer', 'click', 'rich', 'pydantic', 'yaml', 'lark', 'z3', 'openai', 'libcst',\n"
        "        'tree_sitter', 'importlib.metadata')\n"
        "loaded = [m for m in mods if m in sys.modules]\n"
        "loaded += [m for m in sys.modules if m.startswith('promptlint.') and m != 'promptlint.cli']\n"
        "print(loaded)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    first, last = proc.stdout.strip().splitlines()
    assert first == f"promptlint {promptlint.__version__}"
    assert last == "[]", proc.stdout


def test_the_version_the_package_reports_is_the_installed_one() -> None:
    """The build reads the version from ``promptlint/__init__.py``: they cannot differ."""
    from importlib.metadata import version

    assert version("promptlint-wire") == promptlint.__version__


@pytest.mark.slow
def test_the_package_type_checks_strictly() -> None:
    """`mypy --strict` (configured in pyproject.toml) stays clean."""
    pytest.importorskip("mypy")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(REPO / ".mypy_cache")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
