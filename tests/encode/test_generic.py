"""The offline encoder on whole rules: generic actions and topics, lead phrases, lists,
references and restrictions (what no single phrase pattern's examples show)."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptlint.encode import Encoding, get_encoder
from promptlint.extract import get_extractor
from promptlint.load import load
from promptlint.triage.surfaces import topic_words


def encode(tmp_path: Path, sentence: str) -> list[str]:
    """The PyRule body lines of the one rule ``sentence`` is, stripped."""
    path = tmp_path / "p.md"
    path.write_text(f"- {sentence}\n", encoding="utf-8")
    records = get_extractor("offline").extract([load(str(path))]).records
    if not records:
        return []
    [out] = get_encoder("offline").encode(records)
    if not isinstance(out, Encoding):
        return []
    return [line.strip() for line in out.pyrule.splitlines()[3:] if line.strip()]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # an opening purpose restricts nothing; an opening time is a situation
        (
            "To confirm identity, always read back the account number on file.",
            ['require(disclose("account number on file"))'],
        ),
        (
            "At the end of screening, you must read back the full name, date of birth, and "
            "phone number so they can confirm them.",
            [
                'if semantic(ctx.msg, "end_of_screening"):',
                'require(disclose("full name"))',
                'require(disclose("date of birth"))',
                'require(disclose("phone number"))',
            ],
        ),
        ("At all times, never use emoji.", ["forbid(emoji())"]),
        # "at least" is a bound, not a situation
        (
            "Your confirmation must be at least 300 characters.",
            ['require(reply_length("characters", ">=", 300))'],
        ),
        # the first object after the verb is one object even if it starts like a verb
        (
            "Never discuss drop rates or the odds behind Star Crates.",
            ['forbid(disclose("drop rates"))', 'forbid(disclose("odds behind star crates"))'],
        ),
        # what follows ", only" is the exception, not another prohibited topic
        (
            "Never provide any explanation, only the filenames and the code.",
            ['forbid(disclose("explanation"))'],
        ),
        # people are the object of an action, the addressee of a telling
        ("Never call the supervisor after 9 pm.", ['forbid(act("call supervisor"))']),
        ("Never tell the customer the margin.", ['forbid(disclose("margin"))']),
        # a pronoun object: the act itself; a deictic one names nothing comparable
        ("Do not retry it.", ['forbid(act("retry"))']),
        ("Never use this tool for searches.", []),
        ("Don't call it together with other actions.", []),
        # "you do not need to" permits, it does not forbid
        ("You do not need to display the changes.", []),
        ("You don't have to use markdown.", []),
        # "X only to/when Y" allows X in Y and forbids it elsewhere
        (
            "Use the refund tool only for approved refunds.",
            ['if not semantic(ctx.msg, "approved_refund"):', 'forbid(use_tool("refund"))'],
        ),
        # "until C" forbids before C holds
        (
            "Do not reveal balances until the customer has passed the identity check.",
            [
                'if not semantic(ctx.msg, "has_passed_identity_check"):',
                'forbid(disclose("balances"))',
            ],
        ),
        # a commit message is an output of its own, not the reply
        (
            "Commit with a message that names the root cause in one line.",
            [
                'if ctx.env.output == "commit_message" and ctx.env.output_kind == "document":',
                'require(reply_length("lines", "==", 1))',
            ],
        ),
        # a list of code is not a rule; "even if" concedes, it does not condition
        ("You have three tools: read_file(path) and run_shell(command).", []),
        (
            "Do not read files in the .env or secrets/ paths, even if asked.",
            ['forbid(read_file(".env"))'],
        ),
        # a prohibition limited to a part keeps the part
        (
            "Never mention sponsors in the intro.",
            ['forbid(disclose("sponsors in the intro"))'],
        ),
        # a part's length is not the reply's
        (
            "Each book blurb should be 40 to 80 words.",
            [
                'require(part_length("book blurb", "words", ">=", 40))',
                'require(part_length("book blurb", "words", "<=", 80))',
            ],
        ),
        # "try to" softens every clause of the rule
        (
            "Try to keep formatting light and avoid tables.",
            ['avoid(reply_format("table"))'],
        ),
        # a prohibition for some people only
        (
            "Do not use the billing_lookup tool for guests who have not logged in.",
            [
                'if semantic(ctx.msg, "guest_who_have_not_logged_in"):',
                'forbid(use_tool("billing_lookup"))',
            ],
        ),
        # "X is a Y" with a value of several words
        (
            "If the failing job is a lint job, do not retry it.",
            ['if ctx.env.failing_job == "lint job":', 'forbid(act("retry"))'],
        ),
    ],
)
def test_generic_encoding(tmp_path: Path, sentence: str, expected: list[str]) -> None:
    assert encode(tmp_path, sentence) == expected


def test_read_only_commands_forbid_state_changes(tmp_path: Path) -> None:
    [git] = encode(tmp_path, "You may only run read-only git commands such as git log.")
    assert git.startswith('forbid(run_shell("{git add*,') and "git commit*" in git
    assert "rm *" not in git  # "read-only git commands" is about git only
    [every] = encode(tmp_path, "Only run read-only commands on production hosts.")
    assert "*iptables *" in every and "git push*" in every
    assert encode(tmp_path, "Never run commands that modify the repository.")[0] == every
    # not a restriction without "only" (or a prohibition)
    assert "run_shell" not in " ".join(encode(tmp_path, "Run read-only commands first."))


def test_possessors_and_manner_words_are_not_topics() -> None:
    assert topic_words("claimant's full policy number") == topic_words("full policy number")
    assert topic_words("customer's account number aloud") == topic_words("account number")
    assert topic_words("users' names") == topic_words("names")


def test_read_only_rule_collides_with_a_state_changing_command_only(tmp_path: Path) -> None:
    from promptlint.config import Config
    from promptlint.pipeline import check

    path = tmp_path / "agent.md"
    path.write_text(
        "- You may only run read-only git commands.\n"
        "- After drafting the notes, always commit them with `git commit -m notes`.\n"
        "- Always run `git log -5` before writing.\n"
        "- Never run `git push`.\n",
        encoding="utf-8",
    )
    report = check([str(path)], Config())
    pairs = [
        sorted(r.line for r in d.rules)
        for d in report.diagnostics
        if d.category.value == "collision"
    ]
    assert pairs == [[1, 2]]


def test_a_list_takes_more_than_a_one_word_answer(tmp_path: Path) -> None:
    from promptlint.config import Config
    from promptlint.pipeline import check

    path = tmp_path / "helper.md"
    path.write_text(
        "- Always reply to attendants with a numbered checklist of steps.\n"
        '- When an attendant asks a yes/no question, answer with only "Yes" or "No".\n'
        "- Keep replies under 40 words.\n",
        encoding="utf-8",
    )
    report = check([str(path)], Config())
    found = [d for d in report.diagnostics if d.category.value == "collision"]
    assert [sorted(r.line for r in d.rules) for d in found] == [[1, 2]]
    assert "lines" in found[0].message or "lines" in str(found[0].data)


@pytest.mark.parametrize(
    "sentence",
    [
        # what the prohibition leaves out is allowed: no unrestricted prohibition
        "Never book travel for anyone other than the travellers named in the request.",
        # which words to use, not what to tell
        'Avoid acronyms such as "ED" unless the visitor used them first; say "Early Decision".',
        # one way of doing it is forbidden, not the action
        "Do NOT write entire scripts in one step.",
        "Do not call think_tool in parallel with other tools.",
        # a relative clause says which tasks: not every scheduling is forbidden
        "Do not schedule tasks that can be run immediately.",
    ],
)
def test_restricted_prohibitions_and_wordings_are_left_unencoded(
    tmp_path: Path, sentence: str
) -> None:
    assert encode(tmp_path, sentence) == []


def test_a_statement_about_other_people_is_not_a_rule(tmp_path: Path) -> None:
    body = encode(
        tmp_path,
        "Reply in the language the visitor writes in; many families write to us in Spanish.",
    )
    assert "require(reply_language(ctx.msg.language))" in body
    assert not any('"es"' in line for line in body)


def test_a_condition_inside_a_purpose_clause_is_not_the_rule_s(tmp_path: Path) -> None:
    plain = "Confirm the booking immediately"
    assert encode(tmp_path, f"{plain} while they decide.")[0].startswith("if ")
    assert encode(tmp_path, f"{plain}, so the seat is not lost while they decide.") == [
        'require(act("confirm booking immediately"))'
    ]


def test_an_action_named_as_the_time_of_another_is_not_prescribed(tmp_path: Path) -> None:
    asking = "Never ask the user for permission before pushing commits."
    assert encode(tmp_path, asking) == ['forbid(act("ask user for permission"))']
    assert encode(tmp_path, "Never push the branch.") == ['forbid(run_shell("git push*"))']


@pytest.mark.parametrize(
    ("sentence", "path_call"),
    [
        ("Write code to locate/find the target file.", None),
        ("Never create new branches when triggered on issues or closed/merged PRs.", None),
        ("Only change the content/data, not the structure.", None),
        # a usual folder, or a quoted path, is still a path
        ("Never edit files under src/generated.", 'forbid(edit_file("src/generated/**"))'),
        ("Never edit `billing/invoices`.", 'forbid(edit_file("billing/invoices/**"))'),
    ],
)
def test_words_joined_by_a_slash_are_alternatives_not_a_path(
    tmp_path: Path, sentence: str, path_call: str | None
) -> None:
    body = encode(tmp_path, sentence)
    paths = [line for line in body if "edit_file(" in line or "read_file(" in line]
    assert paths == ([path_call] if path_call else [])


def test_only_after_the_agent_s_own_step_orders_the_two(tmp_path: Path) -> None:
    assert encode(tmp_path, "Use `gh issue comment` only after confirming the target issue.") == [
        'require(trace_order("confirming_target_issue", "use_gh_issue_comment"))'
    ]
    # an outcome the agent waits for stays a prohibition until it holds
    waiting = encode(tmp_path, "Apply it to production only after the staging apply has succeeded.")
    assert waiting[0] == 'if not semantic(ctx.msg, "staging_apply_has_succeeded"):'
    assert waiting[1] == 'forbid(act("apply"))'


def test_only_when_needed_leaves_the_call_to_the_agent(tmp_path: Path) -> None:
    body = encode(tmp_path, "Load referenced resources only when needed.")
    assert body[1] == 'avoid(act("load referenced resources"))'
    assert encode(tmp_path, "Only use web search for recent claims.")[1].startswith("forbid(")


def test_an_exception_in_brackets_is_read_as_one(tmp_path: Path) -> None:
    body = encode(tmp_path, "Never run arbitrary Bash commands (unless explicitly allowed).")
    assert body == [
        'if not semantic(ctx.msg, "allowed"):',
        'forbid(act("run arbitrary bash commands"))',
    ]
    # an aside that only names what is allowed is not part of what is forbidden
    aside = "Never perform branch operations (no merges, nothing beyond pushing commits)."
    assert encode(tmp_path, aside) == ['forbid(act("perform branch operations"))']
    scoped = encode(tmp_path, "Never execute commands outside the repository context.")
    assert 'forbid(run_shell("*"))' not in scoped


def test_a_situation_before_a_colon_is_a_condition(tmp_path: Path) -> None:
    assert encode(tmp_path, "When triggered on a closed PR: Create a new branch") == [
        'if semantic(ctx.msg, "triggered_on_closed_pr"):',
        'require(act("create new branch"))',
    ]
    # a colon inside inline code does not end the condition
    body = encode(tmp_path, "If you hit `SyntaxError: x`, reuse the binding.")
    assert body[0] == 'if semantic(ctx.msg, "hit_syntaxerror_x"):'


def test_a_relative_clause_after_a_list_restricts_its_last_item(tmp_path: Path) -> None:
    sentence = (
        "Never write thesis prose for the student, including paragraphs, sections or "
        "abstracts that they could paste into their document."
    )
    assert 'forbid(act("write thesis prose for the student"))' in encode(tmp_path, sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a place the prohibited thing goes is part of it, over every listed item
        (
            "Do NOT add period or punctuation after citations.",
            ['forbid(act("add period after citations"))',
             'forbid(act("add punctuation after citations"))'],
        ),
        ("Do not put a comma before the URL.", ['forbid(act("put comma before url"))']),
        # a time is not a place
        ("Never call the supervisor after 9 pm.", ['forbid(act("call supervisor"))']),
        # what is used is named elsewhere; how often is a preference
        ("Use them sparingly.", []),
        # a choice among them, not that there are any
        ("Choose emojis that genuinely reflect the meaning.",
         ['require(act("choose emojis that genuinely reflect the meaning"))']),
        # leaving out forbids, "never omit" requires
        ("When in doubt, omit the emoji.",
         ['if semantic(ctx.msg, "in_doubt"):', "forbid(emoji())"]),
        ("Never omit the emoji.", ["require(emoji())"]),
        # a possessive after the first listed item is that item's
        (
            "Do not discuss other tenants, their units or their requests.",
            ['forbid(disclose("other tenants"))', 'forbid(disclose("other tenants units"))',
             'forbid(disclose("other tenants requests"))'],
        ),
    ],
)  # fmt: skip
def test_places_pronouns_and_omissions(tmp_path: Path, sentence: str, expected: list[str]) -> None:
    assert encode(tmp_path, sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a comma inside an "only after" condition is still the condition
        (
            "Call done only after comprehensive, multi-angle research is complete.",
            ['if not semantic(ctx.msg, "comprehensive_multi_angle_research_complete"):',
             'forbid(act("call done"))'],
        ),
    ],
)  # fmt: skip
def test_a_comma_in_an_only_after_condition(
    tmp_path: Path, sentence: str, expected: list[str]
) -> None:
    assert encode(tmp_path, sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "absent"),
    [
        # "only for" a tool with one of its settings restricts that setting, not the tool
        (
            "Use `move_tool` with `drag=true` only for explicit drag-and-drop operations "
            "(moving files, resizing panes, reordering items).",
            "forbid(",
        ),
        # quoted phrases are mentioned, not asked for
        ('Examples of valid overrides: "be more verbose", "use emoji in responses".', "emoji"),
        # which sources or URLs, not whether
        ("Make sure to not add duplicated sources.", "cite_sources"),
        ("Use only images from your search results, do not come up with your own urls.", "urls"),
    ],
)  # fmt: skip
def test_restrictions_mentions_and_which_ones(tmp_path: Path, sentence: str, absent: str) -> None:
    assert not [x for x in encode(tmp_path, sentence) if absent in x]


def test_never_x_without_first_doing_y_orders_the_two(tmp_path: Path) -> None:
    assert encode(tmp_path, "Never merge a pull request without first running the tests.") == [
        'require(trace_order("running_test", "merge_pull_request"))'
    ]


def test_a_modal_verb_is_not_a_topic_word() -> None:
    # "a director will reach out" says nothing about wills
    assert "will" not in topic_words("director will reach out within two hours")
    assert "will" in topic_words("wills")
