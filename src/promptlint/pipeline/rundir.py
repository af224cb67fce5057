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
from pathlib import Path
from typing import Any

from promptlint.errors import ConfigError
from promptlint.llm.settings import redact

__all__ = ["RunStore", "manifest_hash"]

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
