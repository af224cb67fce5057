"""Separate prompts of one source file, for the Python and TypeScript loaders alike.

A prompt is a top-level function no other function of the file calls, with every function
it calls; a helper that two prompts call belongs to both. A mere reference to a function
(a dispatch table) is no call, and neither is a function that only picks one of several
prompt functions in exclusive branches (a ``switch (mode)`` calling ``getSpeedPrompt`` in
one case and ``getQualityPrompt`` in another). Only text built inside a function of one
prompt is named: a constant, or a shared helper, may be joined to any prompt (by this file
or another), so it is paired with all. With fewer than two named prompts, nothing is
named.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from promptlint.objects import Segment

__all__ = ["Owner", "Use", "exclusive", "name_prompts"]


@dataclass(frozen=True, slots=True)
class Owner:
    """A top-level definition: its name, whether it is a function, its text range."""

    name: str
    function: bool
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Use:
    """A name used inside a definition; ``arms``: the branches the use sits in, as
    (branching statement, arm) pairs from the outermost in."""

    name: str
    called: bool
    arms: tuple[tuple[int, int], ...] = ()


def exclusive(a: Use, b: Use) -> bool:
    """Are two uses in different arms of one branching statement?"""
    mine = dict(a.arms)
    return any(at in mine and mine[at] != arm for at, arm in b.arms)


def name_prompts(
    owners: Sequence[Owner],
    uses: Sequence[Iterable[Use]],
    segments: Sequence[Segment],
    *,
    alternatives_only: bool = False,
) -> tuple[Segment, ...]:
    """``segments`` with each one's prompt named (the first name of its group of linked
    definitions), or unchanged when the file builds fewer than two prompts. With
    ``alternatives_only``, only the prompts a function of the file picks between are
    named (the others may all be sent together)."""
    if len(owners) < 2:
        return tuple(segments)
    short = {o.name.rsplit(".", 1)[-1]: i for i, o in enumerate(owners)}
    # one name defined twice (two branches of an `if`) is one definition
    first: dict[str, int] = {}
    canon = [first.setdefault(o.name, i) for i, o in enumerate(owners)]
    calls: dict[int, set[int]] = {i: set() for i in set(canon)}
    called: set[int] = set()
    picked: set[int] = set()
    for i, used in enumerate(uses):
        links = [(short[u.name], u) for u in used if short.get(u.name, i) != i]
        fcalls = [(canon[j], u) for j, u in links if u.called and owners[j].function]
        picks = {j for j, _ in fcalls}
        # a function that picks one prompt function per branch does not join them: every
        # two it calls are called in two arms of one branch (a fallback call after the
        # branches, "return fast()", is one more call of a function already picked)
        dispatch = len(picks) > 1 and all(
            any(exclusive(u, v) for jj, u in fcalls if jj == j for kk, v in fcalls if kk == k)
            for j in picks for k in picks if j < k
        )  # fmt: skip
        if dispatch:
            picked |= picks
        elif owners[i].function:
            calls[canon[i]] |= picks - {canon[i]}
            called |= picks - {canon[i]}

    def reach(i: int) -> set[int]:
        seen, todo = {i}, [i]
        while todo:
            for j in calls[todo.pop()] - seen:
                seen.add(j)
                todo.append(j)
        return seen

    # a prompt is a function no other one calls, with all it calls; a helper two prompts
    # call is in both, so it pairs with every prompt, as a constant does
    roots = [i for i in calls if owners[i].function and i not in called]
    reached = {r: reach(r) for r in roots}
    group: dict[int, str] = {}
    for i in calls:
        if not owners[i].function:
            continue
        mine = [r for r in roots if i in reached[r]]
        if len(mine) == 1:
            group[i] = owners[mine[0]].name
        elif not mine:  # only in a cycle of calls: the cycle is one prompt
            group[i] = min(owners[j].name for j in reach(i))

    def prompt_of(seg: Segment) -> str:
        at = seg.pieces[0][1] if seg.pieces else 0
        for i, o in enumerate(owners):
            if o.start <= at < o.end and o.function:
                name = group.get(canon[i], "")
                if alternatives_only and name and first[name] not in picked:
                    return ""
                return name
        return ""  # a constant: other files may join it to any prompt

    names = [prompt_of(seg) for seg in segments]
    if len({n for n in names if n}) < 2:
        return tuple(segments)
    return tuple(dataclasses.replace(seg, prompt=n) for seg, n in zip(segments, names, strict=True))
