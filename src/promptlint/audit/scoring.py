"""Scoring a rater's labels against the machine's answers: agreement per stage as a
percentage with its 95% Wilson interval and Cohen's kappa with its 95% interval (large-
sample standard error of Fleiss, Cohen and Everitt 1969), as in WIRE's Table 5."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from promptlint.audit.units import STAGE_TITLES, STAGES
from promptlint.errors import InputError
from promptlint.stats import cohen_kappa, wilson

__all__ = ["Agreement", "StageScore", "read_key", "read_labels", "render_scores", "score"]

#: the unit each stage audits, for the table
_UNIT = {"extraction": "spans", "encoding": "rules", "triage": "rule pairs",
         "witness": "requests", "judging": "trials"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Agreement:
    n: int
    agree: int
    #: 95% Wilson interval of the agreement share; None when n = 0
    interval: tuple[float, float] | None
    kappa: Fraction | None
    kappa_interval: tuple[float, float] | None
    kappa_se: float | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "labels": self.n, "agree": self.agree,
            "agreement_pct": 100 * self.agree / self.n if self.n else None,
            "agreement_interval_pct": [100 * x for x in self.interval] if self.interval else None,
            "kappa": float(self.kappa) if self.kappa is not None else None,
            "kappa_exact": str(self.kappa) if self.kappa is not None else None,
            "kappa_se": self.kappa_se,
            "kappa_interval": list(self.kappa_interval) if self.kappa_interval else None,
        }  # fmt: skip


def _agreement(pairs: Sequence[tuple[str, str]]) -> Agreement:
    n = len(pairs)
    agree = sum(a == b for a, b in pairs)
    if n == 0:
        return Agreement(0, 0, None, None, None, None)
    k = cohen_kappa(pairs)
    return Agreement(n, agree, wilson(agree, n), k.kappa, k.interval, k.se)


@dataclass(frozen=True, slots=True)
class StageScore:
    stage: str
    units: int
    #: questions in the packet and how many the rater left blank
    questions: int
    unlabelled: int
    overall: Agreement
    by_stratum: dict[str, Agreement]
    #: per question kind where a unit asks several (judging: governs / complies)
    by_question: dict[str, Agreement]
    notes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "stage": self.stage, "title": STAGE_TITLES[self.stage], "units": self.units,
            "questions": self.questions, "unlabelled": self.unlabelled,
            **self.overall.to_dict(),
            "by_stratum": {k: v.to_dict() for k, v in self.by_stratum.items()},
            "by_question": {k: v.to_dict() for k, v in self.by_question.items()},
            "notes": list(self.notes),
        }  # fmt: skip


def read_key(path: Path) -> list[dict[str, Any]]:
    rows = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise InputError(f"cannot read the audit key: {err.strerror}", path=str(path)) from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            rows.append({k: row[k] for k in ("id", "stage", "unit", "question", "stratum",
                                             "choices", "machine")})  # fmt: skip
        except (ValueError, KeyError, TypeError):
            raise InputError("not an audit key line", path=str(path), line=n) from None
    return rows


def read_labels(path: Path, key: Sequence[dict[str, Any]]) -> dict[str, str]:
    """The rater's labels by question id, from CSV (columns ``id`` and ``label``) or JSONL
    (``{"id": ..., "label": ...}``); blank labels are left out (reported as unlabelled).
    An unknown id, a label outside the question's choices or a repeated id is an error
    located at its line."""
    choices = {row["id"]: row["choices"] for row in key}
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read the labels: {err}", path=str(path)) from None
    entries: list[tuple[int, Any, Any]] = []
    if path.suffix.lower() == ".csv":
        reader = csv.DictReader(text.splitlines())
        if not reader.fieldnames or not {"id", "label"} <= set(reader.fieldnames):
            raise InputError("the labels CSV needs the columns id and label", path=str(path),
                             line=1)  # fmt: skip
        entries = [(reader.line_num, row.get("id"), row.get("label")) for row in reader]
    elif path.suffix.lower() in (".jsonl", ".ndjson"):
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError:
                raise InputError("not a JSON line", path=str(path), line=n) from None
            if not isinstance(row, dict):
                raise InputError('expected {"id": ..., "label": ...}', path=str(path), line=n)
            entries.append((n, row.get("id"), row.get("label")))
    else:
        raise InputError("labels must be a .csv or .jsonl file", path=str(path))
    labels: dict[str, str] = {}
    for n, qid, label in entries:
        if not isinstance(qid, str) or qid not in choices:
            raise InputError(f"unknown question id {qid!r}", path=str(path), line=n,
                             hint="ids are the ones in the packet's labels.csv")  # fmt: skip
        if label is None or (isinstance(label, str) and not label.strip()):
            continue
        value = str(label).strip().lower()
        if value not in choices[qid]:
            raise InputError(f"label {label!r} for {qid} is not one of "
                             f"{', '.join(choices[qid])}", path=str(path), line=n)  # fmt: skip
        if qid in labels:
            raise InputError(f"{qid} is labelled twice", path=str(path), line=n)
        labels[qid] = value
    return labels


def score(key: Sequence[dict[str, Any]], labels: dict[str, str]) -> list[StageScore]:
    """Agreement of the rater with the machine, per stage present in the key."""
    out = []
    for stage in STAGES:
        rows = [r for r in key if r["stage"] == stage]
        if not rows:
            continue
        done = [r for r in rows if r["id"] in labels]
        pairs = [(r["machine"], labels[r["id"]]) for r in done]
        strata: dict[str, list[tuple[str, str]]] = {}
        kinds: dict[str, list[tuple[str, str]]] = {}
        for r, p in zip(done, pairs, strict=True):
            strata.setdefault(r["stratum"], []).append(p)
            kind = r["question"].split("_", 1)[-1]
            kinds.setdefault(kind, []).append(p)
        notes = list(_notes(stage, done, labels))
        if {p[0] for p in pairs} == {p[0] for p in pairs[:1]} and pairs:
            notes.append("the machine gave one answer to every labelled item: kappa is 0 or "
                         "undefined by construction; read the agreement")  # fmt: skip
        out.append(StageScore(
            stage, len({r["unit"] for r in done}), len(rows), len(rows) - len(done),
            _agreement(pairs), {k: _agreement(v) for k, v in sorted(strata.items())},
            {k: _agreement(v) for k, v in sorted(kinds.items())} if len(kinds) > 1 else {},
            tuple(notes),
        ))  # fmt: skip
    return out


def _notes(stage: str, done: Sequence[dict[str, Any]], labels: dict[str, str]) -> list[str]:
    def share(rows: list[dict[str, Any]], label: str) -> str:
        k = sum(labels[r["id"]] == label for r in rows)
        return f"{k} of {len(rows)}" + (f" ({100 * k / len(rows):.1f}%)" if rows else "")

    if stage in ("extraction", "encoding"):
        mine = [r for r in done if r["machine"] == "yes"]
        what = "extracted spans" if stage == "extraction" else "encodings"
        return [f"faithful: {share(mine, 'yes')} {what}"] if mine else []
    if stage == "triage":
        non = [r for r in done if r["machine"] == "no"]
        cand = [r for r in done if r["machine"] == "yes"]
        out = [f"missed conflicts: {share(non, 'yes')} non-candidate pairs"] if non else []
        return out + ([f"confirmed: {share(cand, 'yes')} candidates"] if cand else [])
    if stage == "judging":
        return [f"{len({r['unit'] for r in done})} trials / {len(done)} labels"]
    return []


def _pct(a: Agreement) -> str:
    if not a.n or a.interval is None:
        return "-"
    lo, hi = a.interval
    return f"{100 * a.agree / a.n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"


def _kappa(a: Agreement) -> str:
    if not a.n:
        return "-"
    if a.kappa is None or a.kappa_interval is None:
        return "undefined"
    lo, hi = a.kappa_interval
    return f"{float(a.kappa):.3f} ({lo:.3f} to {hi:.3f})"


def render_scores(scores: Sequence[StageScore]) -> str:
    """The table WIRE reports (Table 5), one row per stage and per question kind."""
    import io

    from rich.console import Console
    from rich.table import Table

    out = io.StringIO()
    console = Console(file=out, width=160, force_terminal=False, color_system=None,
                      highlight=False)  # fmt: skip
    table = Table(title="Audit: agreement of the rater with the pipeline", title_justify="left")
    for name in ("stage", "audit unit", "labels", "agreement (95% CI)", "kappa (95% CI)",
                 "result"):  # fmt: skip
        table.add_column(name, justify="right" if name == "labels" else "left")
    for s in scores:
        unit = f"{s.units} {_UNIT[s.stage]}"
        if s.unlabelled:
            unit += f" ({s.unlabelled} questions unlabelled)"
        table.add_row(STAGE_TITLES[s.stage], unit, str(s.overall.n), _pct(s.overall),
                      _kappa(s.overall), "; ".join(s.notes))  # fmt: skip
        for kind, a in s.by_question.items():
            table.add_row(f"  {kind}", "", str(a.n), _pct(a), _kappa(a), "")
    console.print(table)
    return out.getvalue()
