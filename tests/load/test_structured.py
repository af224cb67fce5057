"""YAML/JSON policies: the right strings are found, and every character maps back to the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from promptlint.errors import InputError
from promptlint.load import load
from promptlint.load.structured import structured_segments

TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"))
    | st.sampled_from("\n\t"),
    min_size=1,
    max_size=120,
).filter(lambda s: s.strip())


def _check_map(text: str, seg_text: str, pieces: tuple[tuple[int, int, int], ...]) -> None:
    from promptlint.objects import Segment

    seg = Segment(seg_text, pieces)
    for k, ch in enumerate(seg_text):
        f = seg.file_offset(k)
        assert 0 <= f < len(text)
        src = text[f]
        # an escape or a fold stands for the character: it starts with \\ or a line break
        assert src == ch or src in "\\\n\r'", (k, ch, src)


@settings(max_examples=120, deadline=None)
@given(TEXT)
def test_json_strings_map_back(value: str) -> None:
    text = json.dumps({"messages": [{"role": "system", "content": value}]}, indent=2)
    (seg,) = structured_segments("p.json", text, "json")
    assert seg.text == value and seg.origin == "messages[0].content"
    _check_map(text, seg.text, seg.pieces)


@settings(max_examples=120, deadline=None)
@given(TEXT, st.sampled_from(["|", ">", '"', "'", "plain"]))
def test_yaml_scalars_map_back(value: str, style: str) -> None:
    doc = {"agent": {"system_prompt": value}}
    dumped = yaml.dump(doc, default_style=None if style == "plain" else style, allow_unicode=True,
                       width=60)  # fmt: skip
    decoded = yaml.safe_load(dumped)["agent"]["system_prompt"]
    segs = structured_segments("p.yaml", dumped, "yaml")
    if not decoded.strip():
        return
    (seg,) = segs
    assert seg.text == decoded
    _check_map(dumped, seg.text, seg.pieces)


def test_block_scalar_lines_are_the_file_lines(tmp_path: Path) -> None:
    f = tmp_path / "agent.yaml"
    f.write_text(
        "name: bot\nagent:\n  system_prompt: |\n    Always answer in English.\n"
        "    Never use emoji.\n  temperature: 0\n"
    )
    policy = load(f)
    (seg,) = policy.segments
    i = seg.text.index("Never use emoji.")
    span = policy.span(0, i, i + len("Never use emoji."))
    assert (span.line, span.col, span.end_line, span.end_col) == (5, 5, 5, 21)


def test_folded_and_chat_messages(tmp_path: Path) -> None:
    f = tmp_path / "chat.yaml"
    f.write_text(
        "messages:\n  - role: user\n    content: hi\n  - role: system\n    content: >\n"
        "      Keep answers short\n      and polite.\n"
    )
    policy = load(f)
    (seg,) = policy.segments
    assert seg.text == "Keep answers short and polite.\n"
    assert seg.origin == "messages[1].content"
    j = seg.text.index("and")
    assert policy.span(0, j, j + 3).line == 7


def test_invalid_yaml_and_json_are_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1, 2\nb: 3\n")
    with pytest.raises(InputError) as e:
        load(bad)
    assert e.value.line is not None and "invalid YAML" in e.value.message
    badj = tmp_path / "bad.json"
    badj.write_text('{"system": "x",\n "b": }\n')
    with pytest.raises(InputError) as e2:
        load(badj)
    assert (e2.value.line, "invalid JSON" in e2.value.message) == (2, True)


@pytest.mark.parametrize(
    "name, origin, sentence, line",
    [
        ("mini_swe_agent_swebench.yaml", "agent.instance_template", None, None),
        ("swe_agent_0_7.yaml", "agent.templates.system_template", None, None),
        ("smolagents_code_agent.yaml", "system_prompt", None, None),
    ],
)
def test_corpus_yaml_loads_and_maps_exactly(
    corpus_dir: Path, name: str, origin: str, sentence: str | None, line: int | None
) -> None:
    policy = load(corpus_dir / name)
    seg = next(s for s in policy.segments if s.origin == origin)
    assert len(seg.text) > 50
    mismatched = sum(policy.text[seg.file_offset(k)] != ch for k, ch in enumerate(seg.text))
    assert mismatched == 0
    # a line of the prompt maps to the same line of the file
    probe = next(x for x in seg.text.splitlines() if len(x.strip()) > 30).strip()
    k = seg.text.index(probe)
    span = policy.span(policy.segments.index(seg), k, k + len(probe))
    assert policy.line_text(span.line).strip().startswith(probe[:20])


def test_json_chat_messages_with_content_parts(tmp_path: Path) -> None:
    f = tmp_path / "chat.json"
    f.write_text(
        '[{"role": "system", "content": "Always answer in English."},\n'
        ' {"role": "developer", "content": [{"type": "text", "text": "Never use emoji."}]},\n'
        ' {"role": "user", "content": [{"type": "text", "text": "Always lie."}]}]\n'
    )
    policy = load(f)
    assert [(s.origin, s.text) for s in policy.segments] == [
        ("[0].content", "Always answer in English."),
        ("[1].content[0].text", "Never use emoji."),
    ]
    span = policy.span(1, 0, len("Never use emoji."))
    assert (span.line, span.col) == (2, f.read_text().splitlines()[1].index("Never") + 1)


def test_jsonc_reads_with_comments_and_trailing_commas(tmp_path: Path) -> None:
    f = tmp_path / "tsconfig.json"
    f.write_text(
        '{\n  // compiler options\n  "compilerOptions": {"strict": true, /* x */},\n'
        '  "instructions": "Never use emoji. // not a comment",\n}\n'
    )
    policy = load(f)
    (seg,) = policy.segments
    assert seg.text == "Never use emoji. // not a comment"
    assert policy.text == f.read_text()
    assert policy.span(0, 0, 5).line == 4
    f.write_text('{"a": 1,, }')  # not JSON with comments either: still located
    with pytest.raises(InputError) as e:
        load(f)
    assert "invalid JSON" in e.value.message and e.value.line == 1


def test_helm_template_yaml_is_read_around_its_actions(tmp_path: Path) -> None:
    f = tmp_path / "deployment.yaml"
    f.write_text(
        "{{- if .Values.enabled }}\n"
        "metadata:\n"
        '  name: {{ include "chart.fullname" . }}\n'
        "  labels:\n"
        '    {{- include "chart.labels" . | nindent 4 }}\n'
        "system_prompt: Never use emoji.\n"
        "{{- end }}\n"
    )
    policy = load(f)
    (seg,) = policy.segments
    assert seg.text == "Never use emoji."
    assert policy.span(0, 0, 5).line == 6


def test_prompt_keys_holding_lists_of_texts_or_parts(tmp_path: Path) -> None:
    f = tmp_path / "request.json"
    f.write_text(
        '{"model": "m", "system": [{"type": "text", "text": "Never use emoji."}],\n'
        ' "instructions": ["Always answer in English.", 3]}\n'
    )
    policy = load(f)
    assert [(s.origin, s.text) for s in policy.segments] == [
        ("system[0].text", "Never use emoji."),
        ("instructions[0]", "Always answer in English."),
    ]
    y = tmp_path / "agent.yaml"
    y.write_text("agent:\n  instructions:\n    - Never use emoji.\n    - note: not a part\n")
    (seg,) = load(y).segments
    assert (seg.origin, seg.text) == ("agent.instructions[0]", "Never use emoji.")
    assert load(y).span(0, 0, 5).line == 3


def test_keys_named_like_prompts_hold_long_rule_texts(tmp_path: Path) -> None:
    rules = "You must always cite the file. Never push to main. " * 5
    f = tmp_path / "agent.yaml"
    f.write_text(
        f"PROMPT_DEFAULT: |\n  {rules}\nSHELL_INSTRUCTIONS: short\n"
        f"host_system: linux\nnotes: |\n  {rules}\n"
    )
    policy = load(f)
    assert [s.origin for s in policy.segments] == ["PROMPT_DEFAULT"]
    assert policy.segments[0].text.strip() == rules.strip()
