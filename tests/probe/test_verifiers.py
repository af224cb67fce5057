"""Deterministic verifiers: each check on a positive and a negative example."""

from __future__ import annotations

import json

import pytest

from promptlint.checks import Facts, command_matches, evaluate, identify_language, path_matches
from promptlint.checks import text as tx
from promptlint.judge import Response, observe, verify
from promptlint.objects import And, Clause, Compare, Const, Not, Or, Pred, Ref, TrueCond
from promptlint.witnessed import ToolStep

EN = "Your refund was approved and the money will be back on your card within five days."
ES = "Su reembolso fue aprobado y el dinero volverá a su tarjeta en un plazo de cinco días."


def step(name: str, **args: object) -> ToolStep:
    return ToolStep(name, json.dumps(args))


def tah(*steps: ToolStep, text: str = "Done.") -> Response:
    return Response(text, tuple(steps), harness=True)


# primitive, args, a response where the behaviour happens, one where it does not
CASES: list[tuple[str, dict[str, object], Response, Response]] = [
    ("reply_language", {"language": "es"}, Response(ES), Response(EN)),
    ("reply_language", {"language": "en"}, Response(EN), Response(ES)),
    ("reply_length", {"unit": "words", "op": "<", "n": 5}, Response("One two three four."),
     Response("One two three four five.")),
    ("reply_length", {"unit": "sentences", "op": "==", "n": 2}, Response("Hi there. How are you?"),
     Response("Hi there. How are you? Fine.")),
    ("reply_length", {"unit": "paragraphs", "op": ">=", "n": 2}, Response("One.\n\nTwo."),
     Response("One.\nStill one.")),
    ("reply_length", {"unit": "lines", "op": "<=", "n": 2}, Response("a\n\nb"),
     Response("a\nb\nc")),
    ("reply_length", {"unit": "bullets", "op": "==", "n": 3}, Response("- a\n- b\n* c"),
     Response("- a\n- b")),
    ("reply_length", {"unit": "characters", "op": "<", "n": 10}, Response("short"),
     Response("much longer text")),
    ("question_count", {"op": "<=", "n": 1}, Response("Which booking?"),
     Response("Which booking? And when??")),
    ("reply_format", {"format": "json"}, Response('```json\n{"a": 1}\n```'),
     Response("{'a': 1}")),
    ("reply_format", {"format": "yaml"}, Response("a: 1\nb: [2, 3]"), Response("just words")),
    ("reply_format", {"format": "xml"}, Response("<a><b>1</b></a>"), Response("<a><b>1</a>")),
    ("reply_format", {"format": "csv"}, Response("a,b\n1,2\n3,4"), Response("a,b\n1")),
    ("reply_format", {"format": "html"}, Response("<p>Hello</p>"), Response("Hello")),
    ("reply_format", {"format": "markdown"}, Response("# Title\n\ntext"), Response("plain text")),
    ("reply_format", {"format": "plain_text"}, Response("plain text."), Response("**bold**")),
    ("reply_format", {"format": "table"}, Response("| a | b |\n|---|---|\n| 1 | 2 |"),
     Response("a | b")),
    ("reply_format", {"format": "bullet_list"}, Response("- one\n- two"), Response("1. one")),
    ("reply_format", {"format": "numbered_list"}, Response("1. one\n2. two"), Response("- one")),
    ("reply_format", {"format": "code_block"}, Response("```\nx = 1\n```"), Response("x = 1")),
    ("reply_format", {"format": "heading"}, Response("## Refunds\ntext"), Response("#hashtag")),
    ("reply_case", {"case": "lower"}, Response("all lower case here."), Response("Not lower.")),
    ("reply_case", {"case": "upper"}, Response("ALL CAPS HERE!"), Response("ALL CAPS here")),
    ("reply_case", {"case": "title"}, Response("The Title of the Book"),
     Response("The title of the book")),
    ("reply_case", {"case": "sentence"}, Response("First one. Second one."),
     Response("first one. second one.")),
    ("emoji", {}, Response("Great news 🎉"), Response("Great news :)")),
    ("punctuation", {"mark": ","}, Response("a, b"), Response("a b `x,y`")),
    ("reply_contains", {"text": "Booking  Reference"}, Response("your booking reference is"),
     Response("your booking is")),
    ("reply_starts_with", {"text": "Dear customer"}, Response('"Dear customer, hello'),
     Response("Hello, dear customer")),
    ("reply_ends_with", {"text": "Is there anything else?"},
     Response("Done. Is there anything else?"), Response("Is there anything else? Done.")),
    ("include_urls", {}, Response("see https://acme.example/refunds"), Response("see our site")),
    ("whitespace", {}, Response("two words"), Response("oneword")),
    ("repeated_words", {}, Response("the cat and the dog"), Response("a cat and dog")),
    ("use_tool", {"name": "lookup_booking"}, tah(step("lookup_booking", ref="X")),
     tah(step("search_kb", q="x"))),
    ("tool_call", {"name": "lookup_*", "args": "*X1*"}, tah(step("lookup_booking", ref="X1")),
     tah(step("lookup_booking", ref="Y2"))),
    ("run_shell", {"command_glob": "git push*"}, tah(step("bash", command="git push origin main")),
     tah(step("bash", command="git status"), step("git_push_notes", command="git push"))),
    ("edit_file", {"path_glob": "src/**/*.py"}, tah(step("write_file", path="src/a/b.py")),
     tah(step("write_file", path="docs/a.py"), step("read_file", path="src/a.py"))),
    ("edit_file", {"path_glob": "docs/*.md"},
     tah(step("apply_patch", input="*** Begin Patch\n*** Update File: docs/x.md\n@@\n-a\n+b")),
     tah(step("apply_patch", input="*** Update File: docs/sub/x.md"))),
    ("read_file", {"path_glob": "**"}, tah(step("read_file", path="README.md")),
     tah(step("write_file", path="README.md"))),
    ("web_search", {}, tah(step("web_search", q="news")), tah(step("lookup_booking", ref="1"))),
    ("trace_contains", {"event": "run_tests"}, tah(step("run_tests")), tah(step("lint"))),
    ("trace_order", {"first": "read_file", "second": "edit_file"},
     tah(step("read_file"), step("edit_file")), tah(step("edit_file"), step("read_file"))),
]  # fmt: skip


