"""Language names and their ISO 639-1 codes, shared by the encoder (names in policy text
to codes) and by everything that writes a code back in words."""

from __future__ import annotations

__all__ = ["CODE_OF", "NAME_OF"]

#: a language's name as policies write it -> ISO 639-1
CODE_OF = {
    "english": "en", "spanish": "es", "french": "fr", "german": "de", "italian": "it",
    "portuguese": "pt", "dutch": "nl", "japanese": "ja", "chinese": "zh", "korean": "ko",
    "russian": "ru", "arabic": "ar", "hindi": "hi", "polish": "pl", "turkish": "tr",
    "swedish": "sv", "mandarin": "zh", "norwegian": "no", "danish": "da", "finnish": "fi",
    "greek": "el", "hebrew": "he", "ukrainian": "uk", "czech": "cs", "vietnamese": "vi",
    "thai": "th", "indonesian": "id", "swahili": "sw",
}  # fmt: skip

#: ISO 639-1 -> the name messages use (the first name listed for a code)
NAME_OF = {code: name.capitalize() for name, code in reversed(list(CODE_OF.items()))}
