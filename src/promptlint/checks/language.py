"""Language identification with a model shipped inside its package (py3langid: naive
Bayes over byte n-grams, 140 language labels; no download, no network).

py3langid is an optional extra (``pip install promptlint-wire[probe]``), imported on first
use; without it every language check is undecidable by code and says why.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["MIN_CONFIDENCE", "MIN_LETTERS", "LanguageGuess", "identify_language"]

#: below this normalised probability the identifier abstains
MIN_CONFIDENCE = 0.5
#: texts with fewer letters than this are too short to identify
MIN_LETTERS = 12


@dataclass(frozen=True, slots=True)
class LanguageGuess:
    #: ISO 639-1 code, or None when the identifier abstains
    language: str | None
    confidence: float
    reason: str = ""


@functools.cache
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


_CODE = re.compile(r"```.*?(```|$)|`[^`\n]*`", re.S)
_URL = re.compile(r"https?://\S+")


def identify_language(text: str) -> LanguageGuess:
    """The language of ``text`` (code spans and URLs left out), or an abstention."""
    prose = _URL.sub(" ", _CODE.sub(" ", text))
    if sum(ch.isalpha() for ch in prose) < MIN_LETTERS:
        return LanguageGuess(None, 0.0, "too little text to identify its language")
    try:
        identifier = _identifier()
    except ImportError:
        return LanguageGuess(None, 0.0, "no language identifier installed "
                             "(pip install 'promptlint-wire[probe]')")  # fmt: skip
    lang, prob = identifier.classify(prose)
    if prob < MIN_CONFIDENCE:
        return LanguageGuess(None, float(prob), f"language unclear ({lang} at {prob:.2f})")
    return LanguageGuess(str(lang), float(prob))
