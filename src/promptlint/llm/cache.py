"""SQLite cache of model responses, keyed by everything that affects the answer.

The key is the SHA-256 of a canonical JSON of endpoint, model, messages, parameters,
response schema and prompt-template version — never the API key. Each write is its own
transaction (WAL journal), so an interrupted run keeps every finished entry; only valid
responses are stored.

A ``pending`` row claims a key while its request is in flight, so two runs on one cache
send one request between them. A file that is not a readable cache is moved aside to
``<file>.corrupt-<time>`` and a new cache is started (:attr:`ResponseCache.recovered`).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from promptlint.errors import ConfigError

__all__ = ["ResponseCache", "request_key"]


def request_key(request: Mapping[str, Any]) -> str:
    """Stable key of a request; refuses requests that carry credentials."""
    lowered = {k.lower() for k in request}
    if lowered & {"api_key", "authorization", "headers"}:
        raise ValueError("credentials must not be part of a cache key")
    canonical = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ResponseCache:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        #: where a corrupt cache file was moved, when this one replaced it
        self.recovered: Path | None = None
        if self.path.is_symlink():
            raise ConfigError(
                "the model cache path is a symbolic link; promptlint does not write through it",
                path=str(self.path),
            )
        if self.path.is_dir():
            raise ConfigError(
                "the model cache path is a directory",
                path=str(self.path),
                hint="set llm.cache-path to a file, e.g. .promptlint_cache/llm.sqlite",
            )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(
                f"cannot create the model cache's folder: {exc.strerror or exc}",
                path=str(self.path.parent),
            ) from None
        self._lock = threading.Lock()
        try:
            self._db = self._connect()
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "unable to open" in str(exc):
                raise ConfigError(
                    f"cannot open the model cache: {exc}", path=str(self.path)
                ) from None
            self._move_aside()
            self._db = self._connect()
        self.hits = 0
        self.misses = 0

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(
                "CREATE TABLE IF NOT EXISTS responses ("
                " key TEXT PRIMARY KEY, response TEXT NOT NULL, stage TEXT, model TEXT,"
                " prompt_tokens INTEGER, completion_tokens INTEGER, created REAL)"
            )
            db.execute(
                "CREATE TABLE IF NOT EXISTS pending (key TEXT PRIMARY KEY, owner TEXT, created REAL)"
            )
            check = db.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")
        except BaseException:
            db.close()
            raise
        return db

    def _move_aside(self) -> None:
        target = self.path.with_name(f"{self.path.name}.corrupt-{int(time.time())}")
        os.replace(self.path, target)
        for suffix in ("-wal", "-shm"):
            Path(str(self.path) + suffix).unlink(missing_ok=True)
        self.recovered = target

    def recovery_note(self) -> str | None:
        """What happened to a corrupt cache file, or None."""
        if self.recovered is None:
            return None
        return (
            f"the model cache {self.path} was corrupt: moved aside to {self.recovered} and "
            "started again (answers will be asked for again)"
        )

    def get(self, request: Mapping[str, Any]) -> Any | None:
        key = request_key(request)
        try:
            with self._lock:
                row = self._db.execute(
                    "SELECT response FROM responses WHERE key = ?", (key,)
                ).fetchone()
            value = json.loads(row[0]) if row is not None else None
        except (sqlite3.DatabaseError, ValueError):
            value = None  # an unreadable entry is a miss; the answer is asked for again
        if value is None:
            self.misses += 1
            return None
        self.hits += 1
        return value

    def put(
        self,
        request: Mapping[str, Any],
        response: Any,
        *,
        stage: str = "",
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
    ) -> None:
        """Store a validated response (callers never store errors or invalid output)."""
        key = request_key(request)
        payload = json.dumps(response, ensure_ascii=False)
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key, payload, stage, str(request.get("model", "")), prompt_tokens,
                 completion_tokens, time.time()),
            )  # fmt: skip

    def claim(self, request: Mapping[str, Any], ttl: float) -> str | None:
        """Claim the request (a token for :meth:`release`); None while another claim on
        it, from this run or another, is younger than ``ttl`` seconds."""
        key = request_key(request)
        now = time.time()
        token = f"{os.getpid()}-{uuid.uuid4().hex}"
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:
                return None  # another writer holds the database: ask again shortly
            try:
                row = self._db.execute(
                    "SELECT created, owner FROM pending WHERE key = ?", (key,)
                ).fetchone()
                if row is not None and now - row[0] < ttl and _alive(row[1]):
                    return None
                self._db.execute(
                    "INSERT OR REPLACE INTO pending VALUES (?, ?, ?)", (key, token, now)
                )
                return token
            finally:
                self._db.execute("COMMIT")

    def release(self, request: Mapping[str, Any], token: str) -> None:
        key = request_key(request)
        with self._lock:
            self._db.execute("DELETE FROM pending WHERE key = ? AND owner = ?", (key, token))

    def clear(self) -> int:
        with self._lock:
            n = self._db.execute("SELECT COUNT(*) FROM responses").fetchone()[0]
            self._db.execute("DELETE FROM responses")
            self._db.execute("DELETE FROM pending")
        return int(n)

    def stats(self) -> dict[str, int]:
        with self._lock:
            n = self._db.execute("SELECT COUNT(*) FROM responses").fetchone()[0]
        return {"entries": int(n), "hits": self.hits, "misses": self.misses}

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _alive(owner: str) -> bool:
    """Whether the process that holds a claim still runs (a killed run's claims lapse at
    once instead of making the next run wait for them to expire)."""
    pid = owner.split("-", 1)[0]
    if not pid.isdigit():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, under another user
    return True
