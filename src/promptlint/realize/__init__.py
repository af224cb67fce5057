"""Witness realization (WIRE §4.4, App. A): each pair's symbolic witness becomes concrete
user turns through a three-tier cascade, each accepted by a verifier.

1. a seed request retrieved by BM25 from the user's seed corpus, unchanged;
2. the same seed verbatim with a short appended suffix that supplies what it lacks;
3. a request synthesized from the assignment and the two rule quotes.

The verifier accepts a candidate only if it is concrete and both rules govern it before any
reply (eq. 8). Code checks what it can on the text (the request's language, text
predicates, counts: :mod:`promptlint.checks`) and rejects without asking the model when
one fails; the model decides concreteness and the semantic facts. Every candidate tried is
logged with its provenance; a pair with fewer accepted witnesses than asked for is
:class:`~promptlint.witnessed.Unrealized`, with the reason. Never raises.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from promptlint.checks import Facts, evaluate, identify_language
from promptlint.llm.schemas import Suffix, Synthesized, WitnessCheck
from promptlint.realize.model import ModelRealizer, model_atoms
from promptlint.realize.retrieve import SeedIndex, query_terms
from promptlint.realize.seeds import Seed, load_seeds
from promptlint.witnessed import Pair, PairRule, Unrealized, Witness

__all__ = [
    "Attempt",
    "ModelRealizer",
    "Realized",
    "RealizerModel",
    "Seed",
    "SeedIndex",
    "load_seeds",
    "query_terms",
    "realize",
    "realize_pair",
]


class RealizerModel(Protocol):
    async def verify(self, pair: Pair, request: str) -> WitnessCheck | str: ...
    async def suffix(self, pair: Pair, seed: str, missing: str) -> Suffix | str: ...
    async def synthesize(self, pair: Pair, variant: int, avoid: list[str]) -> Synthesized | str: ...


@dataclass(frozen=True, slots=True)
class Attempt:
    """One candidate witness the verifier saw (provenance log)."""

    pair: str
    tier: int
    text: str
    accepted: bool
    rationale: str
    seed_id: str | None = None
    #: decided by code alone, without a model request
    by_code: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"pair": self.pair, "tier": self.tier, "text": self.text,
                "accepted": self.accepted, "rationale": self.rationale,
                "seed_id": self.seed_id, "by_code": self.by_code}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Realized:
    pair: str
    witnesses: tuple[Witness, ...]
    #: set when fewer witnesses than asked for were accepted
    unrealized: Unrealized | None
    attempts: tuple[Attempt, ...]
    #: a model request failed on the way (realizing again may do better)
    failed: bool = False


@dataclass(frozen=True, slots=True)
class _Verdict:
    accepted: bool
    rationale: str
    scores: tuple[tuple[str, float], ...] = ()
    code_checks: tuple[tuple[str, bool], ...] = ()
    by_code: bool = False
    #: the verifier could not answer (a failed request): not a judgement of the text
    failed: bool = False


def _governs(rule: PairRule, facts: Facts) -> bool | None:
    """Whether some colliding clause of ``rule`` is active (Kleene or)."""
    values = [evaluate(c.activation, facts) for c in rule.clauses if c.id in rule.colliding]
    if True in values:
        return True
    return None if None in values or not values else False


async def _verify(pair: Pair, text: str, model: RealizerModel) -> _Verdict:
    checks: dict[str, bool] = {}
    for key, value in pair.assignment:
        if key == "msg.language" and isinstance(value, str) and value:
            guess = identify_language(text)
            if guess.language is not None:
                checks[key] = guess.language == value
    bare = Facts(msg=text)
    for name, rule in (("earlier", pair.earlier), ("later", pair.later)):
        g = _governs(rule, bare)
        if g is not None:
            checks[f"{name}_governs"] = g
    code = tuple(sorted(checks.items()))
    if not all(checks.values()):
        failed = ", ".join(k for k, v in checks.items() if not v)
        return _Verdict(False, f"code: {failed} does not hold", code_checks=code, by_code=True)
    answer = await model.verify(pair, text)
    if isinstance(answer, str):
        return _Verdict(False, f"verifier request failed: {answer}", code_checks=code, failed=True)
    atoms = model_atoms(pair)
    said = {a.id: a.holds for a in answer.atoms}
    known: dict[str, Any] = {}
    for i, (key, value) in enumerate(atoms):
        if i in said and isinstance(value, bool):
            known[key] = value if said[i] else not value
    facts = Facts(msg=text, assignment=known)
    e = _governs(pair.earlier, facts)
    lt = _governs(pair.later, facts)
    e = answer.earlier_governs if e is None else e
    lt = answer.later_governs if lt is None else lt
    scores = [("concrete", float(answer.concrete)), ("earlier_governs", float(e)),
              ("later_governs", float(lt))]  # fmt: skip
    scores += [(f"atom:{k}", float(said[i])) for i, (k, _) in enumerate(atoms) if i in said]
    ok = answer.concrete and e and lt
    return _Verdict(bool(ok), answer.rationale, tuple(scores), code)


async def realize_pair(
    pair: Pair,
    n: int,
    model: RealizerModel,
    index: SeedIndex | None = None,
    *,
    seeds_per_pair: int = 3,
    synth_attempts: int | None = None,
) -> Realized:
    """Up to ``n`` accepted witnesses for ``pair`` (tiers 1 and 2 over the best seeds,
    then tier 3), with every candidate tried."""
    accepted: list[Witness] = []
    attempts: list[Attempt] = []
    failures: list[str] = []

    async def consider(tier: int, text: str, seed: Seed | None, suffix: str | None) -> _Verdict:
        text = text.strip()
        if any(w.text == text for w in accepted):
            return _Verdict(False, "the same request was accepted already")
        v = await _verify(pair, text, model)
        attempts.append(Attempt(pair.key, tier, text, v.accepted, v.rationale,
                                seed.id if seed else None, v.by_code))  # fmt: skip
        if v.failed:
            failures.append(v.rationale)
        if v.accepted:
            accepted.append(Witness(pair.key, len(accepted), text, tier,
                                    seed.id if seed else None, seed.text if seed else None,
                                    suffix, v.scores, v.rationale, v.code_checks))  # fmt: skip
        return v

    ranked = index.top(query_terms(pair), seeds_per_pair) if index is not None else []
    for seed, _score in ranked:
        if len(accepted) >= n:
            break
        first = await consider(1, seed.text, seed, None)
        if first.accepted or first.failed or len(accepted) >= n:
            continue
        written = await model.suffix(pair, seed.text, first.rationale)
        if isinstance(written, str):
            failures.append(f"suffix request failed: {written}")
            continue
        suffix = written.suffix.strip()
        await consider(2, f"{seed.text.rstrip()} {suffix}", seed, suffix)
    budget = synth_attempts if synth_attempts is not None else n + 2
    for variant in range(budget):
        if len(accepted) >= n:
            break
        made = await model.synthesize(pair, variant, [w.text for w in accepted])
        if isinstance(made, str):
            failures.append(f"synthesis request failed: {made}")
            break
        await consider(3, made.request, None, None)
    unrealized = None
    if len(accepted) < n:
        if failures:
            reason = f"model requests failed ({len(failures)}): {failures[-1]}"
        elif attempts:
            reason = (f"the verifier accepted {len(accepted)} of {len(attempts)} candidates; "
                      f"last rejection: {attempts[-1].rationale}")  # fmt: skip
        else:
            reason = "no candidate witness was produced"
        unrealized = Unrealized(pair.key, reason, len(accepted), len(attempts))
    return Realized(pair.key, tuple(accepted), unrealized, tuple(attempts), bool(failures))


async def realize(
    pairs: Sequence[Pair],
    n: int,
    model: RealizerModel,
    seeds: Sequence[Seed] = (),
    *,
    seeds_per_pair: int = 3,
    on_done: Callable[[Realized], None] | None = None,
) -> list[Realized]:
    """Realize every pair concurrently (the model client bounds the concurrency)."""
    index = SeedIndex(seeds) if seeds else None

    async def one(p: Pair) -> Realized:
        r = await realize_pair(p, n, model, index, seeds_per_pair=seeds_per_pair)
        if on_done is not None:
            on_done(r)
        return r

    return list(await asyncio.gather(*(one(p) for p in pairs)))
