"""Judging trials (WIRE §4.5): post-generation governance, judgeability and compliance of
each rule of a pair. Code decides what it can (:mod:`.verifiers`); the model judge
(:mod:`.model`) decides the rest, and where both speak the code's verdict wins."""

from __future__ import annotations

from promptlint.judge.verifiers import CODE_PRIMITIVES, Observation, Response, observe, verify

__all__ = ["CODE_PRIMITIVES", "Observation", "Response", "observe", "verify"]
