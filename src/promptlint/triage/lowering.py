"""Activations and deferred collisions -> z3 terms (one of the two z3 modules).

Semantic predicates become Bool atoms keyed by a canonical label (``semantic``,
``asks_for`` and ``has_intent`` with one label share an atom); slots become typed
variables, so ``ctx.msg.language == "es"`` and ``== "en"`` exclude each other; text
predicates become string constraints over one lower-cased message variable.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import z3

from promptlint.objects import (
    And,
    Compare,
    Condition,
    Const,
    Extract,
    ListTerm,
    Not,
    Or,
    Pred,
    Ref,
    Term,
    TrueCond,
)
from promptlint.pyrule.labels import SEMANTIC_PREDICATES, canonical_label
from promptlint.pyrule.vocabulary import Vocabulary
from promptlint.triage.surfaces import Deferred, glob_alternatives

__all__ = ["Lowering", "RegexUnsupported", "glob_to_re", "python_regex_to_z3"]

MSG = "msg.text"


class RegexUnsupported(Exception):
    pass


class Lowering:
    """Builds z3 terms; remembers every variable with a readable key for witnesses."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab
        #: readable key -> z3 variable
        self.vars: dict[str, Any] = {}
        #: keys of atoms that stand for something the solver cannot see inside
        self.opaque: set[str] = set()

    # ------------------------------------------------------------------ variables

    def _var(self, key: str, sort: str) -> Any:
        v = self.vars.get(key)
        if v is None:
            maker = {"Int": z3.Int, "Bool": z3.Bool}.get(sort, z3.String)
            v = maker(key)
            self.vars[key] = v
        return v

    def atom(self, key: str) -> Any:
        return self._var(key, "Bool")

    def msg(self) -> Any:
        return self._var(MSG, "String")

    def slot(self, path: tuple[str, ...], hint: Any = None) -> Any:
        key = ".".join(path)
        sort = self.vocab.slot_sort(path)
        if sort is None:
            sort = (
                "Bool"
                if isinstance(hint, bool)
                else "Int"
                if isinstance(hint, (int, float))
                else "String"
            )
        return self._var(key, "Int" if sort == "Int" else "Bool" if sort == "Bool" else "String")

    # ------------------------------------------------------------------ terms

    def term(self, t: Term, hint: Any = None) -> Any:
        if isinstance(t, Const):
            v = t.value
            if isinstance(v, bool):
                return z3.BoolVal(v)
            if isinstance(v, (int, float)):
                return z3.IntVal(int(v))
            return z3.StringVal(str(v).strip().lower())
        if isinstance(t, Ref):
            return self.slot(t.path, hint)
        if isinstance(t, Extract):
            root = ".".join(t.args[0].path) if t.args and isinstance(t.args[0], Ref) else "msg"
            if t.name == "detect_language":
                return self._var(f"{root}.language", "String")
            return self._var(f"{t.name}({root})", "Int")
        raise TypeError(f"cannot lower {t!r}")

    def condition(self, c: Condition) -> Any:
        if isinstance(c, TrueCond):
            return z3.BoolVal(True)
        if isinstance(c, Not):
            return z3.Not(self.condition(c.item))
        if isinstance(c, And):
            return z3.And(*[self.condition(i) for i in c.items])
        if isinstance(c, Or):
            return z3.Or(*[self.condition(i) for i in c.items])
        if isinstance(c, Pred):
            return self.predicate(c)
        return self.compare(c)

    def predicate(self, p: Pred) -> Any:
        args = [a.value if isinstance(a, Const) else a for a in p.args]
        if p.name in SEMANTIC_PREDICATES:
            return self.atom(f"semantic:{canonical_label(str(args[1]))}")
        if p.name == "has_slot":
            return self.atom(f"has_slot:{canonical_label(str(args[1]))}")
        if p.name in ("tool_available", "file_exists", "permission_granted", "trace_has"):
            return self.atom(f"{p.name}:{str(args[0]).strip().lower()}")
        text = str(args[1])
        if p.name == "contains":
            return z3.Contains(self.msg(), z3.StringVal(text.lower()))
        if p.name == "exact_text":
            return self.msg() == z3.StringVal(text.strip().lower())
        if p.name == "regex":
            try:
                return z3.InRe(self.msg(), python_regex_to_z3(text))
            except RegexUnsupported:
                key = f"regex:{text}"
                self.opaque.add(key)
                return self.atom(key)
        raise ValueError(f"unknown predicate {p.name}")

    def compare(self, c: Compare) -> Any:
        hint = c.right.value if isinstance(c.right, Const) else None
        if hint is None and isinstance(c.left, Const):
            hint = c.left.value
        left = self.term(c.left, hint)
        if c.op in ("in", "not_in"):
            items = c.right.items if isinstance(c.right, ListTerm) else ()
            member = z3.Or(*[left == self.term(i) for i in items]) if items else z3.BoolVal(False)
            return member if c.op == "in" else z3.Not(member)
        right = self.term(c.right, hint)
        left, right = _unify(left, right)
        ops = {
            "==": lambda a, b: a == b,
            "!=": lambda a, b: a != b,
            "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b,
            ">": lambda a, b: a > b,
            ">=": lambda a, b: a >= b,
        }
        return ops[c.op](left, right)

    def deferred(self, d: Deferred) -> Any:
        if d.kind in ("neq", "eq"):
            left, right = _unify(self.term(d.left), self.term(d.right))
            return left != right if d.kind == "neq" else left == right
        assert isinstance(d.left, Const) and isinstance(d.right, Const)
        kind = d.kind.removesuffix("_in")
        s = self._var(f"action.{kind}", "String")
        path = kind == "glob_path"
        # satisfiable iff some match of the required glob escapes the forbidden one
        return z3.And(
            z3.InRe(s, glob_to_re(str(d.left.value), path=path)),
            z3.Not(z3.InRe(s, glob_to_re(str(d.right.value), path=path))),
        )

    def bounds(self, keys: Iterable[str]) -> list[Any]:
        """Side constraints on the given variables: counts are non-negative, ages plausible."""
        out = []
        for key in keys:
            v = self.vars.get(key)
            if v is not None and z3.is_int(v):
                out.append(v >= 0)
                if key.endswith("age"):
                    out.append(v <= 130)
        return out


