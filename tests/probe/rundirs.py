"""A finished probe run directory of examples/support_bot.md against the scripted server,
for the tests that read runs back (audits, CI gates, the HTML report)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

from fake_server import FakeServer
from scripted import SEEDS, Script

from promptlint.cli import run

REPO = Path(__file__).resolve().parents[2]
KEY = "sk-test-SECRET-rundir-0123456789abcdef"


def project(root: Path) -> Path:
    """A project with the example policy, its encoding, seeds and a tool manifest; the
    key in the environment and the endpoint left to :func:`probe_run`."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "examples" / "support_bot.md", root / "bot.md")
    shutil.copy(REPO / "examples" / "support_bot.md.pyrule", root / "bot.md.pyrule")
    shutil.copy(Path(__file__).parent / "tools.json", root / "tools.json")
    (root / "seeds.jsonl").write_text("\n".join(json.dumps(s) for s in SEEDS) + "\n")
    (root / "promptlint.toml").write_text("[llm]\nmax-retries = 3\n", encoding="utf-8")
    return root


def use_endpoint(root: Path, url: str) -> None:
    # the endpoint comes from the user's own configuration: a repository may not choose it
    user = root.parent / f"{root.name}-user" / "promptlint"
    user.mkdir(parents=True, exist_ok=True)
    (user / "config.toml").write_text(f'[llm]\nbase-url = "{url}"\n', encoding="utf-8")
    os.environ["XDG_CONFIG_HOME"] = str(user.parent)
    os.environ["OPENAI_API_KEY"] = KEY
    os.environ.pop("OPENAI_BASE_URL", None)


class Aliased(Script):
    """The scripted server with subject names standing for scripted behaviours, so that
    one model name can behave differently in two runs."""

    def __init__(self, aliases: dict[str, str]) -> None:
        super().__init__()
        self.aliases = aliases

    def __call__(self, body: dict[str, Any]) -> dict[str, Any]:
        return super().__call__({**body, "model": self.aliases.get(body["model"], body["model"])})


def probe_run(
    root: Path,
    run_dir: str,
    models: str = "earlier,later,both,refuses",
    *extra: str,
    script: Script | None = None,
) -> tuple[int, str, FakeServer]:
    """``promptlint probe`` in ``root`` (the working directory is changed to it)."""
    os.chdir(root)
    with FakeServer(default=script or Script()) as srv:
        use_endpoint(root, srv.url)
        code = run(["probe", "bot.md", "--models", models, "--seeds", "seeds.jsonl",
                    "--regimes", "pot,tah", "--tools", "tools.json", "--samples", "2",
                    "--run-dir", run_dir, "-f", "json", *extra])  # fmt: skip
    return code, run_dir, srv
