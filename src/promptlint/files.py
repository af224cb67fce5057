"""Reading files from disk as UTF-8 text, with one clear located error per failure.

Only regular files are read (a FIFO would block, ``/dev/zero`` never ends), and the size
limit counts the bytes actually read rather than trusting ``st_size``.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from promptlint.errors import InputError

__all__ = ["EXTENSION_FORMATS", "effective_suffix", "read_text"]

#: what a custom extension can be read as (``extension = {avanterules = "jinja"}``), with
#: the suffix whose reader then reads it
EXTENSION_FORMATS = {
    "markdown": ".md", "text": ".txt", "jinja": ".j2", "yaml": ".yaml", "json": ".json",
    "python": ".py", "typescript": ".ts",
}  # fmt: skip


def effective_suffix(path: str | Path, extension: Mapping[str, str] | None = None) -> str:
    """The file's suffix, lowercased, or the one its extension is mapped to."""
    suffix = Path(path).suffix.lower()
    fmt = extension.get(suffix[1:]) if extension and suffix else None
    return EXTENSION_FORMATS[fmt] if fmt else suffix


def read_text(path: str | Path, *, max_bytes: int = 2_000_000) -> str:
    """Decode a file as UTF-8; missing, directory, special, oversized, binary and non-UTF-8
    files are one-line ``InputError``s."""
    shown = str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError(_why(exc, path), path=shown) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError("is a directory", path=shown)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(
                "not a regular file (a FIFO, socket or device)",
                path=shown,
                hint="promptlint reads only regular files",
            )
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                raise InputError(
                    f"file is over the {max_bytes:,}-byte limit",
                    path=shown,
                    hint="raise max-file-bytes in the configuration to lint it",
                )
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", path=shown) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if b"\x00" in data[:8192]:
        raise InputError("binary file (contains NUL bytes)", path=shown)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(
            f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
            path=shown,
            line=line,
            column=col,
            hint="save the file as UTF-8",
        ) from None
    return text


def _why(exc: OSError, path: str | Path) -> str:
    if exc.errno == errno.ENOENT:
        return "no such file" if not os.path.islink(path) else "broken symbolic link"
    if exc.errno == errno.ELOOP:
        return "symbolic link loop"
    if exc.errno == errno.EISDIR:
        return "is a directory"
    return f"cannot read file: {exc.strerror or exc}"