def _unify(a: Any, b: Any) -> tuple[Any, Any]:
    """Compare an Int with a String constant by turning the constant into an Int if it can."""
    if z3.is_int(a) and z3.is_string(b) and z3.is_string_value(b):
        s = b.as_string()
        if s.lstrip("-").isdigit():
            return a, z3.IntVal(int(s))
    if z3.is_string(a) and z3.is_int(b):
        return _unify(b, a)[::-1]
    return a, b


# --------------------------------------------------------------------------- patterns


def _any() -> Any:
    return z3.Full(z3.ReSort(z3.StringSort()))


def glob_to_re(glob: str, *, path: bool) -> Any:
    """Path globs: ``*`` within a segment, ``**`` across segments, ``?`` one character;
    command globs: ``*`` any characters. A leading ``!`` is the complement ("everything
    but", from "only edit files under .github/")."""
    if glob.startswith("!"):
        return z3.Complement(glob_to_re(glob[1:], path=path))
    alternatives = glob_alternatives(glob)
    if len(alternatives) > 1:
        return z3.Union(*(glob_to_re(a, path=path) for a in alternatives))
    parts: list[Any] = []
    not_slash = z3.Complement(z3.Re("/"))
    one_segment_char = z3.Intersect(z3.AllChar(z3.ReSort(z3.StringSort())), not_slash)
    i = 0
    lit = ""
    while i < len(glob):
        ch = glob[i]
        if ch in "*?":
            if lit:
                parts.append(z3.Re(lit))
                lit = ""
            if ch == "?":
                parts.append(one_segment_char if path else z3.AllChar(z3.ReSort(z3.StringSort())))
            elif path and glob.startswith("**", i):
                parts.append(_any())
                i += 1
            else:
                parts.append(z3.Star(one_segment_char) if path else _any())
        else:
            lit += ch
        i += 1
    if lit:
        parts.append(z3.Re(lit))
    if not parts:
        return z3.Re("")
    return parts[0] if len(parts) == 1 else z3.Concat(*parts)


_CLASSES = {
    "d": [("0", "9")],
    "w": [("a", "z"), ("0", "9"), ("_", "_")],
    "s": [(" ", " "), ("\t", "\t"), ("\n", "\n")],
}


