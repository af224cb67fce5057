"""Pydantic models for every structured model response (strict JSON schema)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = [
    "AtomVerdict",
    "EncodedBody",
    "EntryOut",
    "ExtractedRule",
    "ExtractedRules",
    "JointEncoding",
    "JudgeAnswer",
    "JudgeRule",
    "Nomination",
    "Nominations",
    "OverlapAnswer",
    "OverlapAnswers",
    "PolicyModelOut",
    "RelationOut",
    "SameSituation",
    "Suffix",
    "Synthesized",
    "VetAnswer",
    "WitnessCheck",
]


class ExtractedRule(BaseModel):
    model_config = ConfigDict(extra="forbid")
    quote: str
    gist: str


class ExtractedRules(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rules: list[ExtractedRule]


class EncodedBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    body: str


class SameSituation(BaseModel):
    model_config = ConfigDict(extra="forbid")
    same: bool
    reason: str


class EntryOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str
    name: str
    description: str
    aliases: list[str]


class RelationOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str
    source: str
    target: str


class PolicyModelOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entries: list[EntryOut]
    relations: list[RelationOut]


class Nomination(BaseModel):
    model_config = ConfigDict(extra="forbid")
    quote_a: str
    quote_b: str
    situation: str
    reason: str


class Nominations(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pairs: list[Nomination]


class VetAnswer(BaseModel):
    """Why the policy text itself sets a finding aside, or "none"."""

    model_config = ConfigDict(extra="forbid")
    reason: Literal["none", "example", "separate", "exception", "soft"]
    rule: Literal["", "A", "B"]
    evidence: str
    explanation: str


class JointEncoding(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: PyRule bodies of the two rules, written against the policy model
    body_a: str
    body_b: str
    #: entries and relations the encoding needed that the policy model lacked
    entries: list[EntryOut]
    relations: list[RelationOut]


class OverlapAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int
    overlap: bool
    reason: str


class OverlapAnswers(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answers: list[OverlapAnswer]


class AtomVerdict(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: the atom's number in the list the verifier was shown
    id: int
    holds: bool


class WitnessCheck(BaseModel):
    """The witness verifier's answer: is the request concrete, does each rule govern it
    before any reply, and which facts of the scenario it makes true."""

    model_config = ConfigDict(extra="forbid")
    concrete: bool
    earlier_governs: bool
    later_governs: bool
    atoms: list[AtomVerdict]
    rationale: str


class Suffix(BaseModel):
    model_config = ConfigDict(extra="forbid")
    suffix: str
    rationale: str


class Synthesized(BaseModel):
    model_config = ConfigDict(extra="forbid")
    request: str
    rationale: str


class JudgeRule(BaseModel):
    model_config = ConfigDict(extra="forbid")
    governs: bool
    judgeable: bool
    complies: bool
    rationale: str


class JudgeAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    earlier: JudgeRule
    later: JudgeRule
