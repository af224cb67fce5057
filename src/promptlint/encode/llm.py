"""The model encoder: one PyRule body per rule from the model, compiled, repaired.

The decorator and docstring are written here (never by the model), so ids, spans and
quote hashes are always right. A body that does not compile is sent back with the
compiler's message, up to ``repair_attempts`` times; what still fails is
:class:`~promptlint.encode.Unencoded` with the last error — never dropped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from promptlint.encode import EncodeOutcome, Encoding, Unencoded, Variants
from promptlint.errors import PyRuleError
from promptlint.objects import RuleRecord
from promptlint.pyrule import collapse_ws, compile_text, format_rule_text
from promptlint.pyrule.vocabulary import enum_summary, vocabulary_summary

__all__ = ["LLMEncoder", "vocabulary_summary"]


class LLMEncoder:
    def __init__(
        self, client: Any, progress: Any = None, model: Any = None,
        records: Sequence[RuleRecord] = (),
    ) -> None:  # fmt: skip
        self.client = client
        #: optional ``start(stage, total)`` / ``advance(stage)`` observer, one unit per encoding
        self.progress = progress
        #: the policy model the encodings use the names of
        self.model = model
        #: every rule of the policy, so each request shows a rule's neighbours
        self.records = tuple(records)

    def _context(self, record: RuleRecord) -> str:
        """The rule's section, what governs it, and the rules next to it."""
        lines = [f"Section: {' > '.join(record.section) or '(top of the policy)'}"]
        if record.lead_in:
            lines.append("Governed by: " + " / ".join(record.lead_in))
        ids = [r.id for r in self.records]
        if record.id in ids:
            i = ids.index(record.id)
            near = [r for r in self.records[max(0, i - 2) : i + 3] if r.id != record.id]
            lines += [f"Neighbour {r.id}: {collapse_ws(r.quote)}" for r in near]
        if self.model is not None and self.model.entries:
            lines.append("Policy model (use these names):")
            lines += [f"- {e.kind}:{e.name}" + (f" (aliases: {', '.join(e.aliases)})"
                                                if e.aliases else "")
                      for e in self.model.entries]  # fmt: skip
        return "\n".join(lines)

    def encode(self, records: Sequence[RuleRecord]) -> tuple[EncodeOutcome, ...]:
        return tuple(self.client.run(self.encode_async(records)))

    async def encode_async(self, records: Sequence[RuleRecord]) -> list[EncodeOutcome]:
        if self.progress is not None:
            self.progress.start("encode", len(records))
        models = self.client.settings.encode_models
        model = models[0] if len(models) == 1 else None  # one listed model: no redundancy
        return list(await asyncio.gather(*(self._one(r, model=model) for r in records)))

    def encode_variants(self, records: Sequence[RuleRecord]) -> tuple[Variants, ...]:
        """k encodings of every rule: one per ``encode-models`` entry, else k samples."""
        settings = self.client.settings
        runs: list[tuple[str, int, str | None]] = [
            (f"model {m}", 0, m) for m in settings.encode_models
        ] or [(f"sample {i + 1}", i, None) for i in range(settings.encode_samples)]

        async def go() -> list[Variants]:
            if self.progress is not None:
                self.progress.start("encode", len(records) * len(runs))
            jobs = [self._one(r, sample=i, model=m) for r in records for _, i, m in runs]
            flat = await asyncio.gather(*jobs)
            k = len(runs)
            return [
                Variants(r.id, tuple(flat[j * k : (j + 1) * k]), tuple(n for n, _, _ in runs))
                for j, r in enumerate(records)
            ]

        return tuple(self.client.run(go()))

    async def _one(
        self, record: RuleRecord, *, sample: int = 0, model: str | None = None
    ) -> EncodeOutcome:
        outcome = await self._attempts(record, sample, model)
        if self.progress is not None:
            self.progress.advance("encode")
        return outcome

    async def _attempts(self, record: RuleRecord, sample: int, model: str | None) -> EncodeOutcome:
        from promptlint.llm.client import Ok, Request
        from promptlint.llm.schemas import EncodedBody
        from promptlint.llm.templates import template

        text, version = template("encode")
        prims, preds = vocabulary_summary()
        messages: list[dict[str, str]] = [
            {"role": "user", "content": text.format(primitives=prims, predicates=preds,
                                                    enums=enum_summary(), context=self._context(record),
                                                    quote=collapse_ws(record.quote))}
        ]  # fmt: skip
        span = (record.span.line, record.span.end_line)
        error = ""
        for _ in range(self.client.settings.repair_attempts + 1):
            result = await self.client.complete(
                Request("encode", tuple(messages), EncodedBody, version, sample, model)
            )
            if not isinstance(result, Ok):
                if result.kind == "budget":
                    return Unencoded(record.id, "not sent: the llm budget was reached", "budget")
                return Unencoded(record.id, f"model call failed: {result.reason}", "failed")
            body = result.value.body.strip("\n")  # type: ignore[attr-defined]
            if not body.strip():
                return Unencoded(record.id, "the model found nothing to encode")
            pyrule = format_rule_text(
                record.id, span, None, record.quote, body.splitlines(), origin="llm"
            )
            try:
                compile_text(pyrule, f"<{record.id}>")
            except PyRuleError as err:
                error = f"{err.message}" + (f" ({err.hint})" if err.hint else "")
                messages += [
                    {"role": "assistant", "content": body},
                    {"role": "user", "content": f"That body does not compile: {error}. Fix it."},
                ]
                continue
            return Encoding(record.id, pyrule, "llm")
        return Unencoded(record.id, f"the model's encoding did not compile: {error}", "invalid")
