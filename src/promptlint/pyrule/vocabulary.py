"""Typed view of ``rules/vocabulary.yaml``: sorts, signs, primitives, predicates.

The compiler checks argument sorts with it; triage reads surface projection,
cardinality and comparison mode from it. Loaded once per process.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from promptlint import resources
from promptlint.objects import Const, Term

__all__ = [
    "HARD_SIGNS",
    "SIGNS",
    "Alias",
    "FunctionSpec",
    "Param",
    "PrimitiveSpec",
    "Vocabulary",
    "enum_summary",
    "load_vocabulary",
    "vocabulary_summary",
]

SIGNS = ("require", "forbid", "prefer", "avoid", "permit")
HARD_SIGNS = frozenset({"require", "forbid"})

_LANGUAGE = re.compile(r"^[a-z]{2}$")


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    sort: str
    #: None when the parameter is required
    default: Any = None

    @property
    def required(self) -> bool:
        return self.default is None


@dataclass(frozen=True, slots=True)
class PrimitiveSpec:
    name: str
    params: tuple[Param, ...]
    #: surface family, e.g. ``reply_length`` or ``response_act``
    surface_name: str
    #: parameters that are part of the surface key
    key: tuple[str, ...]
    #: key arguments are sorted (``section_order(a, b)`` and ``(b, a)`` share a surface)
    unordered: bool
    #: constant value this primitive contributes on a shared surface (refuse/answer)
    value: str | None
    #: key values are reduced to their head noun ("column names" and "names" share one)
    key_head: bool
    cardinality: str
    compare: str


@dataclass(frozen=True, slots=True)
class FunctionSpec:
    """A predicate or an extractor."""

    name: str
    params: tuple[Param, ...]
    #: predicates: text | semantic | environment | trace; extractors: the returned sort
    kind: str


@dataclass(frozen=True, slots=True)
class Alias:
    target: str
    flip: bool


def _params(raw: list[dict[str, Any]]) -> tuple[Param, ...]:
    return tuple(Param(p["name"], p["sort"], p.get("default")) for p in raw)


class Vocabulary:
    """The closed primitive vocabulary with open argument values."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.signs: dict[str, str] = dict(data["signs"])
        self.sign_flip: dict[str, str] = dict(data["sign_flip"])
        self.sorts: dict[str, dict[str, Any]] = dict(data["sorts"])
        self.format_compatible: tuple[frozenset[str], ...] = tuple(
            frozenset(g) for g in data.get("format_compatible", [])
        )
        self.style_exclusive_groups: tuple[frozenset[str], ...] = tuple(
            frozenset(g) for g in data.get("style_exclusive_groups", [])
        )
        self.primitives: dict[str, PrimitiveSpec] = {}
        self.aliases: dict[str, Alias] = {}
        for name, raw in data["primitives"].items():
            surface = raw.get("surface") or {}
            self.primitives[name] = PrimitiveSpec(
                name=name,
                params=_params(raw.get("params", [])),
                surface_name=surface.get("name", name),
                key=tuple(surface.get("key", [])),
                unordered=bool(surface.get("unordered", False)),
                value=surface.get("value"),
                key_head=surface.get("key_transform") == "head",
                cardinality=raw["cardinality"],
                compare=raw["compare"],
            )
            for alias, araw in (raw.get("aliases") or {}).items():
                self.aliases[alias] = Alias(name, bool((araw or {}).get("flip", False)))
        self.predicates: dict[str, FunctionSpec] = {
            n: FunctionSpec(n, _params(r["params"]), r["kind"])
            for n, r in data["predicates"].items()
        }
        self.extractors: dict[str, FunctionSpec] = {
            n: FunctionSpec(n, _params(r["params"]), r["returns"])
            for n, r in (data.get("extractors") or {}).items()
        }
        ctx = data["context"]
        self.context_roots: tuple[str, ...] = tuple(ctx["roots"])
        self.slots: dict[str, str] = dict(ctx.get("slots") or {})

    # ------------------------------------------------------------------ lookups

    def is_primitive(self, name: str) -> bool:
        return name in self.primitives or name in self.aliases

    def resolve(self, name: str, sign: str) -> tuple[PrimitiveSpec, str]:
        """Resolve an alias: ``withhold``/``require`` -> (``disclose`` spec, ``forbid``)."""
        alias = self.aliases.get(name)
        if alias is None:
            return self.primitives[name], sign
        return self.primitives[alias.target], self.sign_flip[sign] if alias.flip else sign

    def slot_sort(self, path: tuple[str, ...]) -> str | None:
        """Declared sort of ``ctx.<path>``; None for an open (undeclared) slot."""
        return self.slots.get(".".join(path))

    def sort_values(self, sort: str) -> tuple[str, ...]:
        return tuple(self.sorts.get(sort, {}).get("values", ()))

    def check_value(self, sort: str, value: Any) -> str | None:
        """Return None if ``value`` (a Python constant) belongs to ``sort``, else a reason."""
        spec = self.sorts.get(sort)
        if spec is None:
            return f"unknown sort {sort}"
        kind = spec["kind"]
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"expected an integer ({sort})"
            if value < 0:
                return f"expected a non-negative integer ({sort})"
            return None
        if kind == "bool":
            return None if isinstance(value, bool) else f"expected True or False ({sort})"
        if not isinstance(value, str):
            return f"expected a string ({sort})"
        if kind == "enum":
            values = spec["values"]
            if value not in values:
                return f"expected one of {', '.join(map(str, values))} ({sort})"
            return None
        if kind == "language":
            if not _LANGUAGE.match(value):
                return f"expected an ISO 639-1 language code such as 'en' ({sort})"
            return None
        if kind == "regex":
            try:
                re.compile(value)
            except (re.error, OverflowError, RecursionError, ValueError) as exc:
                return f"invalid regular expression: {exc or type(exc).__name__}"
            return None
        if kind == "context":
            return f"expected a context term such as ctx.msg ({sort})"
        if not value.strip():
            return f"expected a non-empty string ({sort})"
        return None

    # ------------------------------------------------------------------ surfaces

    def surface_key(self, spec: PrimitiveSpec, args: tuple[tuple[str, Term], ...]) -> str:
        """Projected decision surface: family name plus the key arguments' values."""
        if not spec.key:
            return spec.surface_name
        values = []
        named = dict(args)
        for k in spec.key:
            t = named.get(k)
            v = t.value if isinstance(t, Const) else None
            if v is not None and spec.key_head:
                v = _head_noun(str(v))
            values.append(_norm_key(v) if v is not None else "?")
        if spec.unordered:
            values.sort()
        return spec.surface_name + ":" + "|".join(values)


def _head_noun(phrase: str) -> str:
    """The last word, singular: "ingredient names" -> "name"."""
    words: list[str] = re.findall(r"[a-z0-9]+", phrase.lower())
    if not words:
        return phrase
    w = words[-1]
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def _norm_key(v: Any) -> str:
    s = str(v).strip().lower()
    return re.sub(r"[\s\-]+", "_", s)


@cache
def load_vocabulary() -> Vocabulary:
    return Vocabulary(resources.read_yaml("rules", "vocabulary.yaml"))


def vocabulary_summary() -> tuple[str, str]:
    v = load_vocabulary()
    prims = "; ".join(
        f"{p.name}({', '.join(f'{a.name}: {a.sort}' for a in p.params)})"
        for p in v.primitives.values()
    )
    preds = "; ".join(
        f"{p.name}({', '.join(a.name for a in p.params)})" for p in v.predicates.values()
    )
    return prims, preds


def enum_summary() -> str:
    """Every enumerated sort with its allowed values, for model-facing prompts."""
    return "; ".join(
        f"{name}: {', '.join(str(x) for x in sort['values'])}"
        for name, sort in load_vocabulary().sorts.items()
        if sort.get("values")
    )
