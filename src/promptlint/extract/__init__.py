"""Rule extraction: policy text -> source-grounded rule records (DESIGN §3).

Every record's quote is verified verbatim against the source; a record whose quote is
not found is rejected and reported, never kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from promptlint.errors import ConfigError
from promptlint.objects import Policy

__all__ = [
    "SKIPPED_BY_MODEL",
    "Extraction",
    "Extractor",
    "Rejected",
    "addresses_the_model",
    "get_extractor",
    "verify_quotes",
    "whole_rules",
]


@dataclass(frozen=True, slots=True)
class Rejected:
    """A record that was dropped; reported as a diagnostic."""

    quote: str
    reason: str
    path: str
    line: int | None = None
    #: "quote" (not verbatim in the source), "failed" (the model call failed) or
    #: "budget" (not sent: the budget was reached)
    kind: str = "quote"
    end_line: int | None = None


@dataclass(frozen=True, slots=True)
class Extraction:
    #: ids r1.. in source order across the whole group
    records: tuple[Any, ...]
    rejected: tuple[Rejected, ...]


class Extractor(Protocol):
    def extract(self, policies: Sequence[Policy]) -> Extraction: ...


def verify_quotes(extraction: Extraction, policies: Sequence[Policy]) -> Extraction:
    """Keep records whose quote is verbatim at their span in the file; reject the rest."""
    texts = {p.path: p for p in policies}
    kept, rejected = [], list(extraction.rejected)
    for r in extraction.records:
        policy = texts.get(r.span.path)
        ok = policy is not None and any(r.quote in seg.text for seg in policy.segments)
        if ok:
            kept.append(r)
        else:
            rejected.append(
                Rejected(
                    r.quote, "quote not found verbatim in the source", r.span.path, r.span.line
                )
            )
    return Extraction(tuple(kept), tuple(rejected))


def whole_rules(
    extraction: Extraction, policies: Sequence[Policy]
) -> tuple[Extraction, list[Any], list[Any]]:
    """Model-extracted records made whole, and the rules the model left out.

    A model quote that is only part of a sentence the offline extractor reads as one rule
    ("Always answer in English" cut from "... unless the user writes in Spanish") is
    widened to that whole rule; offline rules no model record overlaps are added, so a
    rule the model skipped is still linted. Returns (extraction, widened, added).
    """
    from dataclasses import replace

    from promptlint.extract.offline import OfflineExtractor

    offline = OfflineExtractor().extract(policies).records
    records = list(extraction.records)
    widened, added = [], []
    for i, r in enumerate(records):
        for o in offline:
            same_file = o.span.path == r.span.path
            if same_file and r.quote in o.quote and len(o.quote) > len(r.quote):
                records[i] = replace(o, id=r.id, gist=r.gist, origin=r.origin)
                widened.append(records[i])
                break

    def overlaps(a: Any, b: Any) -> bool:
        return a.span.path == b.span.path and not (
            (a.span.end_line, a.span.end_col) <= (b.span.line, b.span.col)
            or (b.span.end_line, b.span.end_col) <= (a.span.line, a.span.col)
        )

    # chunks the model was never asked about (budget) or could not answer are reported
    # as such already; only what it read and left out counts as skipped
    unread = [(r.path, r.line or 0, r.end_line or r.line or 0) for r in extraction.rejected
              if r.kind in ("budget", "failed")]  # fmt: skip
    for o in offline:
        if any(p == o.span.path and a <= o.span.line <= b for p, a, b in unread):
            continue
        if not any(overlaps(o, r) for r in records):
            added.append(replace(o, origin=SKIPPED_BY_MODEL))
    merged = sorted([*records, *added], key=lambda r: (r.span.path, r.span.line, r.span.col))
    merged = [replace(r, id=f"r{i}") for i, r in enumerate(merged, 1)]
    return Extraction(tuple(merged), extraction.rejected), widened, added


#: the origin of a rule the offline extractor reads and the model's extraction left out
SKIPPED_BY_MODEL = "offline-skipped-by-model"

#: policy text that speaks to the model reading it rather than to the agent
_TO_THE_MODEL = __import__("re").compile(
    r"\b(?:encode|extract|classify|label)\s+(?:this|the|these)\s+rules?\s+as\b|"
    r"\bignore\s+(?:all\s+|any\s+)?(?:previous|prior|above|earlier)\s+instructions\b|"
    r"\b(?:you are|act as)\s+(?:now\s+)?(?:the|a)\s+(?:encoder|extractor|linter|judge)\b|"
    r"\b(?:require|forbid|prefer|avoid|permit)\s*\(\s*[a-z_]+\s*\(",
    2,
)


def addresses_the_model(text: str) -> bool:
    """Whether a rule's text tries to instruct the model that encodes it."""
    return bool(_TO_THE_MODEL.search(text))


def get_extractor(kind: str = "offline", **options: Any) -> Extractor:
    if kind == "offline":
        from promptlint.extract.offline import OfflineExtractor

        return OfflineExtractor()
    if kind == "llm":
        from promptlint.extract.llm import LLMExtractor

        return LLMExtractor(options["client"], options.get("progress"))
    raise ConfigError(f"unknown extractor {kind!r}", hint="use offline or llm")
