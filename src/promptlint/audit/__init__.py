"""Audits of the pipeline's decisions (WIRE §5.5, Table 5).

:func:`units_of` lists every auditable decision of a probe run by stage;
:func:`write_packets` samples them (stratified, seeded) into blind packets for a rater and
a key kept apart; :func:`read_labels` and :func:`score` compare the rater's labels with
the key, per stage: agreement with its Wilson interval and Cohen's kappa with its interval.
"""

from __future__ import annotations

from promptlint.audit.packets import question_id, stratified, write_packets
from promptlint.audit.scoring import (
    Agreement,
    StageScore,
    read_key,
    read_labels,
    render_scores,
    score,
)
from promptlint.audit.units import STAGE_TITLES, STAGES, Question, Unit, units_of

__all__ = [
    "STAGES",
    "STAGE_TITLES",
    "Agreement",
    "Question",
    "StageScore",
    "Unit",
    "question_id",
    "read_key",
    "read_labels",
    "render_scores",
    "score",
    "stratified",
    "units_of",
    "write_packets",
]
