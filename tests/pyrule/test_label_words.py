"""Situation labels keep the words of the situation and nothing of its grammar."""

from __future__ import annotations

import pytest

from promptlint.pyrule.labels import normalize_label


@pytest.mark.parametrize(
    ("phrase", "label"),
    [
        # a contraction is not a word of the situation ("until you've exhausted ...")
        ("you've exhausted reasonable research avenues", "exhausted_reasonable_research_avenue"),
        ("we\u2019ll ship it", "we_ship_it"),
        # a prefix before a hyphen is a word of its own ("re-run" is not "run")
        ("re-run the tests", "re_run_test"),
        ("the user's request", "request"),
    ],
)
def test_label_words(phrase: str, label: str) -> None:
    assert normalize_label(phrase) == label
