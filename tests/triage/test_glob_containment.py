"""Glob containment decided in Python agrees with the solver wherever Python decides it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from promptlint.objects import Const
from promptlint.pyrule.vocabulary import load_vocabulary
from promptlint.triage import _literal_glob_match
from promptlint.triage.lowering import Lowering
from promptlint.triage.solver import Sat, Solver
from promptlint.triage.surfaces import Deferred

_globs = st.lists(st.sampled_from(["a", "b", "/", "*", "**", ".py"]), max_size=5).map("".join)


def _solver_contained(d: Deferred) -> bool:
    result = Solver().check([Lowering(load_vocabulary()).deferred(d)], {})
    return not isinstance(result, Sat)


@settings(max_examples=150, deadline=None)
@given(_globs, _globs, st.booleans(), st.sampled_from(["glob_path_in", "glob_command_in"]))
def test_python_decision_matches_the_solver(required, forbidden, negated, kind):
    d = Deferred(kind, Const(required), Const(("!" if negated else "") + forbidden))
    decided = _literal_glob_match(d)
    if decided is not None:
        assert decided == _solver_contained(d), (required, forbidden, negated, kind)


def _decided(kind: str, required: str, forbidden: str) -> bool | None:
    return _literal_glob_match(Deferred(kind, Const(required), Const(forbidden)))


def test_a_wildcard_outside_the_forbidden_glob_needs_no_solver():
    assert _decided("glob_command_in", "git push*", "pytest*") is False
    assert _decided("glob_path_in", "docs/**", "config/x.yaml") is False
    # inside: only the solver can show that every match is covered
    assert _decided("glob_command_in", "git push*", "git*") is None
