"""Pydantic models for every structured model response (strict JSON schema)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = [
    "EncodedBody",
    "EntryOut",
    "ExtractedRule",
    "ExtractedRules",
    "JointEncoding",
    "Nomination",
    "Nominations",
    "OverlapAnswer",
    "OverlapAnswers",
    "PolicyModelOut",
    "RelationOut",
    "SameSituation",
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
