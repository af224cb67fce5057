"""Lexical retrieval of seed requests for a pair (BM25, with the bm25s library).

Queries come from the symbolic witness and the collision (WIRE §4.4): the words of the
activated semantic labels and slots, slot values (a language code also gives the
language's name), and the colliding clauses' constant arguments. bm25s is an optional
extra imported on first use.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from promptlint.languages import NAME_OF
from promptlint.realize.seeds import Seed
from promptlint.witnessed import Pair

__all__ = ["SeedIndex", "query_terms"]

#: how some languages name themselves, searched for beside the English name
_NATIVE = {"es": "español", "fr": "français", "de": "Deutsch", "it": "italiano",
           "pt": "português"}  # fmt: skip
_SPLIT = re.compile(r"[^\w]+|_")


def query_terms(pair: Pair) -> list[str]:
    terms: list[str] = []
    for key, value in pair.assignment:
        kind, _, rest = key.partition(":")
        if value is False:
            continue  # a fact that must not hold says nothing to search for
        if rest:
            terms += _SPLIT.split(rest)
        elif isinstance(value, str) and key.endswith("language"):
            terms += [NAME_OF.get(value, value), *_NATIVE.get(value, "").split()]
        elif isinstance(value, str):
            terms += _SPLIT.split(value)
        terms += _SPLIT.split(kind.split(".")[-1]) if not rest else []
    colliding = set(pair.earlier.colliding) | set(pair.later.colliding)
    for rule in (pair.earlier, pair.later):
        for c in rule.clauses:
            if c.id in colliding:
                terms += _SPLIT.split(c.primitive)
                for _, v in c.args_dict().items():
                    if isinstance(v, str) and v not in ("*", "**"):
                        terms += _SPLIT.split(v)
    return [t.lower() for t in terms if len(t) > 1 and not t.isdigit()]


class SeedIndex:
    """A BM25 index over seed texts; :meth:`top` returns the best seeds with a positive
    score, best first (ties in file order)."""

    def __init__(self, seeds: Sequence[Seed]) -> None:
        self.seeds = list(seeds)
        self._retriever = None
        if self.seeds:
            import bm25s

            tokens = bm25s.tokenize([s.text for s in self.seeds], stopwords="en",
                                    show_progress=False)  # fmt: skip
            self._retriever = bm25s.BM25()
            self._retriever.index(tokens, show_progress=False)

    def top(self, terms: Sequence[str], k: int) -> list[tuple[Seed, float]]:
        if self._retriever is None or not terms or k <= 0:
            return []
        import bm25s

        query = bm25s.tokenize([" ".join(terms)], stopwords="en", show_progress=False)
        if not query.vocab:
            return []
        k = min(k, len(self.seeds))
        docs, scores = self._retriever.retrieve(query, k=k, show_progress=False)
        ranked = [(int(d), float(s)) for d, s in zip(docs[0], scores[0], strict=True)]
        ranked = [(d, s) for d, s in ranked if s > 0]
        ranked.sort(key=lambda x: (-x[1], x[0]))
        return [(self.seeds[d], s) for d, s in ranked]
