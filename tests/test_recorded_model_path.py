"""The model-backed path on recorded answers (fixtures/recorded/README.md): the blind
planted set R, and the shared corpus when ../shared is present. Floors are the measured
figures of docs/evaluation.md, so a regression in any stage between the recorded answers
and the finding fails here."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import yaml

from policy_scoring import _matches
from promptlint.cli.app import run

REPO = Path(__file__).resolve().parents[1]
ANSWERS = REPO / "fixtures" / "recorded" / "session17.answers.jsonl"
CODES = ("PL101", "PL102", "PL103", "PL104")


def _score(
    policies: list[Path],
    labels: Path,
    capsys: pytest.CaptureFixture[str],
    *extra: str,
    stages: str = "nominate",
) -> tuple:
    expected = found = reported = true = 0
    for p in policies:
        expect = yaml.safe_load((labels / f"{p.name}.expect.yaml").read_text("utf-8")) or {}
        expect = expect.get("expect") or []
        run(["check", "--isolated", "--no-cache", "-f", "json", "--backend", "llm",
             "--model-stages", stages, *extra, str(p)])  # fmt: skip
        doc = json.loads(capsys.readouterr().out)
        pairs = [(d["rules"][0]["quote"], d["rules"][1]["quote"])
                 for d in doc["diagnostics"] if d["code"] in CODES]  # fmt: skip
        expected += len(expect)
        found += sum(any(_matches(e, q) for q in pairs) for e in expect)
        reported += len(pairs)
        true += sum(any(_matches(e, q) for e in expect) for q in pairs)
    return expected, found, reported, true


def _labelled(folder: Path, labels: Path) -> list[Path]:
    return sorted(folder / p.name.removesuffix(".expect.yaml") for p in labels.glob("*.expect.yaml")
                  if (folder / p.name.removesuffix(".expect.yaml")).suffix != ".go")  # fmt: skip


@pytest.fixture
def replay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROMPTLINT_LLM_REPLAY", str(ANSWERS))
    monkeypatch.delenv("PROMPTLINT_LLM_PENDING", raising=False)


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_blind_set_r_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    folder = REPO / "fixtures" / "heldout_r"
    policies = _labelled(folder, folder)
    expected, found, reported, true = _score(policies, folder, capsys)
    print(f"set R, recorded model path: recall {found}/{expected}, precision {true}/{reported}",
          file=sys.stderr)  # fmt: skip
    # measured 29/30 and 29/32 (docs/evaluation.md)
    assert found / expected >= 0.9 and true / reported >= 0.9
    expected, found, reported, true = _score(policies, folder, capsys, "--sweep")
    # swept: measured 27/30 and 27/27 (docs/evaluation.md, session 11)
    assert found / expected >= 0.9 and true / reported >= 0.9


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_blind_set_s_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Set S, written blind in session 12 and first run on these answers."""
    folder = REPO / "fixtures" / "heldout_s"
    policies = _labelled(folder, folder)
    found, reported, true = _score(policies, folder, capsys)[1:]
    # measured 27/30 and 27/30 (session 12, first run); 28/30 and 28/28 since session 13
    # (sections of samples are not read as rules; a word-for-word text has a length);
    # 29/30 and 29/29 since session 15 (joint requests, version 3)
    assert found >= 29 and true / reported >= 0.95
    vetted = _score(policies, folder, capsys, stages="nominate,vet")
    # vetting never sets aside a planted conflict
    assert vetted[1] == found and vetted[2] <= reported and vetted[3] == true


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_blind_set_t_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Set T, written blind in session 13 and first run on these answers."""
    folder = REPO / "fixtures" / "heldout_t"
    policies = _labelled(folder, folder)
    expected, found, reported, true = _score(policies, folder, capsys)
    # first run 25/30 and 25/28; 27/30 and 27/31 after session 13's fitted changes; 29/30
    # and 29/33 since session 15 (offline collisions re-checked, joint requests version 3)
    # 29/32 since offline collisions no reading names are set aside (PL108)
    assert expected == 30 and found >= 29 and true / reported >= 0.9


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.usefixtures("replay")
def test_corpus_on_recorded_answers(corpus_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    labels = REPO / "tests" / "data" / "corpus_labels"
    policies = _labelled(corpus_dir, labels)
    expected, found, _reported, true = _score(policies, labels, capsys)
    # measured 4 of 11 found, 4 of 8 reported true (docs/evaluation.md): far below the aim;
    # 5 of 11, 5 of 10 since session 15
    # 4 of 9 since offline collisions no reading names are set aside: the reading names
    # one labelled conflict less than offline found (the sweep names it)
    assert expected == 11 and found >= 4 and true >= 4


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.usefixtures("replay")
def test_corpus_swept_on_recorded_answers(
    corpus_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--sweep: one nomination request per part of the policy, each against the whole."""
    labels = REPO / "tests" / "data" / "corpus_labels"
    expected, found, _reported, true = _score(_labelled(corpus_dir, labels), labels, capsys,
                                              "--sweep")  # fmt: skip
    # measured 9 of 11 found, 9 of 18 reported labelled (docs/evaluation.md); 10 of 11 and
    # 10 of 25 since session 15
    assert expected == 11 and found >= 10 and true >= 10


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_extra_real_prompts_swept_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    labels = REPO / "tests" / "data" / "real_labels"
    policies = _labelled(REPO / "tests" / "data" / "real_prompts", labels)
    expected, found, _reported, true = _score(policies, labels, capsys, "--sweep")
    # measured 7 of 17 found, 7 of 16 reported labelled (session 11); 6 of 17 and 6 of 15
    # since session 12 re-asked the requests whose line numbers changed (docs/evaluation.md)
    assert expected == 17 and found >= 6 and true >= 6


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_new_blind_real_set_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    labels = REPO / "tests" / "data" / "real_labels_new"
    policies = _labelled(REPO / "tests" / "data" / "real_prompts" / "new", labels)
    single = _score(policies, labels, capsys)
    swept = _score(policies, labels, capsys, "--sweep")
    # measured (docs/evaluation.md): one reading 0 of 5 found, 2 reported; swept 1 of 5,
    # 1 of 5 reported labelled. Since session 13 the loaders read gptme's, magentic-ui's and
    # open_deep_research's other prompt literals, their requests were answered again, and
    # the sweep's one labelled find is gone: 0 of 5, 6 reported (7 swept); since session 15
    # 2 of 5 found at 7 reported (8 swept)
    assert single[0] == swept[0] == 5 and single[1] >= 2 and single[2] <= 5 and swept[2] <= 6


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_real_set_t_swept_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Real set T: ten public prompts labelled blind in session 13 (24 conflicts)."""
    labels = REPO / "tests" / "data" / "real_labels_t"
    policies = _labelled(REPO / "tests" / "data" / "real_prompts" / "t", labels)
    expected, found, reported, _true = _score(policies, labels, capsys, "--sweep")
    # first run (4 of the 10 files read as empty): 10 of 24, 10 of 30 reported; since the
    # loaders read them, 15 of 24 and 16 of 55 (docs/evaluation.md): recall a direct
    # reading's (15 of 24), precision far below the aim
    # 15 of 24, 16 of 47 reported since session 14 (slash alternatives, manners, separate
    # prompts); 16 of 24, 18 of 50 since session 15 (joint requests, version 3)
    # 16 of 24 at 48 since offline collisions no reading names are set aside
    assert expected == 24 and found >= 16 and reported <= 48


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_blind_set_u_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Set U, written blind in session 14 and first run on these answers."""
    folder = REPO / "fixtures" / "heldout_u"
    policies = _labelled(folder, folder)
    expected, found, reported, true = _score(policies, folder, capsys)
    # first run 26/30 and 26/36 (offline's false candidates included); 26 of 33 after
    # session 14's fitted offline changes; 29 of 32 since session 15 (offline collisions
    # re-checked by the model, joint requests version 3)
    assert expected == 30 and found >= 29 and true / reported >= 0.9


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_real_set_u_swept_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Real set U: ten public prompts labelled blind in session 14 (10 conflicts; the one in
    a Go file, which promptlint cannot read, is not counted here)."""
    labels = REPO / "tests" / "data" / "real_labels_u"
    policies = _labelled(REPO / "tests" / "data" / "real_prompts" / "u", labels)
    expected, found, reported, _true = _score(policies, labels, capsys, "--sweep")
    # first run 5 of 9 at 6 of 45; 5 of 21 once separate prompts are not paired; 6 of 9 at
    # 13 since session 15
    # 11 reported since offline collisions no reading names are set aside
    assert expected == 9 and found >= 6 and reported <= 11


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_blind_set_v_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Set V, written blind in session 15 and first run on these answers."""
    folder = REPO / "fixtures" / "heldout_v"
    policies = _labelled(folder, folder)
    expected, found, reported, true = _score(policies, folder, capsys)
    # first run 26/30 and 26/27 (one label's quote carries a list number the finding's
    # quote does not: 27/30 by line); 29/30 and 29/31 after session 15's fitted changes;
    # 29/30 since offline collisions no reading names are set aside
    assert expected == 30 and found >= 29 and true / reported >= 0.95


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_real_set_v_swept_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Real set V: ten public prompts labelled blind twice in session 15 (15 and 17
    conflicts)."""
    labels = REPO / "tests" / "data" / "real_labels_v"
    policies = _labelled(REPO / "tests" / "data" / "real_prompts" / "v", labels)
    expected, found, reported, _true = _score(policies, labels, capsys, "--sweep")
    # first run 7 of 15 at 28 reported; 8 of 15 at 29 after session 15's fitted changes;
    # 8 of 15 at 19 since offline collisions no reading names are set aside
    assert expected == 15 and found >= 8 and reported <= 19


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_blind_set_w_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Set W, written blind in session 15 and first run on these answers."""
    folder = REPO / "fixtures" / "heldout_w"
    policies = _labelled(folder, folder)
    expected, found, reported, true = _score(policies, folder, capsys)
    # first run 29/30 at 29/33; 29/30 since offline collisions no reading names are set
    # aside (three of the four false reports were such collisions)
    assert expected == 30 and found >= 29 and true / reported >= 0.95


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_real_set_w_swept_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Real set W: ten public prompts labelled blind twice in session 15 (11 and 8
    conflicts)."""
    labels = REPO / "tests" / "data" / "real_labels_w"
    policies = _labelled(REPO / "tests" / "data" / "real_prompts" / "w", labels)
    expected, found, reported, _true = _score(policies, labels, capsys, "--sweep")
    # first run 6 of 11 at 15 reported; 14 since offline collisions no reading names are
    # set aside
    assert expected == 11 and found >= 6 and reported <= 14


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_blind_set_x_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Set X, written blind in session 16 and first run on these answers."""
    folder = REPO / "fixtures" / "heldout_x"
    policies = _labelled(folder, folder)
    expected, found, reported, true = _score(policies, folder, capsys)
    # first run 29/30 at 29 (0d9c8eb); 30/30 at 30 since a rule naming a titled text
    # below carries that text into its joint request
    assert expected == 30 and found >= 30 and true == reported


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_real_set_x_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Real set X: ten public prompts labelled blind in session 16 (15 conflicts); its
    avante.nvim prompt is read as Jinja through --extension."""
    labels = REPO / "tests" / "data" / "real_labels_x"
    policies = _labelled(REPO / "tests" / "data" / "real_prompts" / "x", labels)
    expected, found, reported, _true = _score(
        policies, labels, capsys, "--extension", "avanterules:jinja"
    )
    # first run 7 of 15 at 33 reported (0d9c8eb), unchanged since
    assert expected == 15 and found >= 7 and reported <= 33


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_blind_set_y_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Set Y, written blind in session 17 and first run on these answers."""
    folder = REPO / "fixtures" / "heldout_y"
    policies = _labelled(folder, folder)
    expected, found, reported, true = _score(policies, folder, capsys)
    # first run 30/30 at 30 (e33b25a), equal to the direct reading
    assert expected == 30 and found >= 30 and true == reported


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_real_set_y_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Real set Y: ten public prompts labelled blind in session 17 (6 conflicts)."""
    labels = REPO / "tests" / "data" / "real_labels_y"
    policies = _labelled(REPO / "tests" / "data" / "real_prompts" / "y", labels)
    expected, found, reported, _true = _score(policies, labels, capsys)
    # first run 3 of 6 at 10 reported (27a9ae0)
    assert expected == 6 and found >= 3 and reported <= 10
