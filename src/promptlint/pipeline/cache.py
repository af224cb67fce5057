"""The compile cache, JSON (never pickle) between runs: a sidecar's clauses, and the
offline encoding of a policy that has no sidecar."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from promptlint.objects import EncodedRule

if TYPE_CHECKING:
    from promptlint.config import Config
    from promptlint.diagnostics import Diagnostic
    from promptlint.objects import RuleRecord

__all__ = ["compile_cached", "encode_offline_cached"]


def compile_cached(path: str, config: Config) -> tuple[EncodedRule, ...]:
    """Compile a ``.pyrule`` file, or read its clauses back from the compile cache.

    The cache is JSON under ``cache-dir`` (never pickle: nothing read back can run), keyed
    by the file's path and text, the grammar, the vocabulary and promptlint's version;
    a file that does not compile is never cached, so its error is reported every time.
    """
    import json

    import promptlint
    from promptlint import resources
    from promptlint.files import read_text
    from promptlint.pyrule import compile_text

    text = read_text(path)
    root = _root(config)
    if root is None:
        return compile_text(text, path)
    parts = [promptlint.__version__, resources.grammar_text(),
             resources.read_text("rules", "vocabulary.yaml"), path, text]  # fmt: skip
    entry = root / "pyrule" / f"{_key(parts)}.json"
    try:
        return tuple(EncodedRule.from_dict(d) for d in json.loads(entry.read_text("utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    rules = compile_text(text, path)
    _store(root, entry, [r.to_dict() for r in rules])
    return rules


def encode_offline_cached(
    records: Sequence[RuleRecord], path: str, config: Config, diagnostics: list[Diagnostic]
) -> list[tuple[EncodedRule, RuleRecord]]:
    """The offline encoder's compiled rules for ``records``, read back from the compile
    cache when the same records were encoded before by the same encoder.

    The key covers the records (their quotes, spans and ids), the path, promptlint's
    version and everything the encoder reads: the grammar, every file under ``rules/`` and
    the source of the encoder and compiler. Rules that stay unencoded are cached with
    their reason and reported again on every run.
    """
    import json

    import promptlint
    from promptlint.encode import get_encoder
    from promptlint.pipeline.common import apply_compiled, compiled

    root = _root(config)
    entries: list[tuple[str, EncodedRule | str]] | None = None
    entry = None
    if root is not None:
        records_json = json.dumps([r.to_dict() for r in records], sort_keys=True)
        entry = root / "encoded" / f"{_key([promptlint.__version__, _encoder_digest(), path, records_json])}.json"  # fmt: skip
        try:
            entries = [
                (rid, EncodedRule.from_dict(rule) if reason is None else reason)
                for rid, rule, reason in json.loads(entry.read_text("utf-8"))
            ]
        except (OSError, ValueError, KeyError, TypeError):
            entries = None
    if entries is None:
        entries = compiled(list(get_encoder("offline").encode(records)), path)
        if root is not None and entry is not None:
            _store(root, entry, [
                [rid, None if isinstance(r, str) else r.to_dict(), r if isinstance(r, str) else None]
                for rid, r in entries
            ])  # fmt: skip
    return apply_compiled(entries, records, diagnostics)


def _root(config: Config) -> Path | None:
    """The cache folder, or None under ``--no-cache`` (an empty ``cache-dir``)."""
    if not getattr(config, "cache_dir", ""):
        return None
    return Path(config.base_dir() / config.cache_dir)


def _key(parts: Sequence[str]) -> str:
    import hashlib

    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


@cache
def _encoder_digest() -> str:
    import hashlib

    from promptlint import resources

    h = hashlib.sha256(resources.grammar_text().encode())
    rules = resources.rules_dir()
    for item in sorted(_files(rules), key=lambda t: t[0]):
        h.update(item[0].encode() + b"\0" + item[1] + b"\0")
    package = Path(__file__).resolve().parents[1]
    sources = [*(package / "encode").glob("*.py"), *(package / "pyrule").glob("*.py"),
               package / "languages.py", package / "objects.py"]  # fmt: skip
    for source in sorted(sources):
        h.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    return h.hexdigest()


def _files(folder: Any, prefix: str = "") -> list[tuple[str, bytes]]:
    out: list[tuple[str, bytes]] = []
    for child in folder.iterdir():
        name = f"{prefix}{child.name}"
        if child.is_dir():
            out += _files(child, name + "/")
        elif child.is_file():
            out.append((name, child.read_bytes()))
    return out


def _store(root: Path, entry: Path, payload: Any) -> None:
    import json
    import os

    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        ignore = root / ".gitignore"
        if not ignore.exists():
            ignore.write_text("# created by promptlint\n*\n", encoding="utf-8")
        tmp = entry.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(payload), encoding="utf-8")
        os.replace(tmp, entry)
    except OSError:
        pass  # a read-only checkout lints as well, only without the cache
