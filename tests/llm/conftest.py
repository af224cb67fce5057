"""Fixtures of the model-backend tests (all local: a scripted server on 127.0.0.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

#: a fake key: tests grep outputs and files for it to prove it is never written
KEY = "sk-test-SECRET-0123456789abcdef"


@pytest.fixture
def project(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """A temporary project holding the test module's ``POLICY`` as ``bot.md``, with the
    key set and no endpoint configured from the environment."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", getattr(request.module, "KEY", KEY))
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    (tmp_path / "bot.md").write_text(request.module.POLICY)
    return tmp_path


@pytest.fixture
def per_rule_stages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the per-rule model stages (extraction and encoding) by default: the modules
    that test those keep their scripted servers free of whole-policy requests."""
    import promptlint.llm.settings as settings

    monkeypatch.setattr(settings, "DEFAULT_STAGES", ("extract", "encode"))
