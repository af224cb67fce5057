"""`promptlint probe` end to end against a scripted OpenAI-compatible server on 127.0.0.1:
subjects whose behaviour is known in advance give exactly the profiles it implies;
refusals and malformed traces leave the support with a reason; an interrupted run resumed
repeats no answered request; a second identical run makes none; the key is never written."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fake_server import FakeServer
from scripted import EXPECTED, SEEDS, Script

from promptlint.cli import run

REPO = Path(__file__).resolve().parents[2]
KEY = "sk-test-SECRET-probe-0123456789abcdef"
SUBJECTS = ["earlier", "later", "both", "refuses", "malformed", "ratelimited"]
PAIRS = {"lang": "bot.md::r1::r2", "length": "bot.md::r3::r5", "question": "bot.md::r6::r7"}
CELL_INDEX = {"J": 0, "E": 1, "L": 2, "N": 3}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-user-config"))
    shutil.copy(REPO / "examples" / "support_bot.md", tmp_path / "bot.md")
    shutil.copy(REPO / "examples" / "support_bot.md.pyrule", tmp_path / "bot.md.pyrule")
    shutil.copy(Path(__file__).parent / "tools.json", tmp_path / "tools.json")
    (tmp_path / "seeds.jsonl").write_text("\n".join(json.dumps(s) for s in SEEDS) + "\n")
    return tmp_path


def configure(project: Path, url: str, extra: str = "") -> None:
    # the endpoint comes from the user's own configuration: a repository may not choose it
    user = project.parent / f"{project.name}-user" / "promptlint"
    user.mkdir(parents=True, exist_ok=True)
    (user / "config.toml").write_text(f'[llm]\nbase-url = "{url}"\n', encoding="utf-8")
    os.environ["XDG_CONFIG_HOME"] = str(user.parent)
    (project / "promptlint.toml").write_text(f"[llm]\nmax-retries = 3\n{extra}",
                                             encoding="utf-8")  # fmt: skip


def probe(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    argv = ["probe", "bot.md", "--models", ",".join(SUBJECTS), "--seeds", "seeds.jsonl",
            "--regimes", "pot,tah", "--tools", "tools.json", "--samples", "2", "-f", "json",
            *args]  # fmt: skip
    code = run(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


def profile(doc: dict[str, Any], model: str, regime: str, pair: str | None) -> dict[str, Any]:
    (found,) = [p for p in doc["profiles"]
                if (p["model"], p["regime"], p["pair"]) == (model, regime, pair)]  # fmt: skip
    return found


def implied(cells: list[str], samples: int = 2) -> dict[str, int]:
    counts = dict.fromkeys("JELN", 0)
    for c in cells:
        counts[c] += samples
    return counts


def test_profiles_equal_the_ones_the_behaviours_imply(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeServer(default=Script()) as srv:
        configure(project, srv.url)
        doc = probe(capsys)
    for model, by_pair in EXPECTED.items():
        for regime in ("POT", "TAH"):
            for name, cell in by_pair.items():
                p = profile(doc, model, regime, PAIRS[name])
                assert p["counts"] == implied([cell]), (model, regime, name)
                assert p["shares"][cell] == 1.0 and p["excluded"] == {}
            pooled = profile(doc, model, regime, None)
            assert pooled["counts"] == implied(list(by_pair.values()))
            assert pooled["support"] == 6 and pooled["pairs"] == 3
            j, e, lt = (pooled["shares"][c] for c in "JEL")
            assert pooled["non_joint"] == pytest.approx(1 - j)
            assert pooled["asymmetry"] == pytest.approx(e - lt)
    for model, reason in (("refuses", "provider refusal"), ("malformed", "malformed trace")):
        for regime in ("POT", "TAH"):
            for pair in PAIRS.values():
                p = profile(doc, model, regime, pair)
                assert p["support"] == 0 and p["defined"] is False and "shares" not in p
                assert p["excluded"] == {reason: 2}
    # the rate-limited subject was retried, not dropped
    assert doc["probe_summary"]["subjects"]["ratelimited"]["retries"] >= 18
    # everything outside the support is reported with a count and a reason
    not_done = {(n["stage"], n["reason"]): n["count"] for n in doc["not_done"]}
    assert not_done == {
        ("probe", "provider refusal: I can't help with that."): 12,
        ("probe", "malformed trace: a call to 'lookup_booking', which is not a declared tool"): 6,
        ("probe", "malformed trace: the arguments of 'lookup_booking' are not a JSON object: "
                  "'{\"ref\": \"AB1'"): 6,
    }  # fmt: skip
    # one witness per pair, one from each tier of the cascade, with provenance
    tiers = {w["pair"]: (w["tier"], w["seed_id"], w["suffix"]) for w in doc["witnesses"]}
    assert tiers[PAIRS["length"]] == (1, "s1", None)
    assert tiers[PAIRS["question"]][:2] == (2, "s2") and tiers[PAIRS["question"]][2]
    assert tiers[PAIRS["lang"]] == (3, None, None)
    assert doc["unrealized"] == [] and len(doc["trials"]) == 3 * 6 * 2 * 2
    tah = [t for t in doc["trials"] if t["model"] == "earlier" and t["regime"] == "TAH"]
    assert all(t["trace"][0]["name"] == "lookup_booking" for t in tah)
    # the contract of `check` is kept: fields are added, never removed
    assert {"version", "files", "diagnostics", "summary"} <= set(doc)
    assert [d["code"] for d in doc["diagnostics"] if d["category"] == "collision"]


def test_code_decides_what_it_can_and_the_model_judge_the_rest(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeServer(default=Script()) as srv:
        configure(project, srv.url)
        doc = probe(capsys, "--models", "later", "--regimes", "pot", "--samples", "1")
    by_pair = {t["pair"]: t for t in doc["trials"]}
    lang = by_pair[PAIRS["lang"]]
    assert lang["earlier"]["source"] == lang["later"]["source"] == "code"
    assert "reply identified as es" in lang["earlier"]["reason"]
    question = by_pair[PAIRS["question"]]
    # r6 has a checkable clause (at most one question) and one the model judges
    assert (
        question["earlier"]["source"] == "code+model" and question["earlier"]["complies"] is False
    )
    judge_prompts = [r["messages"][0]["content"] for r in srv.requests
                     if r["messages"][0]["content"].startswith("You judge")]  # fmt: skip
    assert len(judge_prompts) == 1 and "question_count(<=, 1): complied" in judge_prompts[0]


def test_a_second_identical_run_makes_no_request(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeServer(default=Script()) as srv:
        configure(project, srv.url)
        first = probe(capsys, "--run-dir", "run1")
        sent = len(srv.requests)
        again = probe(capsys, "--run-dir", "run2")  # a new run: answered from the cache
        assert len(srv.requests) == sent and again["probe_summary"]["requests"] == 0
        resumed = probe(capsys, "--run-dir", "run1", "--resume")  # a finished run
        assert len(srv.requests) == sent and resumed["probe_summary"]["requests"] == 0
    assert again["profiles"] == first["profiles"] == resumed["profiles"]
    assert again["trials"] == first["trials"]


def test_an_interrupted_run_resumes_without_repeating_a_request(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import promptlint.pipeline.probe as pipeline_probe

    with FakeServer(default=Script()) as srv:
        configure(project, srv.url, "[probe.subjects.earlier]\nconcurrency = 1\n")
        whole = probe(capsys, "--run-dir", "whole", "--models", "earlier", "--no-cache")
        whole_bodies = [json.dumps(b, sort_keys=True) for b in srv.requests]
        srv.requests.clear()

        stored = {"n": 0}
        real_put = pipeline_probe.RunStore.put

        def put_then_die(self: Any, kind: str, key: str, value: Any) -> None:
            real_put(self, kind, key, value)
            if kind == "trial":
                stored["n"] += 1
                if stored["n"] == 3:
                    raise KeyboardInterrupt  # killed right after the third trial was stored

        monkeypatch.setattr(pipeline_probe.RunStore, "put", put_then_die)
        assert run(["probe", "bot.md", "--models", "earlier", "--seeds", "seeds.jsonl",
                    "--regimes", "pot,tah", "--tools", "tools.json", "--samples", "2",
                    "-f", "json", "--run-dir", "cut", "--no-cache"]) == 130  # fmt: skip
        capsys.readouterr()
        monkeypatch.setattr(pipeline_probe.RunStore, "put", real_put)
        first = [json.dumps(b, sort_keys=True) for b in srv.requests]
        srv.requests.clear()
        resumed = probe(capsys, "--run-dir", "cut", "--resume", "--models", "earlier", "--no-cache")
        second = [json.dumps(b, sort_keys=True) for b in srv.requests]
    assert 0 < len(first) < len(whole_bodies)
    assert not set(first) & set(second), "a request answered before the interruption was repeated"
    assert sorted(first + second) == sorted(whole_bodies)
    for key in ("profiles", "trials", "witnesses"):
        assert resumed[key] == whole[key]


def test_budget_is_exceeded_by_at_most_one_request_and_what_it_stopped_is_reported(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeServer(default=Script()) as srv:
        configure(project, srv.url,
                  "[probe.subjects.later]\nbudget-tokens = 40\nconcurrency = 4\n")  # fmt: skip
        doc = probe(capsys, "--models", "later")
    later = doc["probe_summary"]["subjects"]["later"]
    assert later["prompt_tokens"] + later["completion_tokens"] <= 40 + 15
    assert later["skipped_for_budget"] > 0
    reasons = [n["reason"] for n in doc["not_done"]]
    assert any(r.startswith("request failed: budget: budget reached") for r in reasons)


def test_the_key_is_never_written(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with FakeServer(default=Script()) as srv:
        configure(project, srv.url)
        doc = probe(capsys, "--run-dir", "run")
    assert KEY not in json.dumps(doc)
    for f in project.rglob("*"):
        if f.is_file():
            assert KEY.encode() not in f.read_bytes(), f
    manifest = json.loads((project / "run" / "manifest.json").read_text())
    assert manifest["subjects"][0]["api_key_env"] == "OPENAI_API_KEY"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seeds", "missing.jsonl"], "missing.jsonl: PL001 seed file not found"),
        (["--seeds", "bad.jsonl"], "bad.jsonl:2: PL001 not a JSON object"),
        (["--tools", "bad_tools.json"], "bad_tools.json: PL001 tool 1 has no valid name"),
        (["--regimes", "pot,xyz"], "invalid regime 'xyz' for --regimes"),
        (["--run-dir", "taken"], "the run directory already holds a run"),
    ],
)
def test_bad_input_is_one_located_line_and_exit_2(
    project: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    (project / "bad.jsonl").write_text('{"text": "fine"}\n{nope\n')
    (project / "bad_tools.json").write_text('[{"type": "function", "function": {"name": "a b"}}]')
    (project / "taken").mkdir()
    (project / "taken" / "manifest.json").write_text("{}")
    configure(project, "http://127.0.0.1:9/v1")
    code = run(["probe", "bot.md", "--models", "m", *args])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) <= 2  # the line, and maybe a hint


@pytest.mark.slow
def test_support_bot_profile_table_in_under_5_seconds(project: Path) -> None:
    """The whole CLI in a fresh process, as a user runs it."""
    with FakeServer(default=Script()) as srv:
        configure(project, srv.url)
        t0 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "promptlint", "probe", "bot.md", "--models", "earlier,later",
             "--seeds", "seeds.jsonl"],
            capture_output=True, text=True, timeout=60, cwd=project,
            env={"PATH": "/usr/bin:/bin", "OPENAI_API_KEY": KEY, "PYTHONPATH": str(REPO / "src"),
                 "XDG_CONFIG_HOME": os.environ["XDG_CONFIG_HOME"]},
        )  # fmt: skip
        elapsed = time.perf_counter() - t0
    assert proc.returncode == 0, proc.stderr
    assert "bot.md - earlier" in proc.stdout and "pooled (3 pairs)" in proc.stdout
    assert elapsed < 5.0, f"{elapsed:.2f} s"


def test_failed_requests_are_tried_again_on_resume(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = Script()
    down = {"on": True}

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        if down["on"] and body["messages"][0]["role"] == "system":
            return {"status": 500, "body": {"error": {"message": "down"}},
                    "headers": {"retry-after-ms": "1"}}  # fmt: skip
        return script(body)

    with FakeServer(default=respond) as srv:
        configure(project, srv.url)
        first = probe(capsys, "--run-dir", "r", "--models", "earlier", "--regimes", "pot")
        assert {t["status"] for t in first["trials"]} == {"failed"}
        assert [n["count"] for n in first["not_done"]] == [6]
        assert "HTTP 500" in first["not_done"][0]["reason"]
        down["on"] = False
        second = probe(capsys, "--run-dir", "r", "--models", "earlier", "--regimes", "pot",
                       "--resume")  # fmt: skip
    assert {t["status"] for t in second["trials"]} == {"ok"} and second["not_done"] == []
    assert profile(second, "earlier", "POT", None)["counts"] == implied(["E", "E", "E"])


def test_nothing_to_probe_needs_no_endpoint(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    (project / "kind.md").write_text("- Always be kind.\n")
    assert run(["probe", "kind.md", "--models", "m"]) == 0
    assert "no collision candidates: nothing to probe" in capsys.readouterr().out
    # a missing key is one line, before any run directory exists
    assert run(["probe", "bot.md", "--models", "m"]) == 2
    assert "OPENAI_API_KEY is empty" in capsys.readouterr().err
    assert not (project / ".promptlint_runs").exists()


def test_a_bare_encoding_is_reported_not_probed(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a sidecar given next to its policy stands for the policy; alone it has no policy text
    (project / "bot.md").unlink()
    assert run(["probe", "bot.md.pyrule", "--models", "m", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["trials"] == [] and doc["not_done"][0]["count"] == 3
    assert "no policy text" in doc["not_done"][0]["reason"]


def test_a_check_finding_names_the_profiles_a_probe_run_measured(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def findings() -> list[dict[str, Any]]:
        run(["check", "bot.md", "-f", "json"])
        doc = json.loads(capsys.readouterr().out)
        return [d for d in doc["diagnostics"] if d["category"] == "collision"]

    with FakeServer(default=Script()) as srv:
        configure(project, srv.url)
        assert all("profiles" not in d["data"] for d in findings())  # no run yet
        probed = probe(capsys)
    linked = findings()
    assert linked and all(d["data"]["profiles"] for d in linked)
    first = linked[0]["data"]["profiles"]
    assert {p["model"] for p in first} == set(SUBJECTS)
    assert {p["regime"] for p in first} == {"POT", "TAH"}
    # the same counts as the probe's own profile of that pair
    pair_profiles = [p for p in probed["profiles"] if p["pair"]]
    assert any(p["counts"] == first[0]["counts"] for p in pair_profiles)


def test_a_run_killed_with_sigkill_resumes_repeating_only_the_unanswered_request(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real kill, in a separate process: the server kills the run while it holds a
    request; resumed, the run sends that one again and nothing it had an answer for."""
    import signal

    script = Script()
    state: dict[str, Any] = {"proc": None, "n": 0, "held": None}

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        state["n"] += 1
        if state["proc"] is not None and state["n"] == 12:
            state["held"] = json.dumps(body, sort_keys=True)
            state["proc"].send_signal(signal.SIGKILL)  # killed while this request is open
            state["proc"].wait(timeout=30)
        return script(body)  # type: ignore[no-any-return]

    argv = [sys.executable, "-m", "promptlint", "probe", "bot.md", "--models", "earlier",
            "--seeds", "seeds.jsonl", "--regimes", "pot,tah", "--tools", "tools.json",
            "--samples", "2", "-f", "json", "--no-cache", "--concurrency", "1"]  # fmt: skip
    with FakeServer(default=respond) as srv:
        configure(project, srv.url)
        env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
        whole = json.loads(subprocess.run([*argv, "--run-dir", "whole"], env=env, cwd=project,
                                          capture_output=True, text=True, timeout=120).stdout)  # fmt: skip
        whole_bodies = sorted(json.dumps(b, sort_keys=True) for b in srv.requests)
        srv.requests.clear()
        state["n"] = 0
        state["proc"] = subprocess.Popen([*argv, "--run-dir", "cut"], env=env, cwd=project,
                                         stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL)  # fmt: skip
        state["proc"].wait(timeout=120)
        assert state["proc"].returncode == -signal.SIGKILL
        first = [json.dumps(b, sort_keys=True) for b in srv.requests]
        srv.requests.clear()
        state["proc"] = None
        resumed = json.loads(subprocess.run([*argv, "--run-dir", "cut", "--resume"], env=env,
                                            cwd=project, capture_output=True, text=True,
                                            timeout=120).stdout)  # fmt: skip
        second = [json.dumps(b, sort_keys=True) for b in srv.requests]
    answered_before = set(first) - {state["held"]}
    assert answered_before and not answered_before & set(second)
    assert sorted(first + second) == sorted([*whole_bodies, state["held"]])
    for key in ("profiles", "trials", "witnesses"):
        assert resumed[key] == whole[key]
