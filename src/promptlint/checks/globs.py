"""Path and command globs as DESIGN §4 defines them, matched with Python regexes.

Paths: ``*`` within one segment, ``**`` across segments, ``?`` one character (not ``/``).
Commands: ``*`` any characters. ``{a,b}`` around a whole glob is a set of alternatives; a
leading ``!`` is the complement. Matching is case-sensitive, as file systems and shells are.
"""

from __future__ import annotations

import functools
import re

__all__ = ["command_matches", "glob_regex", "path_matches"]


@functools.cache
def glob_regex(glob: str, path: bool) -> re.Pattern[str]:
    if glob.startswith("{") and glob.endswith("}") and "," in glob:
        alts = [glob_regex(g.strip(), path).pattern for g in glob[1:-1].split(",")]
        return re.compile("(?:" + "|".join(alts) + ")")
    out = []
    i = 0
    while i < len(glob):
        ch = glob[i]
        if ch == "*" and path and glob.startswith("**", i):
            # "a/**/b" also matches "a/b"
            if glob.startswith("**/", i):
                out.append("(?:.*/)?")
                i += 3
                continue
            out.append(".*")
            i += 2
            continue
        if ch == "*":
            out.append("[^/]*" if path else ".*")
        elif ch == "?":
            out.append("[^/]" if path else ".")
        else:
            out.append(re.escape(ch))
        i += 1
    return re.compile("".join(out))


def _matches(glob: str, value: str, path: bool) -> bool:
    if glob.startswith("!"):
        return not _matches(glob[1:], value, path)
    return glob_regex(glob, path).fullmatch(value) is not None


def path_matches(glob: str, path: str) -> bool:
    """Whether ``path`` matches a path glob; a leading ``./`` is ignored on both."""
    return _matches(glob.removeprefix("./"), path.removeprefix("./"), True)


def command_matches(glob: str, command: str) -> bool:
    """Whether a shell command line matches a command glob (whitespace runs collapsed)."""
    return _matches(" ".join(glob.split()), " ".join(command.split()), False)
