"""Shared test helpers. Tests never touch the network."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "fixtures"
#: ../shared next to the clone: the papers, examples and the corpus of real prompts
SHARED = (REPO / ".." / "shared").resolve()
CORPUS = SHARED / "corpus"
EXAMPLES = SHARED / "examples"


def needs_shared() -> pytest.MarkDecorator:
    return pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not present")


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not present")
    return SHARED


@pytest.fixture
def corpus_dir() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    return CORPUS


@pytest.fixture
def policy(tmp_path: Path) -> Path:
    """A copy of the example policy and its reviewed sidecar encoding."""
    import shutil

    example = REPO / "examples" / "support_bot.md"
    shutil.copy(example, tmp_path / "support_bot.md")
    shutil.copy(example.with_suffix(".md.pyrule"), tmp_path / "support_bot.md.pyrule")
    return tmp_path / "support_bot.md"


@pytest.fixture(autouse=True)
def _no_user_config(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test reads the developer's own configuration or PROMPTLINT_* variables."""
    import os

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg")))
    for var in list(os.environ):
        if var.startswith("PROMPTLINT_") and var != "PROMPTLINT_FUZZ_EXAMPLES":
            monkeypatch.delenv(var)