@pytest.mark.parametrize(("primitive", "args", "yes", "no"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])  # fmt: skip
def test_check_on_a_positive_and_a_negative_example(
    primitive: str, args: dict[str, object], yes: Response, no: Response
) -> None:
    assert observe(primitive, args, yes).holds is True
    assert observe(primitive, args, no).holds is False


@pytest.mark.parametrize(
    ("primitive", "args", "r"),
    [
        ("reply_language", {"language": "es"}, Response("Gracias")),  # too short to tell
        ("reply_case", {"case": "lower"}, Response("123 456")),
        ("use_tool", {"name": "x"}, Response("I called x.")),  # no tools declared
        ("run_shell", {"command_glob": "*"}, Response("$ rm -rf /")),
        ("trace_order", {"first": "a", "second": "b"}, tah(step("a"))),
        ("refuse", {}, Response("I can't help with that.")),
        ("reply_style", {"style": "formal"}, Response("Dear Sir")),
        ("ask_clarify", {"topic": "*"}, Response("Which booking do you mean?")),
    ],
)
def test_what_code_cannot_decide_is_left_to_the_model(
    primitive: str, args: dict[str, object], r: Response
) -> None:
    got = observe(primitive, args, r)
    assert got.holds is None and got.detail


def clause(sign: str, primitive: str, **args: object) -> Clause:
    return Clause("r1", 0, TrueCond(), sign, primitive,  # type: ignore[arg-type]
                  tuple((k, Const(v)) for k, v in args.items()), primitive)  # type: ignore[arg-type]  # fmt: skip


def test_verify_follows_the_sign() -> None:
    r = Response("Great news 🎉")
    assert verify(clause("require", "emoji"), r).holds is True
    assert verify(clause("forbid", "emoji"), r).holds is False
    assert verify(clause("forbid", "emoji"), Response("Great news")).holds is True
    assert verify(clause("prefer", "emoji"), r).holds is None  # soft: not graded by code
    assert verify(clause("require", "reply_length", unit="words", op="<", n=80),
                  Response("word " * 79)).holds is True  # fmt: skip
    assert verify(clause("require", "reply_length", unit="words", op="<", n=80),
                  Response("word " * 80)).holds is False  # fmt: skip


# --------------------------------------------------------------------------- measures


def test_counts_leave_code_out_and_count_what_they_say() -> None:
    text = "Run this:\n\n```bash\nrm -rf build dist\n```\n\nThen `make` it. Done?"
    assert tx.words(text) == 5  # Run this Then it Done
    assert tx.questions(text) == 1 and tx.questions("Wait?? Really?") == 2
    assert tx.sentences("Mr. Smith arrived. He left!") >= 2
    assert tx.words("don't well-known e-mail") == 3


def test_language_identification_abstains_on_short_text() -> None:
    assert identify_language(ES).language == "es"
    assert identify_language(EN).language == "en"
    short = identify_language("Hola")
    assert short.language is None and "too little" in short.reason


def test_globs() -> None:
    assert path_matches("src/**/*.py", "src/x.py") and path_matches("src/**/*.py", "src/a/b/x.py")
    assert not path_matches("src/*.py", "src/a/x.py")
    assert path_matches("!docs/**", "src/x.py") and not path_matches("!docs/**", "docs/x.md")
    assert command_matches("git push*", "git  push   --force") and not command_matches(
        "git push*", "git pull"
    )
    assert command_matches("{npm test*,pytest*}", "pytest -q")


# --------------------------------------------------------------------------- activations


def lang_is(code: str) -> Compare:
    return Compare("==", Ref(("msg", "language")), Const(code))


def asks(label: str) -> Pred:
    return Pred("asks_for", (Ref(("msg",)), Const(label)))


def test_activation_is_three_valued() -> None:
    es = Facts(msg=ES)
    assert evaluate(lang_is("es"), es) is True
    assert evaluate(lang_is("en"), es) is False
    assert evaluate(asks("refund_explanation"), es) is None
    assert evaluate(And((lang_is("en"), asks("refund_explanation"))), es) is False  # Kleene
    assert evaluate(Or((lang_is("es"), asks("refund_explanation"))), es) is True
    assert evaluate(Not(asks("refund_explanation")), es) is None
    known = Facts(msg=ES, assignment={"semantic:refund_explanation": True})
    assert evaluate(And((lang_is("es"), asks("refund_explanation"))), known) is True
    assert evaluate(Pred("contains", (Ref(("msg",)), Const("REEMBOLSO"))), es) is True
    assert evaluate(Pred("regex", (Ref(("msg",)), Const(r"^Su\b"))), es) is True
    wc = Compare(">", Ref(("msg", "word_count")), Const(10))
    assert evaluate(wc, es) is True
    trace = Facts(trace=("lookup_booking",), tools=("lookup_booking",))
    assert evaluate(Pred("trace_has", (Const("lookup_booking"),)), trace) is True
    assert evaluate(Pred("tool_available", (Const("refund"),)), trace) is False
    assert evaluate(Pred("trace_has", (Const("x"),)), Facts()) is None
