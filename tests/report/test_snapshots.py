"""Every reporter renders one shared set of findings; volatile fields are blanked."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

import promptlint
from promptlint.config import Config
from promptlint.pipeline import check
from promptlint.report import FORMATS

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> object:
    d = tmp_path_factory.mktemp("snap")
    ex = REPO / "examples" / "support_bot.md"
    shutil.copy(ex, d / "support_bot.md")
    shutil.copy(ex.with_suffix(".md.pyrule"), d / "support_bot.md.pyrule")
    (d / "dead.pyrule").write_text(
        '@rule("r1")\ndef r1(ctx):\n    "Minors who are adults: be formal."\n'
        '    if ctx.user.age < 18 and ctx.user.age >= 18:\n        require(reply_style("formal"))\n'
    )
    return check([str(d / "support_bot.md"), str(d / "dead.pyrule")], Config()), str(d)


def _blank(text: str, root: str) -> str:
    text = text.replace(root, "<ROOT>").replace(promptlint.__version__, "<VERSION>")
    # SARIF's %SRCROOT% is the checkout the tests run in
    text = text.replace(REPO.as_uri() + "/", "<REPO>/")
    text = re.sub(r'"seconds": [0-9.e-]+', '"seconds": 0', text)
    # fingerprints hash the absolute temp path here; their stability is tested elsewhere
    return re.sub(r'("fingerprint"|"promptlint/v1"): "[0-9a-f]+"', r'\1: "<FP>"', text)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_reporter_snapshot(
    fmt: str, report: tuple[object, str], snapshot: SnapshotAssertion
) -> None:
    rep, root = report
    text = FORMATS[fmt](rep)
    if fmt in ("json", "sarif"):
        json.loads(text)  # machine formats always parse
    assert _blank(text, root) == snapshot


def test_json_contract_fields_are_never_removed(report: tuple[object, str]) -> None:
    rep, _ = report
    doc = json.loads(FORMATS["json"](rep))
    assert {"version", "files", "diagnostics"} <= set(doc)
    for f in doc["files"]:
        assert {"path", "rules", "clauses", "comparisons", "candidates"} <= set(f)
    for d in doc["diagnostics"]:
        assert {"code", "category", "severity", "message", "path", "line", "column",
                "end_line", "end_column", "rules"} <= set(d)  # fmt: skip
        for r in d["rules"]:
            assert {"id", "path", "line", "end_line", "quote"} <= set(r)
    collisions = [d for d in doc["diagnostics"] if d["category"] == "collision"]
    assert collisions and all("witness" in d and "surface" in d for d in collisions)
