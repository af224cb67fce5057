"""The reporters' fast paths write what the standard library would, byte for byte."""

from __future__ import annotations

import json
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from promptlint.report.formats import dump_json, wrap

_PIECES = st.sampled_from([*"ab-.é ", "\t", "\n", "\r", "  ", "word", "a-long-hyphenated-word"])
_TEXT = st.lists(_PIECES, max_size=30).map("".join)


@settings(max_examples=400, deadline=None)
@given(
    text=_TEXT,
    width=st.integers(min_value=1, max_value=30),
    initial=st.sampled_from(["", " ", "  = help: ", "x" * 12]),
    subsequent=st.sampled_from(["", "   ", " " * 12]),
)
def test_wrap_is_textwrap(text: str, width: int, initial: str, subsequent: str) -> None:
    expected = textwrap.wrap(
        text, width=width, initial_indent=initial, subsequent_indent=subsequent,
        break_on_hyphens=False, break_long_words=False,
    )  # fmt: skip
    assert wrap(text, width, initial, subsequent) == expected


def test_a_long_message_wraps_at_word_boundaries() -> None:
    body = "the assistant must always reply in English " * 4
    lines = wrap(body, 40, "  = help: ", " " * 10)
    assert lines == textwrap.wrap(body, 40, initial_indent="  = help: ",
                                  subsequent_indent=" " * 10, break_on_hyphens=False,
                                  break_long_words=False)  # fmt: skip
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(min_value=0, max_value=1e6, allow_nan=False).map(lambda x: round(x, 4))
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(doc=_JSON)
def test_json_documents_are_what_the_standard_library_writes(doc: object) -> None:
    """Reports are written by orjson for speed; the bytes are json.dumps(indent=2)'s."""
    assert dump_json(doc) == json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
