"""A probe run's directory: ``manifest.json`` (what the run is: policies and their hashes,
subject models with their endpoints and key *variable names*, samples, temperature,
regimes, judges, seeds) and ``run.sqlite`` (one row per realized pair and per trial, each
written in its own transaction as it finishes). ``--resume`` continues a run whose
manifest matches and repeats nothing stored; without it an existing run is never touched.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from promptlint.errors import ConfigError
from promptlint.llm.settings import redact
from promptlint.witnessed import Pair, RunView, Trial, Unrealized, Witness

__all__ = ["RunStore", "load_run", "manifest_hash"]

MANIFEST = "manifest.json"


def manifest_hash(manifest: dict[str, Any]) -> str:
    canonical = json.dumps(manifest, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]


class RunStore:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._lock = threading.Lock()
        self._db = sqlite3.connect(root / "run.sqlite", check_same_thread=False,
                                   isolation_level=None)  # fmt: skip
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS items (kind TEXT NOT NULL, key TEXT NOT NULL,"
                         " value TEXT NOT NULL, PRIMARY KEY (kind, key))")  # fmt: skip

    @classmethod
    def open(cls, root: Path, manifest: dict[str, Any], *, resume: bool) -> RunStore:
        """Create the run, or continue it with ``resume`` when its manifest matches."""
        path = root / MANIFEST
        if path.is_file():
            if not resume:
                raise ConfigError(
                    "the run directory already holds a run", path=str(root),
                    hint="pass --resume to continue it, or --run-dir for a new run",
                )  # fmt: skip
            try:
                stored = json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                raise ConfigError("the run's manifest.json is not JSON", path=str(path)) from None
            if stored != manifest:
                changed = sorted(k for k in set(stored) | set(manifest)
                                 if stored.get(k) != manifest.get(k))  # fmt: skip
                raise ConfigError(
                    f"the run directory holds a different run ({', '.join(changed)} differ)",
                    path=str(root), hint="resume with the same options, or use another --run-dir",
                )  # fmt: skip
        elif resume and root.exists() and any(root.iterdir()):
            raise ConfigError("no manifest.json: not a promptlint run directory", path=str(root))
        root.mkdir(parents=True, exist_ok=True)
        if not path.is_file():
            tmp = path.with_name(MANIFEST + ".tmp")
            tmp.write_text(redact(json.dumps(manifest, indent=2, sort_keys=True)) + "\n",
                           encoding="utf-8")  # fmt: skip
            tmp.replace(path)
        return cls(root)

    def get(self, kind: str, key: str) -> Any:
        """The stored value, or None."""
        with self._lock:
            row = self._db.execute("SELECT value FROM items WHERE kind = ? AND key = ?",
                                   (kind, key)).fetchone()  # fmt: skip
        return None if row is None else json.loads(row[0])

    def put(self, kind: str, key: str, value: Any) -> None:
        text = json.dumps(value, ensure_ascii=False)
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO items VALUES (?, ?, ?)", (kind, key, text))

    def items(self, kind: str) -> Iterator[tuple[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT key, value FROM items WHERE kind = ? ORDER BY key",
                                    (kind,)).fetchall()  # fmt: skip
        for key, value in rows:
            yield key, json.loads(value)

    def close(self) -> None:
        with self._lock:
            self._db.close()


def load_run(root: Path) -> RunView:
    """A run directory read back: its manifest, what `check` saw of each policy, and the
    result assembled from the stored pairs and trials (a trial's judged form where it has
    one). Read only; a run that is not finished gives what it has stored."""
    from promptlint.pipeline.probe import assemble_result

    manifest_path = root / MANIFEST
    if not manifest_path.is_file():
        raise ConfigError("no manifest.json: not a promptlint run directory", path=str(root))
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except ValueError:
        raise ConfigError("the run's manifest.json is not JSON", path=str(manifest_path)) from None
    if not (root / "run.sqlite").is_file():
        raise ConfigError("no run.sqlite: the run stored nothing yet", path=str(root))
    uri = (root / "run.sqlite").resolve().as_uri() + "?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True)
        rows = db.execute("SELECT kind, key, value FROM items ORDER BY kind, key").fetchall()
        db.close()
    except sqlite3.DatabaseError as err:
        raise ConfigError(f"run.sqlite cannot be read: {err}", path=str(root)) from None
    items: dict[str, dict[str, Any]] = {}
    for kind, key, value in rows:
        items.setdefault(kind, {})[key] = json.loads(value)
    policies = tuple(items.get("policy", {}).values())
    if not policies:
        raise ConfigError(
            "the run directory holds no record of its policies (made by an older promptlint)",
            path=str(root),
            hint="run the same probe command with --resume --run-dir; it repeats no request",
        )
    pairs = [Pair.from_dict(p) for snap in policies for p in snap.get("pairs", ())]
    witnesses: list[Witness] = []
    unrealized: list[Unrealized] = []
    attempts: list[dict[str, Any]] = []
    realized = items.get("realized", {})
    for pair in pairs:
        stored = realized.get(pair.key)
        if stored is None:
            continue
        witnesses += [Witness.from_dict(w) for w in stored["witnesses"]]
        if stored["unrealized"]:
            unrealized.append(Unrealized.from_dict(stored["unrealized"]))
        attempts += stored["attempts"]
    judged = items.get("judged", {})
    trials = [Trial.from_dict(judged.get(key, raw)) for key, raw in items.get("trial", {}).items()]
    tools = {snap["policy"]: tuple(snap.get("tools", ())) for snap in policies}
    regimes = manifest.get("regimes", ["POT"])
    result = assemble_result(pairs, witnesses, attempts, unrealized, trials, tools, regimes)
    missing = _missing(pairs, realized, witnesses, {t.key for t in trials}, manifest, tools)
    return RunView(str(root), manifest, policies,
                   replace(result, not_done=result.not_done + tuple(missing)))  # fmt: skip


def _missing(
    pairs: list[Pair], realized: dict[str, Any], witnesses: list[Witness], stored: set[str],
    manifest: dict[str, Any], tools: dict[str, tuple[Any, ...]],
) -> list[dict[str, Any]]:  # fmt: skip
    """What the manifest asked for that the run did not store: failed requests are never
    stored, so a run read back names them instead of leaving them out."""
    policy_of = {p.key: p.policy for p in pairs}
    out = []
    unrealized = [p.key for p in pairs if p.key not in realized]
    if unrealized:
        out.append({"stage": "realize", "count": len(unrealized), "keys": unrealized,
                    "reason": "no stored realization (a request failed, or the run was "
                    "interrupted): resume the run"})  # fmt: skip
    wanted = [
        f"{w.key}|{s['name']}|{regime}|s{i}"
        for w in witnesses
        for s in manifest.get("subjects", [])
        for regime in manifest.get("regimes", ["POT"])
        if regime != "TAH" or tools.get(policy_of.get(w.pair, ""))
        for i in range(int(manifest.get("samples", 1)))
    ]
    absent = [k for k in wanted if k not in stored]
    if absent:
        out.append({"stage": "probe", "count": len(absent), "keys": absent,
                    "reason": "no stored trial (the request failed, or the run was "
                    "interrupted): resume the run"})  # fmt: skip
    return out