def python_regex_to_z3(pattern: str) -> Any:
    """A practical subset of Python regex (``re.search`` semantics) as a z3 language over
    the lower-cased message. Unsupported syntax raises :class:`RegexUnsupported`."""
    p = _RegexParser(pattern.lower())
    anchored_start = p.eat("^")
    body = p.alternation()
    anchored_end = False
    if p.peek() == "$":
        p.i += 1
        anchored_end = True
    if p.i != len(p.s):
        raise RegexUnsupported(pattern)
    parts = ([] if anchored_start else [_any()]) + [body] + ([] if anchored_end else [_any()])
    return z3.Concat(*parts) if len(parts) > 1 else parts[0]


class _RegexParser:
    def __init__(self, s: str) -> None:
        self.s = s
        self.i = 0

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def eat(self, ch: str) -> bool:
        if self.peek() == ch:
            self.i += 1
            return True
        return False

    def alternation(self) -> Any:
        options = [self.sequence()]
        while self.eat("|"):
            options.append(self.sequence())
        return options[0] if len(options) == 1 else z3.Union(*options)

    def sequence(self) -> Any:
        items: list[Any] = []
        while self.peek() not in ("", "|", ")") and not (
            self.peek() == "$" and self.i == len(self.s) - 1
        ):
            items.append(self.quantified())
        if not items:
            return z3.Re("")
        return items[0] if len(items) == 1 else z3.Concat(*items)

    def quantified(self) -> Any:
        atom = self.atom()
        while True:
            ch = self.peek()
            if ch == "*":
                self.i += 1
                atom = z3.Star(atom)
            elif ch == "+":
                self.i += 1
                atom = z3.Plus(atom)
            elif ch == "?":
                self.i += 1
                atom = z3.Option(atom)
            elif ch == "{":
                m = re.match(r"\{(\d+)(,(\d*))?\}", self.s[self.i :])
                if not m:
                    raise RegexUnsupported(self.s)
                self.i += m.end()
                lo = int(m[1])
                hi = lo if m[2] is None else (int(m[3]) if m[3] else None)
                atom = (
                    z3.Loop(atom, lo, hi)
                    if hi is not None
                    else z3.Concat(z3.Loop(atom, lo, lo), z3.Star(atom))
                )
            else:
                return atom
            if self.peek() == "?":  # lazy quantifiers match the same language
                self.i += 1

    def atom(self) -> Any:
        ch = self.peek()
        self.i += 1
        if ch == "(":
            if self.s.startswith("?:", self.i):
                self.i += 2
            elif self.peek() == "?":
                raise RegexUnsupported(self.s)
            inner = self.alternation()
            if not self.eat(")"):
                raise RegexUnsupported(self.s)
            return inner
        if ch == ".":
            return z3.Intersect(z3.AllChar(z3.ReSort(z3.StringSort())), z3.Complement(z3.Re("\n")))
        if ch == "[":
            return self.char_class()
        if ch == "\\":
            esc = self.peek()
            self.i += 1
            if esc in _CLASSES:
                return (
                    z3.Union(*[z3.Range(a, b) for a, b in _CLASSES[esc]])
                    if len(_CLASSES[esc]) > 1
                    else z3.Range(*_CLASSES[esc][0])
                )
            if esc.isalnum():
                raise RegexUnsupported(self.s)
            return z3.Re(esc)
        if ch in "^$*+?{":
            raise RegexUnsupported(self.s)
        return z3.Re(ch)

    def char_class(self) -> Any:
        negate = self.eat("^")
        ranges: list[Any] = []
        first = True
        while self.peek() and (self.peek() != "]" or first):
            first = False
            ch = self.peek()
            self.i += 1
            if ch == "\\":
                esc = self.peek()
                self.i += 1
                if esc in _CLASSES:
                    ranges += [z3.Range(a, b) for a, b in _CLASSES[esc]]
                    continue
                ch = esc
            if self.peek() == "-" and self.i + 1 < len(self.s) and self.s[self.i + 1] != "]":
                hi = self.s[self.i + 1]
                self.i += 2
                ranges.append(z3.Range(ch, hi))
            else:
                ranges.append(z3.Re(ch))
        if not self.eat("]") or not ranges:
            raise RegexUnsupported(self.s)
        cls = ranges[0] if len(ranges) == 1 else z3.Union(*ranges)
        if negate:
            return z3.Intersect(z3.AllChar(z3.ReSort(z3.StringSort())), z3.Complement(cls))
        return cls
