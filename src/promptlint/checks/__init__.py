"""Deterministic measurements of text and action traces, shared by the stages that need
them (the witness verifier of :mod:`promptlint.realize`, the verifiers of
:mod:`promptlint.judge`): language identification (:mod:`.language`), counts, formats and
case (:mod:`.text`), path and command globs (:mod:`.globs`), and the three-valued
evaluation of a PyRule activation on concrete facts (:mod:`.activation`).
"""

from __future__ import annotations

from promptlint.checks.activation import Facts, evaluate
from promptlint.checks.globs import command_matches, path_matches
from promptlint.checks.language import LanguageGuess, identify_language

__all__ = [
    "Facts",
    "LanguageGuess",
    "command_matches",
    "evaluate",
    "identify_language",
    "path_matches",
]
