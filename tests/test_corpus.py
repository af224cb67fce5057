"""Every prompt of the shared corpus lints offline without an error exit, with most of its
rules encoded, and reports no collision that is not one of the conflicts labelled in
tests/data/corpus_labels (the offline path must be quiet)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from promptlint.cli.app import run

LABELS = Path(__file__).parent / "data" / "corpus_labels"


def _norm(s: str) -> str:
    return " ".join(s.lower().split())


def _labelled(entry: dict, quotes: tuple[str, ...]) -> bool:
    a, b = (_norm(x) for x in entry["rules"])
    return (a in quotes[0] and b in quotes[1]) or (a in quotes[1] and b in quotes[0])


SUFFIXES = {".md", ".j2", ".jinja2", ".txt", ".yaml", ".json", ".ts", ".py"}


def _files(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.iterdir() if p.suffix in SUFFIXES and p.name != "SOURCES.md")


@pytest.mark.corpus
def test_corpus_lints_with_coverage_and_no_false_candidates(
    corpus_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _files(corpus_dir)
    assert len(files) >= 14
    coverage = []
    for f in files:
        code = run(["check", "--isolated", "--no-cache", "-f", "json", str(f)])
        out = capsys.readouterr()
        assert code in (0, 1), (f.name, out.err)  # 1: a finding, which must be labelled
        doc = json.loads(out.out)
        (stats,) = doc["files"]
        labels = yaml.safe_load((LABELS / f"{f.name}.expect.yaml").read_text("utf-8")) or {}
        for d in doc["diagnostics"]:
            if d["code"] in ("PL101", "PL102", "PL103", "PL104"):
                quotes = tuple(_norm(r["quote"]) for r in d["rules"])
                assert any(_labelled(e, quotes) for e in labels.get("expect") or []), (
                    f.name,
                    d["message"],
                )
        if stats["extracted"] >= 10:
            coverage.append(stats["rules"] / stats["extracted"])
    # measured 56-86% per file (docs/corpus.md); the floor catches a regression
    assert min(coverage) >= 0.5, coverage


REAL = Path(__file__).parent / "data" / "real_prompts"
REAL_LABELS = Path(__file__).parent / "data" / "real_labels"
#: the collisions the offline path reports on the extra prompts that no label names;
#: anything else unlabelled is a regression. Void, agent mode: "ALWAYS use tools ... to take
#: actions" against "do NOT use tools" for a greeting (docs/corpus.md). Read since the Python
#: and YAML loaders take long rule literals whatever their name (session 13): camel's two
#: role prompts (the assistant's and the user's, two constants of one file read as one
#: policy), and TaskWeaver's initial plan against its final plan (two parts of one output,
#: their subjects dropped by the generic encoder).
KNOWN_UNLABELLED = {
    ("void_prompts.ts", "if the user simply says hi", "always use tools (edit"),
    ("camel_ai_society.py", "never instruct me", "you will always instruct me"),
    ("camel_ai_society.py", "always end <your_solution> with", "only reply with a single word"),
    ("taskweaver_planner_prompt.yaml", "the initial plan must contain", "final plan must not"),
}


def test_extra_real_prompts_offline_report_nothing_unlabelled(
    capsys: pytest.CaptureFixture[str],
) -> None:
    files = [f for f in _files(REAL) if f.name != "README.md"]
    assert len(files) >= 15
    unlabelled = set()
    for f in files:
        run(["check", "--isolated", "--no-cache", "-f", "json", str(f)])
        doc = json.loads(capsys.readouterr().out)
        labels = yaml.safe_load((REAL_LABELS / f"{f.name}.expect.yaml").read_text("utf-8"))
        for d in doc["diagnostics"]:
            if d["code"] in ("PL101", "PL102", "PL103", "PL104"):
                quotes = tuple(_norm(r["quote"]) for r in d["rules"])
                if not any(_labelled(e, quotes) for e in (labels or {}).get("expect") or []):
                    unlabelled.add((f.name, *quotes))
    known = {
        u for u in unlabelled for k in KNOWN_UNLABELLED
        if u[0] == k[0] and any(k[1] in q for q in u[1:]) and any(k[2] in q for q in u[1:])
    }  # fmt: skip
    assert unlabelled == known and len(known) <= len(KNOWN_UNLABELLED), unlabelled


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "labelled", "found", "reported"),
    # measured in session 16 (docs/evaluation.md; 9, 14, 19, 7 reported in session 15,
    # before PL109 held back loose overlaps and one-line pairs); the offline path is still
    # far from quiet on these real sets, and these bounds keep it from getting louder
    [("t", 24, 2, 8), ("u", 9, 1, 3), ("v", 15, 0, 14), ("w", 11, 0, 4), ("x", 15, 0, 13)],
)
def test_real_sets_offline_stay_within_their_measured_reports(
    capsys: pytest.CaptureFixture[str], name: str, labelled: int, found: int, reported: int
) -> None:
    labels_dir = Path(__file__).parent / "data" / f"real_labels_{name}"
    n_labelled = n_found = n_reported = 0
    for label in sorted(labels_dir.glob("*.expect.yaml")):
        f = REAL / name / label.name.removesuffix(".expect.yaml")
        if f.suffix == ".go":
            continue  # no Go loader (PL001): its conflict is missed on every path
        expect = (yaml.safe_load(label.read_text("utf-8")) or {}).get("expect") or []
        n_labelled += len(expect)
        run(["check", "--isolated", "--no-cache", "-f", "json", "--extension",
             "avanterules:jinja", str(f)])  # fmt: skip
        doc = json.loads(capsys.readouterr().out)
        pairs = [tuple(_norm(r["quote"]) for r in d["rules"]) for d in doc["diagnostics"]
                 if d["code"] in ("PL101", "PL102", "PL103", "PL104")]  # fmt: skip
        n_reported += len(pairs)
        n_found += sum(any(_labelled(e, q) for q in pairs) for e in expect)
    assert (n_labelled, n_found) == (labelled, found) and n_reported <= reported
