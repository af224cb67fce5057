"""Canonical semantic labels.

Two conditions worded differently but meaning the same must land on one activation
atom, or mutually exclusive conditions look independent (DESIGN §5). Labels are
normalised (case, separators, filler words) and mapped through the synonym lexicon in
``rules/labels.yaml`` when it exists.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import Any

from promptlint import resources
from promptlint.objects import And, Condition, Const, EncodedRule, Not, Or, Pred

__all__ = [
    "SEMANTIC_PREDICATES",
    "canonical_label",
    "exclusive_labels",
    "normalize_label",
    "relabel",
    "semantic_labels",
]

_FILLER = {
    "only", "just", "simply", "merely", "the", "a", "an", "user", "users", "explicitly",
    "is", "are", "be", "being", "you", "your", "their", "any", "some", "s", "customer",
    "customers", "someone", "somebody",
}  # fmt: skip


def _stem(word: str) -> str:
    """Plural and third-person -s: 'requests' -> 'request', 'asks' -> 'ask'."""
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_CONTRACTION = re.compile(r"(?<=[a-z])['\u2019](?:ve|ll|re|m|d)\b")


def normalize_label(label: str) -> str:
    """Lower-case, filler dropped, light stemming: 'Only asks a question' -> 'ask_question'."""
    # "until you've exhausted": the contraction is not a word of the situation
    words = re.findall(r"[a-z0-9]+", _CONTRACTION.sub("", label.lower()))
    kept = [_stem(w) for w in words if w not in _FILLER]
    return "_".join(kept or words)


@cache
def _labels_file() -> dict[str, Any]:
    try:
        return resources.read_yaml("rules", "labels.yaml") or {}
    except FileNotFoundError:
        return {}


@cache
def _lexicon() -> dict[str, str]:
    table: dict[str, str] = {}
    for canonical, synonyms in (_labels_file().get("synonyms") or {}).items():
        canon = normalize_label(canonical)
        table[canon] = canon
        for s in synonyms or ():
            table[normalize_label(s)] = canon
    return table


@cache
def _antonyms() -> frozenset[frozenset[str]]:
    return frozenset(
        frozenset(normalize_label(w) for w in pair) for pair in _labels_file().get("antonyms") or ()
    )


@cache
def _groups() -> tuple[frozenset[str], ...]:
    return tuple(
        frozenset(normalize_label(str(w)) for w in group)
        for group in _labels_file().get("exclusive_groups") or ()
    )


@cache  # asked for every pair of situation atoms in every solver call
def exclusive_labels(a: str, b: str) -> bool:
    """Do two canonical labels name situations that cannot hold together?

    They must be the same but for one word, and those words antonyms ("car_moving" /
    "car_parked") or a word and its negative form ("vegan" / "non_vegan")."""
    wa, wb = a.split("_"), b.split("_")
    if a == b:
        return False
    for neg in ("non", "not", "no", "outside", "without"):
        if wa == [neg, *wb] or wb == [neg, *wa]:
            return True
    if len(wa) == len(wb):
        diff = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
        if len(diff) == 1:
            x, y = diff[0]
            if x == "un" + y or y == "un" + x or x == "non" + y or y == "non" + x:
                return True
            if frozenset((x, y)) in _antonyms():
                return True
            if any(x in g and y in g for g in _groups()):
                return True
    # "in a designated flood zone" / "outside a flood zone": an antonym pair, and the
    # rest of one label is contained in the rest of the other
    for pair in _antonyms():
        x, y = sorted(pair)
        for p, q in ((wa, wb), (wb, wa)):
            if x in p and y in q and x not in q and y not in p:
                rest_p, rest_q = set(p) - {x}, set(q) - {y}
                if rest_p and rest_q and (rest_p <= rest_q or rest_q <= rest_p):
                    return True
    return False


def canonical_label(label: str) -> str:
    norm = normalize_label(label)
    return _lexicon().get(norm, norm)


#: predicates whose second argument is a situation label (one label, one atom)
SEMANTIC_PREDICATES = frozenset({"semantic", "asks_for", "has_intent"})


def semantic_labels(cond: Condition) -> set[str]:
    """Canonical labels of the semantic predicates in a condition."""
    if isinstance(cond, Pred):
        if (
            cond.name in SEMANTIC_PREDICATES
            and len(cond.args) > 1
            and isinstance(cond.args[1], Const)
        ):
            return {canonical_label(str(cond.args[1].value))}
        return set()
    if isinstance(cond, Not):
        return semantic_labels(cond.item)
    if isinstance(cond, (And, Or)):
        return set().union(*(semantic_labels(i) for i in cond.items))
    return set()


def _relabel_cond(cond: Condition, mapping: dict[str, str]) -> Condition:
    if isinstance(cond, Pred):
        if (
            cond.name in SEMANTIC_PREDICATES
            and len(cond.args) > 1
            and isinstance(cond.args[1], Const)
        ):
            label = canonical_label(str(cond.args[1].value))
            if label in mapping:
                return Pred(cond.name, (cond.args[0], Const(mapping[label]), *cond.args[2:]))
        return cond
    if isinstance(cond, Not):
        return Not(_relabel_cond(cond.item, mapping))
    if isinstance(cond, And):
        return And(tuple(_relabel_cond(i, mapping) for i in cond.items))
    if isinstance(cond, Or):
        return Or(tuple(_relabel_cond(i, mapping) for i in cond.items))
    return cond


def relabel(rule: EncodedRule, mapping: dict[str, str]) -> EncodedRule:
    """The rule with canonical labels replaced by their representatives in ``mapping``."""
    clauses = tuple(
        replace(c, activation=_relabel_cond(c.activation, mapping)) for c in rule.clauses
    )
    return replace(rule, clauses=clauses)
